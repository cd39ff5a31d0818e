import Foundation
import Testing
@testable import SectionIndexCLI

/// A regular file is read in pieces on every core (`pread`); what it reads must be exactly
/// what one `read` loop from the descriptor's position would read.
@Suite("Reading a file in pieces")
struct FileReadingTests {
    /// The least bytes of a piece in the tests that call `readPieces` themselves: small files,
    /// many pieces.
    static let piece = 4096

    /// A file of `count` bytes whose every 4-byte run differs: a piece put in the wrong place,
    /// or read from the wrong offset, changes the bytes.
    static func makeFile(count: Int) throws -> (directory: URL, path: String, bytes: [UInt8]) {
        let directory = try ExternalTool.temporaryDirectory()
        let path = directory.appendingPathComponent("pieces.txt").path
        let words = (0..<(count + 3) / 4).map { UInt32(truncatingIfNeeded: $0).littleEndian }
        let bytes = words.withUnsafeBytes { Array($0.prefix(count)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (directory, path, bytes)
    }

    static func open(_ path: String, _ flags: Int32 = O_RDONLY) throws -> Int32 {
        let descriptor = Foundation.open(path, flags)
        try #require(descriptor >= 0)
        return descriptor
    }

    /// `readPieces` asked for `count` bytes of a file of `fileCount` bytes (opened with
    /// `flags`), in pieces of at least ``piece`` bytes; the file's bytes, and the buffer after.
    static func readPieces(ofFile fileCount: Int, asking count: Int, flags: Int32 = O_RDONLY) throws
        -> (file: [UInt8], buffer: [UInt8], read: Int, failure: Int32?) {
        let (directory, path, bytes) = try makeFile(count: fileCount)
        defer { try? FileManager.default.removeItem(at: directory) }
        let descriptor = try open(path, flags)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0xAA, count: count)
        let (read, failure) = buffer.withUnsafeMutableBufferPointer {
            FileReading.readPieces(descriptor, from: 0, into: $0.baseAddress!, count: count, pieceBytes: piece)
        }
        return (bytes, buffer, read, failure)
    }

    @Test("A file of several pieces reads back whole through the command line's reader")
    func wholeFile() throws {
        let count = 2 * FileReading.bytesPerPiece + 3
        let (directory, path, bytes) = try Self.makeFile(count: count)
        defer { try? FileManager.default.removeItem(at: directory) }
        let read = try FileReading.bytes(path: path, standardInput: -1)
        #expect(read.count == count)
        #expect(read.elementsEqual(bytes))
    }

    @Test("Files below, at and above the size of a piece read back whole, in any number of pieces", arguments: [
        1, piece - 1, piece, 2 * piece + 3,
        9 * piece + 123,   // more pieces than two per core on a machine of up to 4 cores
    ])
    func pieces(count: Int) throws {
        let (file, buffer, read, failure) = try Self.readPieces(ofFile: count, asking: count)
        #expect(failure == nil)
        #expect(read == count)
        #expect(buffer.elementsEqual(file))
    }

    @Test("Standard input that is a file part-read by another program is read from where it stands, then to its end")
    func fromTheDescriptorsPosition() throws {
        let count = 2 * FileReading.bytesPerPiece + 7
        let (directory, path, bytes) = try Self.makeFile(count: count)
        defer { try? FileManager.default.removeItem(at: directory) }
        let descriptor = try Self.open(path)
        defer { close(descriptor) }
        let skipped = 5
        #expect(lseek(descriptor, off_t(skipped), SEEK_SET) == off_t(skipped))
        let read = try FileReading.bytes(path: nil, standardInput: descriptor)
        #expect(read.count == count - skipped)
        #expect(read.elementsEqual(bytes[skipped...]))
        // Left at the end, as a read loop would leave it.
        #expect(lseek(descriptor, 0, SEEK_CUR) == off_t(count))
    }

    @Test("A file shorter than asked for (it shrank while read) ends where it ends",
          arguments: [1, piece + 1, 3 * piece])
    func shrunk(missing: Int) throws {
        let count = 4 * Self.piece
        // Asked for more than the file holds, as when it was truncated after `fstat`.
        let (file, buffer, read, failure) = try Self.readPieces(ofFile: count - missing, asking: count)
        #expect(failure == nil)
        #expect(read == count - missing)
        #expect(buffer[..<read].elementsEqual(file))
    }

    @Test("A descriptor that cannot be read gives its error")
    func unreadable() throws {
        let (_, _, read, failure) = try Self.readPieces(ofFile: 2 * Self.piece, asking: 2 * Self.piece, flags: O_WRONLY)
        #expect(read == 0)
        #expect(failure == EBADF)
    }
}
