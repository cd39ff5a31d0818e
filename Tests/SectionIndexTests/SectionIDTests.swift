import Collation
import Testing
@testable import SectionIndex

/// Issue 17 item 7, for the library: ``Section/id`` is unique among the sections of a list
/// (ICU's default labels are "…" for underflow, inflow and overflow alike), an overflow text
/// equal to a label is refused, and an insertion point never confuses a label with `#`.
@Suite("Section ids")
struct SectionIDTests {
    @Test("Ids are unique where labels repeat, and equal the label elsewhere")
    func uniqueIDs() throws {
        let names = ["!bang", "Anna", "Иван", "ω", "42"]
        for index in [try AlphabeticIndex(locale: "en"), try AlphabeticIndex(locale: "en", additionalLocales: ["ru"])] {
            for full in [false, true] {
                let sections = index.sections(of: names, name: \.self, full: full)
                #expect(Set(sections.map(\.id)).count == sections.count, "\(sections.map(\.id))")
                for section in sections where section.kind == .letter { #expect(section.id == section.label) }
            }
        }
        let contacts = try ContactsIndex(locale: "en")
        let pinned = PinnedSection<String>(title: "A") { $0.hasPrefix("A") }
        let sections = contacts.sections(of: names, name: \.self, pinned: pinned)
        #expect(Set(sections.map(\.id)).count == sections.count, "\(sections.map(\.id))")
        #expect(sections.map(\.id).contains("#"))
    }

    @Test("Ids of repeated labels name the kind and count from the second")
    func idScheme() {
        let ids = SectionKind.ids(labels: ["…", "A", "…", "B", "…", "…", "#"], kinds: [.underflow, .letter, .inflow, .letter, .inflow, .overflow, .overflow])
        #expect(ids == ["…-underflow", "A", "…-inflow", "B", "…-inflow-2", "…-overflow", "#"])
    }

    @Test("An overflow text equal to a label, empty, or with a line break is refused", arguments: ["A", "Z", "", "a\nb", "\t"])
    func refusedOverflow(text: String) {
        #expect { try ContactsIndex(locale: "en", options: .init(overflowLabel: text)) } throws: { error in
            if case .invalidSpecialLabel(text, .overflow, _) = error as! IndexError { return true }
            return false
        }
        #expect { try AlphabeticIndex(.init(locale: "en", overflowLabel: text)) } throws: { error in
            if case .invalidSpecialLabel(text, .overflow, _) = error as! IndexError { return true }
            return false
        }
    }

    @Test("An insertion point goes to the letter, not to an overflow section with the same label")
    func insertionBesideSameLabel() throws {
        // Cyrillic names make an automatic И group; an overflow text "И" shares its label.
        let index = try ContactsIndex(locale: "en", options: .init(overflowLabel: "И"))
        let sections = index.sections(of: ["Иван", "42", "7up", "Anna"], name: \.self)
        #expect(sections.map(\.label) == ["A", "И", "И"])
        #expect(Set(sections.map(\.id)).count == 3)
        let point = index.insertionPoint(for: "Игорь", in: sections, name: \.self)
        #expect(point.section == 1 && !point.createsSection, "\(point)")
        let digit = index.insertionPoint(for: "99", in: sections, name: \.self)
        #expect(digit.section == 2 && !digit.createsSection, "\(digit)")
    }
}
