/// Cyrillic names as passports spell them, one of the spellings search finds them by (with
/// BGN/PCGN and ISO 9 from ICU): Russian passports follow ICAO Doc 9303 (Юрий → Iurii,
/// Александр → Aleksandr), Ukrainian ones the Ukrainian national system (Cabinet of
/// Ministers resolution 55 of 2010: Галина → Halyna, Юрій → Yurii).
///
/// ```swift
/// CyrillicPassport.spelling(of: "Юрий", ukrainian: false)     // "iurii"
/// CyrillicPassport.spelling(of: "Галина", ukrainian: true)    // "halyna"
/// ```
enum CyrillicPassport {
    /// ICAO Doc 9303, part 3, section 6, table of Cyrillic transliteration (Russian and
    /// the letters of the neighbouring languages it lists).
    private static let icao: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z", "и": "i",
        "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
        "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "ie", "ы": "y",
        "ь": "", "э": "e", "ю": "iu", "я": "ia", "і": "i", "ї": "i", "є": "ie", "ґ": "g", "ў": "u",
    ]

    /// The Ukrainian national system; at the start of a word є ї й ю я are ye yi y yu ya.
    private static let ukrainian: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ie", "ж": "zh", "з": "z",
        "и": "y", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
        "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
        "щ": "shch", "ь": "", "ю": "iu", "я": "ia", "'": "", "ʼ": "", "’": "",
    ]
    private static let ukrainianInitial: [Character: String] = ["є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"]

    /// The passport spelling, lower case; letters outside the table are kept.
    static func spelling(of text: String, ukrainian isUkrainian: Bool) -> String {
        var out = ""
        var atWordStart = true
        for character in text.lowercased() {
            if isUkrainian, atWordStart, let initial = ukrainianInitial[character] {
                out += initial
            } else if let spelled = (isUkrainian ? ukrainian : icao)[character] {
                out += spelled
            } else {
                out.append(character)
            }
            atWordStart = !character.isLetter && character != "'" && character != "ʼ" && character != "’"
        }
        return out
    }
}
