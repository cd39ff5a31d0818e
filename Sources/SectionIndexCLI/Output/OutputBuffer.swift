#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: a byte buffer flushed to a file descriptor in large blocks, or
/// kept in memory for tests.
public final class OutputBuffer {
    private var bytes: [UInt8] = []
    private let descriptor: Int32?
    private let flushThreshold = 1 << 20

    /// Writes to a file descriptor (1 for stdout, 2 for stderr).
    public init(descriptor: Int32) { self.descriptor = descriptor }
    /// Collects everything in memory (``text``).
    public init() { descriptor = nil }

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
        bytes.append(contentsOf: more)
        if descriptor != nil, bytes.count >= flushThreshold { flush() }
    }

    /// What was written, for an in-memory buffer.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func flush() {
        guard let descriptor, !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}
