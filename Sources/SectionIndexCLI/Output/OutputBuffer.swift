#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: a byte buffer flushed to a file descriptor in large blocks, or
/// kept in memory for tests. A write that fails is remembered (``failure``) and everything
/// after it is dropped, so a run whose output is lost can end with the error instead of 0.
public final class OutputBuffer {
    private var bytes: [UInt8] = []
    private let descriptor: Int32?
    private let flushThreshold = 1 << 20
    /// The `errno` of the first write that failed: EPIPE for a closed pipe, ENOSPC for a full
    /// disk, EBADF for a closed descriptor.
    public private(set) var failure: Int32?
    /// The descriptor was closed when the process started (``markClosed()``).
    public private(set) var isClosed = false

    /// Writes to a file descriptor (1 for stdout, 2 for stderr).
    public init(descriptor: Int32) { self.descriptor = descriptor }
    /// Collects everything in memory (``text``).
    public init() { descriptor = nil }

    /// The descriptor was closed when the process started (and now holds /dev/null, so that
    /// no file the run opens takes its number): the first write fails with EBADF, as a write
    /// to a closed descriptor does.
    public func markClosed() { isClosed = true }

    @inline(__always)
    public func write(_ string: String) {
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: Array(string.utf8))
        }
        if descriptor != nil, bytes.count >= flushThreshold { flush() }
    }

    public func line(_ string: String) {
        write(string)
        bytes.append(0x0A)
    }

    @inline(__always)
    public func newline() { bytes.append(0x0A) }

    @inline(__always)
    public func write(bytes more: UnsafeBufferPointer<UInt8>) {
        if let descriptor, more.count >= flushThreshold {
            // A block of lines goes out as it is, not copied into the buffer first.
            flush()
            if failure == nil { failure = isClosed ? EBADF : writeAll(descriptor, UnsafeRawBufferPointer(more)) }
            return
        }
        bytes.append(contentsOf: more)
        if descriptor != nil, bytes.count >= flushThreshold { flush() }
    }

    /// What was written, for an in-memory buffer.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func flush() {
        guard let descriptor, !bytes.isEmpty else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        failure = isClosed ? EBADF : bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    deinit { flush() }
}

/// Writes every byte, retrying after a signal; the `errno` of a failed write, or nil.
private func writeAll(_ descriptor: Int32, _ raw: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < raw.count {
        let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}
