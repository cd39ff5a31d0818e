import Foundation
import Testing
import TestSupport
import Collation
@testable import SectionIndex

/// Issue 14, item 10: what a library user expects beside key paths. Closures for the name and
/// the reading, `Collator` as Foundation's `SortComparator`, `InsertionPoint.kind`, and
/// `labels(for:name:reading:)` in the shape of `sections(of:name:reading:)`.
@Suite("API conveniences")
struct ConveniencesTests {
    struct Person: Hashable, Sendable {
        var given: String
        var family: String
        var reading: String?
        /// What a closure computes, as a property, so a key path can give the same name.
        var displayName: String { family.isEmpty ? given : family + " " + given }
    }

    /// Corpus names split at their first space into family and given name, with readings.
    static let people: [Person] = Corpus.sample(every: 37).map { row in
        let parts = row.name.split(separator: " ", maxSplits: 1).map(String.init)
        return Person(given: parts.count > 1 ? parts[1] : row.name, family: parts.count > 1 ? parts[0] : "", reading: row.reading)
    } + [Person(given: "Åsa", family: "Nilsson"), Person(given: "Taro", family: "田中", reading: "たなか たろう"), Person(given: "42", family: "")]

    @Test("A closure and a key path to the same name give the same sections, labels, insertion points and search",
          arguments: ["sv", "ja", "zh", "en"])
    func closuresAgreeWithKeyPaths(locale: String) throws {
        let index = try ContactsIndex(locale: locale)
        let byPath = index.sections(of: Self.people, name: \.displayName, reading: \.reading, full: true)
        let byClosure = index.sections(of: Self.people, name: { $0.family.isEmpty ? $0.given : $0.family + " " + $0.given },
                                       reading: { $0.reading }, full: true)
        #expect(byClosure == byPath, "locale \(locale)")
        #expect(index.sections(of: Self.people, name: { $0.displayName }) == index.sections(of: Self.people, name: \.displayName),
                "no reading closure is no reading")

