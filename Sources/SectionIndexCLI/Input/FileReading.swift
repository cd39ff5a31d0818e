#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SectionIndex

/// A file that cannot be read.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var isMissing: Bool { code == ENOENT || code == ENOTDIR }
    public var description: String { "cannot read '\(path)': \(String(cString: strerror(code)))" }
}

/// Reads a whole file (or standard input for nil or "-") as bytes.
enum FileReading {
    /// - Parameter pathBytes: the path's bytes as given on the command line, when they are not
    ///   UTF-8 (``RawArguments``); `path` is then only its name in messages.
    static func bytes(path: String?, pathBytes: [UInt8]? = nil, standardInput: Int32) throws -> [UInt8] {
        let descriptor: Int32
        if let path, path != "-" {
            if let pathBytes {
                descriptor = (pathBytes + [0]).withUnsafeBufferPointer { raw in
                    raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY) }
                }
            } else {
                descriptor = open(path, O_RDONLY)
            }
            if descriptor < 0 { throw FileError(path: RawArguments.displayed(path), code: errno) }
        } else {
            descriptor = standardInput
        }
        defer { if descriptor != standardInput { close(descriptor) } }
        var result: [UInt8] = []
        // A regular file is read straight into a buffer of its size, on large pages: sorted
        // output gathers names from all over it.
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 {
            let size = Int(status.st_size)
            try Memory.ensureAvailable(size, for: "reading \(path.map(RawArguments.displayed) ?? "standard input")")
            var failure: Int32?
            result = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                LargePages.advise(UnsafeMutableRawBufferPointer(buffer))
                while initialized < size {
                    let count = read(descriptor, buffer.baseAddress! + initialized, size - initialized)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if count == 0 { break }
                    initialized += count
                }
            }
            if let failure { throw FileError(path: path.map(RawArguments.displayed) ?? "standard input", code: failure) }
            // A file that grew while read goes on below; one that shrank has ended.
            if result.count < size { return result }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path.map(RawArguments.displayed) ?? "standard input", code: errno)
            }
            if count == 0 { break }
            if result.count + count > result.capacity {
                // Grow by doubling, asking first: the copy needs old and new buffers at once.
                let capacity = max(2 * result.capacity, result.count + count)
                try Memory.ensureAvailable(capacity + result.capacity,
                                           for: "reading \(path.map(RawArguments.displayed) ?? "standard input")")
                result.reserveCapacity(capacity)
            }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }
}
