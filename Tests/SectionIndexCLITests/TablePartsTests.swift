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
}