        #expect(index.labels(for: Self.people, name: { $0.displayName }, reading: { $0.reading })
                == index.labels(for: Self.people, name: \.displayName, reading: \.reading))

        let shown = index.sections(of: Self.people.dropLast(20), name: \.displayName, reading: \.reading)
        for newcomer in Self.people.suffix(20) {
            #expect(index.insertionPoint(for: newcomer, in: shown, name: { $0.displayName }, reading: { $0.reading })
                    == index.insertionPoint(for: newcomer, in: shown, name: \.displayName, reading: \.reading),
                    "locale \(locale): \(newcomer.displayName)")
        }

        let matcher = try NameMatcher(index: index)
        let listByPath = matcher.prepare(Self.people, name: \.displayName, reading: \.reading)
        let listByClosure = matcher.prepare(Self.people, name: { $0.displayName }, reading: { $0.reading })
        for query in ["a", "ni", "tana", "王", "ки"] {
            #expect(listByClosure.search(query).map(\.position) == listByPath.search(query).map(\.position), "locale \(locale): \(query)")
        }

        let icu = try AlphabeticIndex(locale: locale)
        #expect(icu.sections(of: Self.people, name: { $0.displayName }) == icu.sections(of: Self.people, name: \.displayName))

        let collator = try Collator(locale: locale)
        #expect(collator.sorted(Self.people, by: { $0.displayName }) == collator.sorted(Self.people, by: \.displayName))
    }

    @Test("A closure can name an element by what no stored property holds")
    func computedName() throws {
        struct Row { var given: String; var family: String }
        let rows = [Row(given: "Åsa", family: "Nilsson"), Row(given: "Anna", family: "Berg"), Row(given: "Örjan", family: "Andersson")]
        let sections = try ContactsIndex(locale: "sv").sections(of: rows, name: { $0.family + " " + $0.given })
        // Swedish (CLDR): filed by family name; A, B and N are ordinary letters.
        #expect(sections.map(\.label) == ["A", "B", "N"])
        #expect(sections.map { $0.items.map(\.given) } == [["Örjan"], ["Anna"], ["Åsa"]])
        #expect(try Collator(locale: "sv").sorted(rows, by: { $0.given }).map(\.given) == ["Anna", "Åsa", "Örjan"],
                "Swedish: Å and Ö after Z")
    }

    @Test("Collator is a SortComparator: sorted(using:) orders as the collator does, forward and in reverse",
          arguments: ["sv", "de", "ja", "zh", "en"])
    func sortComparator(locale: String) throws {
        var collator = try Collator(locale: locale)
        let names = Corpus.sample(every: 53).map(\.name) + Corpus.awkward
        let expected = collator.sorted(names)
        #expect(names.sorted(using: collator) == expected, "locale \(locale)")
        collator.order = .reverse
        #expect(collator.order == .reverse)
        let reversed = names.sorted(using: collator)
        // Collation-equal strings keep their input order in both directions (a stable sort),
        // so compare the two through the collator rather than element by element.
        #expect(zip(reversed, reversed.dropFirst()).allSatisfy { collator.compare($0, $1) != .ascending }, "locale \(locale): descending")
        #expect(Set(reversed) == Set(expected))
        let result: ComparisonResult = collator.compare("b", "a")
        #expect(result == .orderedAscending, "reverse order flips the ComparisonResult")
        let plain: CollationOrder = collator.compare("b", "a")
        #expect(plain == .descending, "compare without a SortComparator context is the collator's own, in its own order")
    }

    @Test("Swedish through Foundation's sorting APIs")
    func swedishSortComparator() throws {
        let swedish = try Collator(locale: "sv")
        // CLDR sv: Å, Ä and Ö are letters of their own after Z.
        #expect(["Zoë", "Åsa", "Anna"].sorted(using: swedish) == ["Anna", "Zoë", "Åsa"])
        #expect(swedish.compare("Åsa", "Zoë") == .descending)
        let people = [Person(given: "Åsa", family: ""), Person(given: "Zoë", family: ""), Person(given: "Anna", family: "")]
        #expect(people.sorted(using: KeyPathComparator(\.given, comparator: swedish)).map(\.given) == ["Anna", "Zoë", "Åsa"])
        #expect(try Collator(locale: "sv-SE") == Collator(locale: "sv_SE"), "one ICU locale, two spellings")
        #expect(try Set([Collator(locale: "sv-SE"), Collator(locale: "sv_SE")]).count == 1)
        #expect(try swedish != Collator(locale: "de"))
        #expect(try swedish != Collator(locale: "sv", options: .init(strength: .primary)))
    }

    @Test("The DocC examples of the conveniences")
    func documentationExamples() throws {
        struct Row { var given: String; var family: String }
        #expect(try ContactsIndex(locale: "sv").sections(of: [Row(given: "Åsa", family: "Nilsson"), Row(given: "Anna", family: "Berg")],
                                                         name: { $0.family + " " + $0.given }).map(\.label) == ["B", "N"])
        #expect(try AlphabeticIndex(locale: "sv").sections(of: [(given: "Åsa", family: "Berg")], name: { $0.family }).map(\.label) == ["B"])
        let people = [(given: "Eve", family: "Östberg"), (given: "Åke", family: "Berg")]
        #expect(try Collator(locale: "sv").sorted(people, by: { $0.family }).map(\.given) == ["Åke", "Eve"])
        let cyrillic = try ContactsIndex(locale: "en").labels(for: ["Иван"], name: { $0 })
        #expect(cyrillic.first == "A" && cyrillic.contains("Z") && cyrillic.contains("А") && cyrillic.contains("Я") && cyrillic.last == "#")
        let mixed = try ContactsIndex(locale: "sv").labels(for: [Person(given: "Anna", family: ""), Person(given: "田中", family: "", reading: "たなか")],
                                                           name: \.given, reading: \.reading)
        #expect(mixed.prefix(2) == ["A", "B"] && mixed.contains("Ö") && mixed.contains("あ") && mixed.contains("わ") && mixed.last == "#")
        var backwards = try Collator(locale: "sv")
        backwards.order = .reverse
        #expect(["Zoë", "Åsa", "Anna"].sorted(using: backwards) == ["Åsa", "Zoë", "Anna"])
        let result: ComparisonResult = try Collator(locale: "sv").compare("Åsa", "Zoë")
        #expect(result == .orderedDescending)
        let index = try ContactsIndex(locale: "en")
        let sections = index.sections(of: ["Anna", "Cleo", "Carl"])
        #expect(index.insertionPoint(for: "Bea", in: sections, name: \.self)
                == InsertionPoint(section: 1, row: 0, createsSection: true, label: "B", kind: .letter))
    }

    @Test("InsertionPoint.kind is the kind of the element's section, whatever the overflow label",
          arguments: ["#", "…", "Other"])
    func insertionPointKind(overflowLabel: String) throws {
        let index = try ContactsIndex(locale: "en", options: .init(overflowLabel: overflowLabel))
        var sections = index.sections(of: ["Anna", "Cleo"])
        let digit = index.insertionPoint(for: "42", in: sections, name: \.self)
        #expect(digit.kind == .overflow && digit.createsSection && digit.label == overflowLabel)
        sections.insert(Section(label: digit.label, kind: digit.kind, items: ["42"]), at: digit.section)
        #expect(sections == index.sections(of: ["Anna", "Cleo", "42"]), "the new section is what grouping again gives")
        let emoji = index.insertionPoint(for: "😀", in: sections, name: \.self)
        #expect(emoji.kind == .overflow && !emoji.createsSection, "an existing overflow section keeps its kind")
        #expect(index.insertionPoint(for: "Bea", in: sections, name: \.self).kind == .letter)
        #expect(index.insertionPoint(for: "Carl", in: sections, name: \.self).kind == .letter)
    }

    @Test("labels(for:name:reading:) lists what sections(of:…, full: true) shows",
          arguments: ["sv", "ja", "en", "ko"])
    func labelsForElements(locale: String) throws {
        let index = try ContactsIndex(locale: locale)
        let labels = index.labels(for: Self.people, name: \.displayName, reading: \.reading)
        let full = index.sections(of: Self.people, name: \.displayName, reading: \.reading, full: true)
        let order = index.groupedOrder(names: Self.people.map(\.displayName), readings: Self.people.map(\.reading))
        #expect(order.fullIndexSections.map { order.labels[$0] } == full.map(\.label))
        #expect(labels == full.map(\.label))
        #expect(labels == index.labels(forNames: Self.people.map(\.displayName), readings: Self.people.map(\.reading)))
        #expect(index.labels(for: [Person](), name: \.displayName) == index.labels, "no elements: the index before any data")
    }
}
