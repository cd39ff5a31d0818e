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
    public var description: String {
        // A closed standard input is read as descriptor -1 (`Tool.main`): EBADF.
        "cannot read '\(path)': " + (code == EBADF && path == "standard input" ? "it is closed" : String(cString: strerror(code)))
    }
}

/// Reads a whole file (or standard input for nil or "-") as bytes.
enum FileReading {
    /// A FILE argument as messages name it: "standard input" for nil or "-", whichever way
    /// standard input was asked for, else the path with bytes that are not UTF-8 escaped.
    static func displayName(_ path: String?) -> String {
        guard let path, path != "-" else { return "standard input" }
        return RawArguments.displayed(path)
    }

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
        let displayed = displayName(path)
        // A regular file is read straight into a buffer of its size. From where the descriptor
        // stands: standard input may be a file another program has read part of.
        var status = stat()
        let origin = lseek(descriptor, 0, SEEK_CUR)
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, origin >= 0, status.st_size > origin {
            let size = Int(status.st_size - origin)
            try Memory.ensureAvailable(size, for: "reading \(displayed)")
            var failure: Int32?
            result = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                (initialized, failure) = readPieces(descriptor, from: Int(origin), into: buffer.baseAddress!, count: size)
            }
            if let failure { throw FileError(path: displayed, code: failure) }
            // A file that shrank while read has ended; one that grew goes on below, from
            // where the pieces ended (`pread` leaves the descriptor's offset alone).
            if result.count < size || lseek(descriptor, origin + off_t(size), SEEK_SET) < 0 { return result }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: displayed, code: errno)
            }
            if count == 0 { break }
            if result.count + count > result.capacity {
                // Grow by doubling, asking first: the copy needs old and new buffers at once.
                let capacity = max(2 * result.capacity, result.count + count)
                try Memory.ensureAvailable(capacity + result.capacity, for: "reading \(displayed)")
                result.reserveCapacity(capacity)
            }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// The least a piece holds: a file of less than twice this is read in one piece, since
    /// dispatching would cost more than it saves.
    static let bytesPerPiece = 8 << 20

    /// Reads `count` bytes of the file from `offset` into `target`, in pieces read on every
    /// core: the kernel's copy out of the page cache, and its zeroing of the buffer's fresh
    /// pages (the most of a large file's read time on a virtual machine), are spread over the
    /// cores instead of holding up the one thread that reads.
    ///
    /// Returns how many bytes are read in order from `offset` (fewer than `count` when the
    /// file shrank while read: what follows the first short piece is not the file's) and the
    /// error, if any, that cut that prefix short. `pieceBytes` is the least a piece holds
    /// (smaller only in tests).
    static func readPieces(_ descriptor: Int32, from offset: Int, into target: UnsafeMutablePointer<UInt8>,
                           count: Int, pieceBytes: Int = bytesPerPiece) -> (read: Int, failure: Int32?) {
        let pieceCount = max(1, min(count / pieceBytes, ParallelWork.processorCount * 2))
        let pieces = ParallelWork.chunks(of: count, into: pieceCount)
        let outcomes = ParallelWork.map(count: pieces.count) { k -> (read: Int, failure: Int32?) in
            // Piece k writes only its own range of the buffer.
            let base = target + pieces[k].lowerBound
            var done = 0
            while done < pieces[k].count {
                let got = pread(descriptor, base + done, pieces[k].count - done, off_t(offset + pieces[k].lowerBound + done))
                if got < 0 {
                    if errno == EINTR { continue }
                    return (done, errno)
                }
                if got == 0 { break }
                done += got
            }
            return (done, nil)
        }
        var total = 0
        for (piece, outcome) in zip(pieces, outcomes) {
            total += outcome.read
            if let failure = outcome.failure { return (total, failure) }
            if outcome.read < piece.count { break }
        }
        return (total, nil)
    }
}
