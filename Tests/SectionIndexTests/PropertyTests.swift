import Collation
import Testing
import TestSupport
@testable import SectionIndex

/// Random names that break naive code: every plane, combining marks, ZWJ sequences,
/// unassigned, private-use and noncharacter code points, supplementary-plane Han, controls,
/// default-ignorables, and ordinary names in many scripts, with some exact duplicates.
enum RandomNames {
    /// Code point ranges, by what they hold (Unicode 15 as ICU 72 has it).
    static let pieces: [[ClosedRange<UInt32>]] = [
        [0x41...0x5A, 0x61...0x7A, 0xC0...0xFF, 0x100...0x17F],                   // Latin
        [0x300...0x36F, 0x1AB0...0x1ACE, 0x20D0...0x20F0],                          // combining marks
        [0x4E00...0x9FFF],                                                           // Han (BMP)
        [0x20000...0x2A6DF, 0x2A700...0x2B739, 0x30000...0x3134A],                  // Han beyond the BMP
        [0x3041...0x3096, 0x30A1...0x30FA, 0xFF66...0xFF9D],                        // kana, half-width too
        [0xAC00...0xD7A3, 0x1100...0x11FF, 0x3131...0x318E],                        // Hangul syllables, jamo
        [0x410...0x44F, 0x391...0x3C9, 0x5D0...0x5EA, 0x621...0x64A, 0xE01...0xE2E,
         0x905...0x939, 0x1200...0x135A, 0x13A0...0x13F5, 0x10400...0x1044F],        // other scripts
        [0x30...0x39, 0x21...0x2F, 0x660...0x669, 0x2460...0x24FF],                 // digits, symbols
        [0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F1E6...0x1F1FF],                  // emoji, regional indicators
        [0x378...0x379, 0x380...0x383, 0x2FE0...0x2FEF, 0x40000...0xDFFFF, 0xE0080...0xE00FF], // unassigned
        [0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD],                  // private use
        [0xFDD0...0xFDEF, 0xFFFE...0xFFFF, 0x1FFFE...0x1FFFF, 0x10FFFE...0x10FFFF], // noncharacters
        [0x0...0x1F, 0x7F...0x9F, 0x200B...0x200F, 0x2060...0x2064, 0xFEFF...0xFEFF,
         0xAD...0xAD, 0x20...0x20, 0xA0...0xA0, 0x3000...0x3000, 0xE0001...0xE007F], // controls, ignorables, spaces
        [0x0...0xD7FF, 0xE000...0x10FFFF],                                          // anything at all
    ]

    static func scalar(from ranges: [ClosedRange<UInt32>], using random: inout SplitMix64) -> Unicode.Scalar {
        let range = ranges.randomElement(using: &random)!
        return Unicode.Scalar(UInt32.random(in: range, using: &random))!
    }

    /// A ZWJ sequence: people and hearts joined by U+200D, with skin tones and VS16.
    static func zwjSequence(using random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for i in 0..<Int.random(in: 2...4, using: &random) {
            if i > 0 { scalars.append("\u{200D}") }
            scalars.append(["👨", "👩", "👧", "👦", "❤", "🏳", "🌈"].randomElement(using: &random)!.unicodeScalars.first!)
            if Bool.random(using: &random) { scalars.append(Unicode.Scalar(UInt32.random(in: 0x1F3FB...0x1F3FF, using: &random))!) }
            if Bool.random(using: &random) { scalars.append("\u{FE0F}") }
        }
        return String(scalars)
    }

    static func name(using random: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let kind = Int.random(in: 0...pieces.count, using: &random)
            if kind == pieces.count {
                scalars.append(contentsOf: zwjSequence(using: &random).unicodeScalars)
                continue
            }
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                scalars.append(scalar(from: pieces[kind], using: &random))
            }
        }
        return String(scalars)
    }

    /// `count` names from `seed`, a tenth of them exact duplicates of earlier ones.
    static func names(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        var names: [String] = []
        for _ in 0..<count {
            if !names.isEmpty, Int.random(in: 0..<10, using: &random) == 0 {
                names.append(names.randomElement(using: &random)!)
            } else {
                names.append(name(using: &random))
            }
        }
        return names
    }

    /// A reading for about a third of the names: kana, empty, or another random string.
    static func readings(count: Int, seed: UInt64) -> [String?] {
        var random = SplitMix64(seed: seed ^ 0x5EED)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<9, using: &random) {
            case 0: String(String.UnicodeScalarView((0..<3).map { _ in scalar(from: [0x3041...0x3096], using: &random) }))
            case 1: ""
            case 2: name(using: &random)
            default: nil
            }
        }
    }
}

