import Testing
@testable import SectionIndex

/// Contacts style where ICU's data falls short (issue 16; ContactsStyle.md, rule 6). The
/// fixture files hold a line per case; these tests cover the tables and options themselves.
@Suite("Contacts style beyond ICU's data")
struct ContactsBeyondICUTests {
    /// The index label of a Hangul syllable: its initial consonant as a compatibility jamo,
    /// a tense consonant under its plain one (Unicode's Hangul syllable arithmetic: 21 × 28
    /// syllables per initial, from U+AC00).
    static func koreanLabel(of reading: String) -> String {
        let initials = Array("ㄱㄱㄴㄷㄷㄹㅁㅂㅂㅅㅅㅇㅈㅈㅊㅋㅌㅍㅎ")
        let syllable = reading.unicodeScalars.first!.value
        return String(initials[Int((syllable - 0xAC00) / (21 * 28))])
    }

    @Test("Korean Hanja surnames: the surname reading with personal names, ICU's dictionary reading with plain",
          arguments: KoreanSurnames.entries.map { ($0.hanja, $0.reading, $0.collationReading) })
    func koreanSurname(hanja: Character, reading: String, dictionaryReading: String) throws {
        let name = String(hanja) + "明"
        let personal = try ContactsIndex(locale: "ko")
        let plain = try ContactsIndex(locale: "ko", options: .init(names: .plain))
        #expect(personal.label(for: name) == Self.koreanLabel(of: reading), "\(hanja) \(reading)")
        #expect(plain.label(for: name) == Self.koreanLabel(of: dictionaryReading), "\(hanja) \(dictionaryReading)")
    }

    @Test("A Hanja surname sorts among the Hangul names of its reading")
    func koreanSurnameOrder() throws {
        let names = ["임꺽정", "李舜臣", "이수진", "리영희", "林"]
        let sections = try ContactsIndex(locale: "ko").sections(of: names)
        // 리 (ㄹ) stays under ㄹ; 이수진 < 李舜臣 (Hangul before Hanja at the second character,
        // CLDR ko [reorder Hang Hani]) < 林 (임) < 임꺽정.
        #expect(sections.map(\.label) == ["ㄹ", "ㅇ"])
        #expect(sections.last?.items == ["이수진", "李舜臣", "林", "임꺽정"])
    }

    @Test("The surname reading applies only to the first character")
    func koreanSurnameKey() {
        #expect(KoreanSurnames.key(of: "李舜臣") == "이舜臣")
        #expect(KoreanSurnames.key(of: "金九") == nil)
        #expect(KoreanSurnames.key(of: "") == nil)
    }
}
