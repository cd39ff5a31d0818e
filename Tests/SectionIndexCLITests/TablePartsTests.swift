import Foundation
import Testing
import TestSupport
@testable import SectionIndex
@testable import SectionIndexCLI

/// Issue 17 item 11: `labels` reads its input in parts, so that no table of every line
/// exists. The parts must hold exactly the entries the whole table holds, and the labels of
/// the parts together must be the labels of the whole.
@Suite("Input in parts (labels without a table of every line)")
struct TablePartsTests {
    /// The corpus (every script) with the awkward inputs, a byte-order mark, CRLF line ends,
    /// empty lines, readings and extra columns.
    static let input: [UInt8] = {
        let lines = Corpus.sample(every: 7).map { $0.name + ($0.reading.map { "\t" + $0 } ?? "") }
            + Corpus.awkward + ["", "a\tb\tc", "\t", "Zoë\r"]
        return [0xEF, 0xBB, 0xBF] + Array(lines.joined(separator: "\n").utf8) + Array("\r\nlast".utf8)
    }()

    static func entries(_ table: UTF8Table) -> [String] {
        (0..<table.count).map { table.name($0) + "|" + (table.reading($0) ?? "nil") }
    }

    @Test("The parts hold the whole table's entries, in order", arguments: [1, 100, 4096, 1 << 18])
    func sameEntries(bytesPerPart: Int) throws {
        #expect(Self.input.count > 50_000, "the test corpus is missing")
        let whole = try InputDecoding.table(from: Self.input, source: "test", invalid: .fail)
        let parts = Array(try InputDecoding.tableParts(from: Self.input, source: "test", invalid: .fail, bytesPerPart: bytesPerPart))
        #expect(parts.flatMap(Self.entries) == Self.entries(whole))
        #expect(parts.count >= min(Self.input.count / bytesPerPart, 8))
    }

    @Test("Bad input: the same error, or the same replaced entries, as the whole table")
    func badInput() throws {
        let bad = Self.input + Array("\nok\nbad ".utf8) + [0xC3] + Array("\nend\n".utf8)
        #expect(throws: InputError.self) { try InputDecoding.tableParts(from: bad, source: "test", invalid: .fail, bytesPerPart: 512) }
        do {
            _ = try InputDecoding.tableParts(from: bad, source: "test", invalid: .fail, bytesPerPart: 512)
        } catch let error as InputError {
            #expect(throws: error) { try InputDecoding.table(from: bad, source: "test", invalid: .fail) }
        }
        let whole = try InputDecoding.table(from: bad, source: "test", invalid: .replace)
        let parts = try InputDecoding.tableParts(from: bad, source: "test", invalid: .replace, bytesPerPart: 512)
        #expect(parts.flatMap(Self.entries) == Self.entries(whole))
    }

    @Test("labels(ofParts:) gives labels(of:) of the whole", arguments: [
        ["--locale", "en"], ["--locale", "ja"], ["--locale", "zh-Hant"], ["--locale", "sv", "--also", "ru"],
        ["--locale", "sv", "--style", "icu"],
    ])
    func labels(options: [String]) throws {
        let index = try Invocation.parse(["labels"] + options, environment: [:]).options.index.makeIndex()
        let whole = try InputDecoding.table(from: Self.input, source: "test", invalid: .fail)
        for bytesPerPart in [64, 1 << 14] {
            let parts = try InputDecoding.tableParts(from: Self.input, source: "test", invalid: .fail, bytesPerPart: bytesPerPart)
            #expect(index.labels(ofParts: parts) == index.labels(of: whole), "\(options), parts of \(bytesPerPart) bytes")
            #expect(index.labels(ofParts: parts, full: true) == index.labels(of: whole, full: true), "\(options), parts of \(bytesPerPart) bytes")
        }
        // One name of a script the others lack, in the last part only, still adds its group.
        let late = try InputDecoding.tableParts(from: Array(("Anna\n" + String(repeating: "Bo\n", count: 2000) + "Ωμέγα\n").utf8),
                                                source: "test", invalid: .fail, bytesPerPart: 64)
        #expect(index.labels(ofParts: late) == index.labels(forNames: ["Anna", "Ωμέγα"], readings: [nil, nil]), "\(options)")
    }

    /// Fragments that meet the eight-byte steps of the scans at every offset: line ends,
    /// tabs, CR, NUL, sequences of two to four bytes, and bytes that no well-formed text holds
    /// (a lone lead byte, a continuation byte, an overlong form, a surrogate).
    static let fragments: [[UInt8]] = [
        Array("a".utf8), Array("Zoë".utf8), Array("Иван".utf8), Array("田中".utf8), Array("😀".utf8),
        Array("abcdefgh".utf8), [0x0A], [0x0A], [0x09], [0x0D], [0x0D, 0x0A], [0x00],
        [0xC3], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ]

    /// The entries a file holds, read the plain way: lines split at LF, one final line
    /// without LF kept, a CR before LF dropped, the name up to the first tab, the reading to
    /// the second (none when empty); nil when a line is not UTF-8 or holds NUL.
    static func modelEntries(_ bytes: [UInt8]) -> [String]? {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if bytes.last == 0x0A { lines.removeLast() }
        if bytes.isEmpty { lines = [] }
        var entries: [String] = []
        for var line in lines {
            if line.last == 0x0D { line.removeLast() }
            guard !line.contains(0), let text = String(validating: line, as: UTF8.self) else { return nil }
            let columns = text.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            let reading = columns.count > 1 && !columns[1].isEmpty ? String(columns[1]) : "nil"
            entries.append(String(columns[0]) + "|" + reading)
        }
        return entries
    }

    @Test("Random bytes are cut and judged as the plain reading cuts and judges them, whole and in parts")
    func randomBytes() throws {
        var random = SplitMix64(seed: 0x5EC7_10)
        var wellFormed = 0
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...24, using: &random)
            // One fragment in ten is ill-formed or NUL: most files are checked whole.
            let bytes = (0..<count).flatMap { _ in
                Int.random(in: 0..<10, using: &random) == 0 ? Self.fragments[11...].randomElement(using: &random)!
                    : Self.fragments[..<11].randomElement(using: &random)!
            }
            let expected = Self.modelEntries(bytes)
            let whole = try? InputDecoding.table(from: bytes, source: "test", invalid: .fail)
            #expect(whole.map(Self.entries) == expected, "\(bytes)")
            for bytesPerPart in [1, 16] {
                let parts = try? InputDecoding.tableParts(from: bytes, source: "test", invalid: .fail, bytesPerPart: bytesPerPart)
                #expect(parts.map { $0.flatMap(Self.entries) } == expected, "\(bytes), parts of \(bytesPerPart) bytes")
            }
            if expected != nil { wellFormed += 1 }
        }
        // Both judgements are met often.
        #expect((1_000..<2_900).contains(wellFormed))
    }
}