/// Issue 8, nothing lost: over seeded random names, grouping in both styles and many locales
/// returns every element exactly once; grouping the output again changes nothing; the same
/// input gives the same output; a shuffled input gives the same sections and the same order,
/// except that elements that tie keep their input order.
@Suite("Properties of grouping")
struct PropertyTests {
    /// One element: a name, a reading, and an identity that survives duplicates.
    struct Item: Hashable, Sendable {
        var id: Int
        var name: String
        var reading: String?
    }

    static let locales = [
        "en", "sv", "de", "cs", "es", "tr", "ru", "el", "ar", "he", "th", "hi", "ja", "ko",
        "zh", "zh-Hant", "zh-u-co-zhuyin", "xx",
    ]
    static let count = 160

    static func items(seed: UInt64) -> [Item] {
        let names = RandomNames.names(count: count, seed: seed)
        let readings = RandomNames.readings(count: count, seed: seed)
        return names.indices.map { Item(id: $0, name: names[$0], reading: readings[$0]) }
    }

    static func seed(for locale: String) -> UInt64 {
        locale.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }   // FNV-1a
    }

    @Test("The generator is deterministic and covers what it claims")
    func generator() {
        #expect(RandomNames.names(count: 500, seed: 42) == RandomNames.names(count: 500, seed: 42))
        #expect(RandomNames.names(count: 500, seed: 42) != RandomNames.names(count: 500, seed: 43))
        let scalars = RandomNames.names(count: 2000, seed: 1).flatMap(\.unicodeScalars).map(\.value)
        #expect(scalars.contains { $0 > 0x20000 && $0 <= 0x3134A }, "supplementary-plane Han")
        #expect(scalars.contains { $0 >= 0xF0000 }, "planes 15 and 16")
        #expect(scalars.contains { (0x40000...0xDFFFF).contains($0) }, "unassigned planes")
        #expect(scalars.contains { (0xFDD0...0xFDEF).contains($0) || $0 & 0xFFFE == 0xFFFE }, "noncharacters")
        #expect(scalars.contains(0x200D), "ZWJ")
        #expect(scalars.contains { (0x300...0x36F).contains($0) }, "combining marks")
    }

    /// The output's items, flattened, with each item's label.
    static func flatten(_ sections: [Section<Item>]) -> [(label: String, item: Item)] {
        sections.flatMap { section in section.items.map { (section.label, $0) } }
    }

    /// Checks the properties for one grouping function.
    static func checkProperties(_ group: ([Item]) -> [Section<Item>], seed: UInt64, context: String) {
        let input = items(seed: seed)
        let output = group(input)
        let flat = flatten(output)

        // A permutation: every id exactly once.
        #expect(flat.map(\.item.id).sorted() == Array(input.indices), "\(context): lost or duplicated elements")
        #expect(Set(flat.map(\.item)) == Set(input), "\(context): elements changed")
        #expect(!output.contains { $0.items.isEmpty }, "\(context): an empty section without full")

        // Deterministic: the same input again, and the same input regenerated from the seed.
        #expect(flatten(group(items(seed: seed))).map(\.item.id) == flat.map(\.item.id), "\(context): not deterministic")

        // Idempotent: grouping the output again gives the same output.
        let again = group(flat.map(\.item))
        #expect(again.map(\.label) == output.map(\.label), "\(context): regrouping changed the sections")
        #expect(flatten(again).map(\.item.id) == flat.map(\.item.id), "\(context): regrouping changed the order")

        // Shuffled input: the same label for every element; an element pair changes order only
        // when it ties, and then each output keeps its own input's order.
        var random = SplitMix64(seed: seed ^ 0xF00D)
        let shuffled = input.shuffled(using: &random)
        let other = flatten(group(shuffled))
        #expect(Dictionary(uniqueKeysWithValues: other.map { ($0.item.id, $0.label) })
                == Dictionary(uniqueKeysWithValues: flat.map { ($0.item.id, $0.label) }), "\(context): labels depend on input order")
        #expect(other.map(\.label) == flat.map(\.label), "\(context): section sizes depend on input order")
        var positionInOther = [Int](repeating: 0, count: input.count)
        for (position, entry) in other.enumerated() { positionInOther[entry.item.id] = position }
        var positionInShuffled = [Int](repeating: 0, count: input.count)
        for (position, item) in shuffled.enumerated() { positionInShuffled[item.id] = position }
        var violations: [String] = []
        for i in flat.indices {
            for j in (i + 1)..<flat.count {
                let x = flat[i].item, y = flat[j].item
                guard positionInOther[x.id] > positionInOther[y.id] else { continue }
                // x came before y in the first output but after it in the second: a tie, so
                // each output must follow its input (ids are input positions of the first).
                if !(x.id < y.id && positionInShuffled[y.id] < positionInShuffled[x.id]) {
                    violations.append("\(x.name.debugDescription) / \(y.name.debugDescription)")
                }
            }
        }
        #expect(violations.isEmpty, "\(context): order depends on input order beyond ties: \(violations.prefix(5))")
    }

    @Test("Contacts style: nothing lost, stable, deterministic", arguments: locales)
    func contacts(locale: String) throws {
        let index = try ContactsIndex(locale: locale)
        Self.checkProperties({ index.sections(of: $0, name: \.name, reading: \.reading) },
                             seed: Self.seed(for: locale), context: "contacts \(locale)")
        // Every element's section is the one label(for:) names, and sections follow the labels.
        let input = Self.items(seed: Self.seed(for: locale))
        let sections = index.sections(of: input, name: \.name, reading: \.reading)
        for (label, item) in Self.flatten(sections) {
            #expect(index.label(for: item.name, reading: item.reading) == label,
                    "locale \(locale): \(item.name.debugDescription) | \(item.reading.debugDescription)")
        }
        #expect(Set(sections.map(\.label)).count == sections.count, "locale \(locale): a label twice")
        let labels = index.labels(forNames: input.map(\.name), readings: input.map(\.reading))
        let positions = sections.compactMap { labels.firstIndex(of: $0.label) }
        #expect(positions.count == sections.count && positions == positions.sorted(), "locale \(locale): sections out of index order")
    }

    @Test("Contacts style with other locales' groups and plain names", arguments: [
        ("en", ["ru", "el", "ja"]), ("ja", ["en", "ko"]), ("zh", ["ja"]), ("sv", ["zh-Hant"]),
    ])
    func contactsAlso(locale: String, also: [String]) throws {
        for names in ContactsIndex.NamePolicy.allCases {
            let index = try ContactsIndex(locale: locale, options: .init(additionalLocales: also, names: names))
            Self.checkProperties({ index.sections(of: $0, name: \.name, reading: \.reading) },
                                 seed: Self.seed(for: locale + also.joined()), context: "contacts \(locale) +\(also) \(names)")
        }
    }

    @Test("ICU style: nothing lost, stable, deterministic, ordered by the collator", arguments: locales)
    func icu(locale: String) throws {
        let index = try AlphabeticIndex(locale: locale)
        Self.checkProperties({ index.sections(of: $0, name: \.name) }, seed: Self.seed(for: locale), context: "icu \(locale)")
        let sections = index.sections(of: Self.items(seed: Self.seed(for: locale)), name: \.name)
        // ICU's underflow, inflow and overflow buckets share the label "…": sections are
        // told apart by bucket, and follow the buckets' order.
        let buckets = sections.map { Set($0.items.map { index.bucketIndex(for: $0.name) }) }
        #expect(buckets.allSatisfy { $0.count == 1 }, "locale \(locale): a section mixes buckets")
        let order = buckets.compactMap(\.first)
        #expect(order == order.sorted() && Set(order).count == order.count, "locale \(locale): sections out of bucket order")
        #expect(zip(sections, order).allSatisfy { $0.label == index.buckets[$1].label })
        for section in sections {
            for (a, b) in zip(section.items, section.items.dropFirst()) {
                let order = index.collator.compare(a.name, b.name)
                #expect(order == .ascending || (order == .same && a.id < b.id),
                        "locale \(locale): \(a.name.debugDescription) before \(b.name.debugDescription)")
            }
            for item in section.items {
                #expect(index.label(for: item.name) == section.label, "locale \(locale): \(item.name.debugDescription)")
            }
        }
    }
}
