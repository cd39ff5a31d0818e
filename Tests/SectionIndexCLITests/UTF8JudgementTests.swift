import Testing
@testable import SectionIndexCLI

/// The first pass over an input judges its UTF-8 (well-formed, no NUL) and counts its lines
/// at once, eight ASCII bytes at a time and the rest through a table-driven automaton. Every
/// sequence of one and two bytes, and every lead byte of three and four with the
/// continuation bytes at each edge of their ranges, is judged here against the standard
/// library's own UTF-8 validation, at each offset from an eight-byte step.
@Suite("The first pass's UTF-8 judgement")
struct UTF8JudgementTests {
    /// The judgement and line count a plain reading makes: Swift's validation, NUL refused,
    /// one line per line feed and one more for a last line without one.
    static func expected(_ bytes: [UInt8]) -> Int? {
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return nil }
        guard !bytes.isEmpty else { return 0 }
        let lineFeeds = bytes.count { $0 == 0x0A }
        return bytes.last == 0x0A ? lineFeeds : lineFeeds + 1
    }

    /// The bytes at each edge of the ranges that decide a sequence's second and later bytes.
    static let edges: [UInt8] = [0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF]

    /// `sequence` after 0 to 8 ASCII bytes (so it meets every offset from an eight-byte
    /// step), with an ASCII tail, a line feed, or eight ASCII bytes (a word the scan skips
    /// whole only between sequences) and one to three continuation bytes after it.
    static func check(_ sequence: [UInt8]) -> [UInt8]? {
        for offset in [0, 1, 5, 7, 8] {
            for tail in Self.tails {
                let bytes = Array("abcdefgh".utf8.prefix(offset)) + sequence + tail
                if InputDecoding.wellFormedLineCount(of: bytes) != expected(bytes) { return bytes }
            }
        }
        return nil
    }

    static let tails: [[UInt8]] = [[], Array("xyzxyzxyz".utf8), [0x0A]]
        + (1...3).map { Array("xyzxyzxy".utf8) + repeatElement(0x80, count: $0) }

    @Test("Every sequence of one or two bytes")
    func oneAndTwoBytes() {
        var failures: [[UInt8]] = []
        for first in 0...255 {
            if let failure = Self.check([UInt8(first)]) { failures.append(failure) }
            for second in 0...255 {
                if let failure = Self.check([UInt8(first), UInt8(second)]) { failures.append(failure) }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("Every lead byte of three and four bytes, the later bytes at their edges")
    func threeAndFourBytes() {
        var failures: [[UInt8]] = []
        for lead in UInt8(0xC0)...0xFF {
            for second in Self.edges {
                for third in Self.edges {
                    if let failure = Self.check([lead, second, third]) { failures.append(failure) }
                    guard lead >= 0xF0 else { continue }
                    for fourth in Self.edges {
                        if let failure = Self.check([lead, second, third, fourth]) { failures.append(failure) }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("Text in many scripts, whole lines and cut anywhere", arguments: [
        "Anna Nilsson\nИван Петров\tиван\nたなか\n", "😀👍🏽 Zoë\r\n田中 太郎\n𠀋𡈽\n", "ab\ncd", "\n\n\n",
    ])
    func text(_ text: String) {
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            let piece = Array(bytes[..<cut])
            #expect(InputDecoding.wellFormedLineCount(of: piece) == Self.expected(piece), "\(piece)")
        }
    }
}
