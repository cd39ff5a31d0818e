import Testing
import Collation
@testable import SectionIndex

/// Issue 19: the keys of the parts of a split list, each numbered from its first position in
/// the whole, are the keys of the whole; each comes with the label its section has in
/// `sections(of:)`.
@Suite("Keys of a split list")
struct SplitKeysTests {
    typealias Entry = GroupedKeysTests.Entry

    @Test("Parts numbered from their first position give the whole list's keys, with group's labels",
          arguments: GroupedKeysTests.settings)
    func partsEqualWhole(options: [String: String]) throws {
        let index = try IndexSettings(locale: "en", settings: options.map { ($0.key, $0.value) }).makeIndex()
        let entries = GroupedKeysTests.entries
        let names = entries.map(\.name), readings = entries.map(\.reading)
        let whole = index.sortKeys(names: names, readings: readings)
        // Uneven cuts, one of them empty, so no part starts where another's numbering would.
        let cuts = [0, 1, 1, entries.count / 3, entries.count / 2 + 7, entries.count]
        var merged: [(key: SortKey, label: String)] = []
        for (start, end) in zip(cuts, cuts.dropFirst()) {
            merged += index.labeledSortKeys(names: Array(names[start..<end]), readings: Array(readings[start..<end]),
                                            firstTieBreak: UInt32(start))
        }
        let setting = GroupedKeysTests.describe(options)
        #expect(merged.map(\.key) == whole, "\(setting)")
        // The label of every entry is the label of the section `sections(of:)` puts it in.
        var expected = Array(repeating: "", count: entries.count)
        for section in index.sections(of: entries, name: \.name, reading: \.reading) {
            for item in section.items { expected[item.position] = section.label }
        }
        let first = entries.indices.first { merged[$0].label != expected[$0] }
        #expect(first == nil, "\(setting): \(first.map { "\(entries[$0].name) is under \(expected[$0]), the key's label says \(merged[$0].label)" } ?? "")")
    }

    @Test("The DocC examples of labeledSortKeys")
    func documentationExamples() throws {
        let contacts = try ContactsIndex(locale: "sv")
        let whole = contacts.sortKeys(names: ["Östen", "Anna", "Åsa"])
        let part = contacts.labeledSortKeys(names: ["Anna", "Åsa"], firstTieBreak: 1)
        #expect(part.map(\.key) == Array(whole[1...]))
        #expect(part.map(\.label) == ["A", "Å"])
        let icu = try AlphabeticIndex(locale: "sv")
        let icuWhole = icu.sortKeys(names: ["Östen", "Anna", "Zoë"])
        let icuPart = icu.labeledSortKeys(names: ["Anna", "Zoë"], firstTieBreak: 1)
        #expect(icuPart.map(\.key) == Array(icuWhole[1...]))
        #expect(icuPart.map(\.label) == ["A", "Z"])
    }

    @Test("The last position a key holds is UInt32.max, and it still orders last among equals")
    func lastPosition() throws {
        let index = try ContactsIndex(locale: "en")
        let keys = index.labeledSortKeys(names: ["Anna", "Anna"], firstTieBreak: UInt32.max - 1).map(\.key)
        #expect(keys[0] < keys[1])
        #expect(Array(keys[1].bytes.suffix(4)) == [0xFF, 0xFF, 0xFF, 0xFF])
    }
}
