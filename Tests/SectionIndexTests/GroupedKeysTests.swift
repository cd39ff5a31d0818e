import Testing
import TestSupport
import Collation
@testable import SectionIndex

/// Keys for databases (issue 10): a key per entry whose plain byte order is the grouped order,
/// and which does not depend on the other entries.
@Suite("Grouped keys")
struct GroupedKeysTests {
    struct Entry: Sendable {
        var name: String
        var reading: String?
        var position: Int
    }

    /// A corpus sample (every script, with Japanese readings), the awkward inputs twice (so
    /// that equal names need the tie-break) and canonically equivalent spellings that collate
    /// equal but differ in bytes, in both input orders.
    static let entries: [Entry] = {
        let rows = Corpus.sample(every: 17).map { ($0.name, $0.reading) }
        let awkward = Corpus.awkward.map { ($0, String?.none) }
        let equivalents: [(String, String?)] = [
            ("A\u{030A}sa", nil), ("Åsa", nil), ("Åsa", nil), ("A\u{030A}sa", nil),
            ("\u{200B}Zoe", nil), ("Zoe", nil), ("田中", "たなか"), ("田中", "タナカ"), ("田中", nil),
        ]
        return (rows + awkward + equivalents + awkward).enumerated().map { Entry(name: $1.0, reading: $1.1, position: $0) }
    }()

    /// Contacts-style settings: the locales whose rules differ most, secondary locales, Han
    /// policies, automatic groups off.
    static let settings: [[String: String]] = [
        ["locale": "en"], ["locale": "sv"], ["locale": "ja"], ["locale": "zh"], ["locale": "zh-Hant"],
        ["locale": "ko"], ["locale": "ru", "also": "el,en"], ["locale": "ar"], ["locale": "he"],
        ["locale": "de-u-co-phonebk"], ["locale": "cs"], ["locale": "th"], ["locale": "hi"],
        ["locale": "en", "han": "pinyin"], ["locale": "en", "han": "stroke"], ["locale": "fr", "also": "zh"],
        ["locale": "sv", "scripts": "none"], ["locale": "ja", "names": "plain", "han": "pinyin"],
        ["locale": "en", "style": "icu"], ["locale": "ja", "style": "icu"], ["locale": "zh", "style": "icu"],
        ["locale": "cs", "style": "icu", "also": "ru"],
    ]

    static func describe(_ options: [String: String]) -> String {
        options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    @Test("Sorting by key bytes gives exactly the grouped order", arguments: settings)
    func keyOrderIsGroupOrder(options: [String: String]) throws {
        let index = try IndexSettings(locale: "en", settings: options.map { ($0.key, $0.value) }).makeIndex()
        let entries = Self.entries
        let grouped = index.sections(of: entries, name: \.name, reading: \.reading).flatMap(\.items).map(\.position)
        let keys = index.sortKeys(names: entries.map(\.name), readings: entries.map(\.reading))
        #expect(Set(keys).count == keys.count, "\(Self.describe(options)): keys are not distinct")
        let byKey = entries.indices.sorted { keys[$0].bytes.lexicographicallyPrecedes(keys[$1].bytes) }
        let first = grouped.indices.first { $0 >= byKey.count || grouped[$0] != byKey[$0] }
        #expect(grouped.count == byKey.count)
        #expect(first == nil, "\(Self.describe(options)): at \(first ?? -1) group has \(first.map { entries[grouped[$0]].name } ?? ""), keys give \(first.map { entries[byKey[$0]].name } ?? "")")
    }

    @Test("A key does not depend on the other names", arguments: settings)
    func keysAreStable(options: [String: String]) throws {
        let index = try IndexSettings(locale: "en", settings: options.map { ($0.key, $0.value) }).makeIndex()
        let entries = Self.entries
        let keys = index.sortKeys(names: entries.map(\.name), readings: entries.map(\.reading))
        // Alone, with nothing else to bring in other scripts' groups: the same key.
        for entry in entries.prefix(400) {
            let alone = index.sortKey(for: entry.name, reading: entry.reading, tieBreak: UInt32(entry.position))
            #expect(alone == keys[entry.position], "\(Self.describe(options)): \(entry.name)")
        }
        // A Latin-only list, then the same list with other scripts appended: the Latin keys stay.
        let latin = ["Anna", "Zoë", "Åsa", "Chris", "Øyvind", "42"]
        let mixed = latin + ["Иван", "Ανδρέας", "אבי", "김민수", "たなか", "田中", "สมชาย"]
        #expect(index.sortKeys(names: latin, readings: []) == Array(index.sortKeys(names: mixed, readings: []).prefix(latin.count)),
                "\(Self.describe(options))")
    }

    @Test("The group part ranks groups the data brings in by their first label, not by their place in this data")
    func automaticGroupRank() throws {
        let index = try ContactsIndex(locale: "en")
        let withGreek = index.sortKeys(names: ["Ανδρέας", "Иван"])
        let withoutGreek = index.sortKeys(names: ["Zed", "Иван"])
        // Иван's group is the second automatic group in one list and the first in the other;
        // its key is the same (position 1 in both).
        #expect(withGreek[1] == withoutGreek[1])
        #expect(withGreek[0] < withGreek[1], "Greek before Cyrillic in root order")
        let bytes = withGreek[1].bytes
        #expect(bytes.first == 0x02, "an automatic group is marked 02")
        #expect(index.sortKeys(names: ["Zed"])[0].bytes.prefix(3) == [0x01, 0x00, 0x00], "the primary group is 01 0000")
        #expect(index.sortKeys(names: ["42"])[0].bytes.first == 0x03, "# is 03")
        #expect(bytes.suffix(4) == [0, 0, 0, 1], "the position ends the key, big-endian")
    }

    @Test("ICU's sort keys hold no zero byte, so their escape never fires", arguments: ["en", "sv", "ja", "zh", "ko", "ar", "th"])
    func sortKeysHaveNoZeroByte(locale: String) throws {
        let collator = try Collator(locale: locale)
        for entry in Self.entries {
            let full = collator.sortKey(entry.name).bytes, primary = collator.primarySortKey(entry.name).bytes
            #expect(!full.contains(0) && !primary.contains(0), "locale \(locale): \(entry.name)")
        }
    }

    @Test("Escaped, terminated parts keep their order and cannot run into the next part")
    func writerPreservesOrder() {
        let parts: [[UInt8]] = [[], [0], [0, 0], [0, 1], [0, 0xFF], [1], [1, 0], [1, 0, 0], [0xFF], [0xFF, 0], [0xFF, 0xFF], [2, 0, 3]]
        for a in parts {
            for b in parts {
                for next in [[UInt8](), [0], [0xFF], [0x7F, 0]] {
                    var x = OrderedKeyWriter(), y = OrderedKeyWriter()
                    x.appendTerminated(a)
                    x.appendBytes(next)
                    y.appendTerminated(b)
                    y.appendBytes([0xFF, 0xFF])
                    let raw = a.lexicographicallyPrecedes(b), encoded = x.bytes.lexicographicallyPrecedes(y.bytes)
                    // Whatever follows the part, the parts alone decide when they differ.
                    if a != b { #expect(raw == encoded, "\(a) vs \(b) followed by \(next)") }
                }
            }
        }
    }

    @Test("A zero byte is found wherever it sits in a part, a word's worth of bytes or not")
    func writerFindsZeroAnywhere() {
        for length in 0...20 {
            let plain = (0..<length).map { UInt8(0x80 | ($0 % 0x7F + 1)) }
            plain.withUnsafeBufferPointer { #expect(!OrderedKeyWriter.containsZero($0), "length \(length)") }
            for zero in 0..<length {
                var part = plain
                part[zero] = 0
                part.withUnsafeBufferPointer { #expect(OrderedKeyWriter.containsZero($0), "zero at \(zero) of \(length)") }
                // Bytes 0x01 and 0x80 around it are the borrow cases of the word test.
                part[zero] = 0x01
                if zero + 1 < length { part[zero + 1] = 0x80 }
                part.withUnsafeBufferPointer { #expect(!OrderedKeyWriter.containsZero($0), "0x01 at \(zero) of \(length)") }
            }
        }
    }
}
