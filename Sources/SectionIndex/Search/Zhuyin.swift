import Collation

/// Pinyin syllables in zhuyin (bopomofo), as Traditional Chinese phones in Taiwan type and
/// search names: 陳 chén → ㄔㄣ, so "ㄔ" finds 陳大文. Tones are left out, as search ignores
/// them in pinyin too.
///
/// ```swift
/// Zhuyin.spelling(ofPinyin: "chén")   // "ㄔㄣ"
/// Zhuyin.spelling(ofPinyin: "xiǎo")   // "ㄒㄧㄠ"
/// Zhuyin.spelling(ofPinyin: "zhī")    // "ㄓ": the empty rhyme is not written
/// Zhuyin.spelling(ofPinyin: "jūn")    // "ㄐㄩㄣ": u after j, q, x is ü
/// ```
///
/// Source: the zhuyin–pinyin correspondence of ISO 7098:2015, annex, and the Ministry of
/// Education's 《國語注音符號手冊》 (2019), table of syllables.
enum Zhuyin {
    private static let initials: [(String, String)] = [
        ("zh", "ㄓ"), ("ch", "ㄔ"), ("sh", "ㄕ"), ("b", "ㄅ"), ("p", "ㄆ"), ("m", "ㄇ"), ("f", "ㄈ"),
        ("d", "ㄉ"), ("t", "ㄊ"), ("n", "ㄋ"), ("l", "ㄌ"), ("g", "ㄍ"), ("k", "ㄎ"), ("h", "ㄏ"),
        ("j", "ㄐ"), ("q", "ㄑ"), ("x", "ㄒ"), ("r", "ㄖ"), ("z", "ㄗ"), ("c", "ㄘ"), ("s", "ㄙ"),
    ]

    private static let finals: [String: String] = [
        "a": "ㄚ", "o": "ㄛ", "e": "ㄜ", "ê": "ㄝ", "ai": "ㄞ", "ei": "ㄟ", "ao": "ㄠ", "ou": "ㄡ",
        "an": "ㄢ", "en": "ㄣ", "ang": "ㄤ", "eng": "ㄥ", "er": "ㄦ", "ong": "ㄨㄥ",
        "i": "ㄧ", "ia": "ㄧㄚ", "ie": "ㄧㄝ", "iao": "ㄧㄠ", "iou": "ㄧㄡ", "ian": "ㄧㄢ", "in": "ㄧㄣ",
        "iang": "ㄧㄤ", "ing": "ㄧㄥ", "iong": "ㄩㄥ", "io": "ㄧㄛ",
        "u": "ㄨ", "ua": "ㄨㄚ", "uo": "ㄨㄛ", "uai": "ㄨㄞ", "uei": "ㄨㄟ", "uan": "ㄨㄢ", "uen": "ㄨㄣ",
        "uang": "ㄨㄤ", "ueng": "ㄨㄥ",
        "ü": "ㄩ", "üe": "ㄩㄝ", "üan": "ㄩㄢ", "ün": "ㄩㄣ",
    ]

    /// The syllable without tone marks, ü kept.
    private static func toneless(_ syllable: String) -> String {
        var out = ""
        for scalar in ICU.nfkd(syllable.lowercased()).unicodeScalars {
            if scalar == "\u{0308}", out.last == "u" {
                out.removeLast()
                out += "ü"
            } else if scalar == "\u{0302}", out.last == "e" {
                out.removeLast()
                out += "ê"
            } else if !ICU.isMark(scalar) {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The zhuyin of one pinyin syllable; nil when it is not a pinyin syllable.
    static func spelling(ofPinyin syllable: String) -> String? {
        var rest = toneless(syllable)
        // y and w spell a syllable without initial: yi i, ya ia, yu ü, wu u, wa ua.
        if rest.hasPrefix("yu") {
            rest = "ü" + rest.dropFirst(2)
        } else if rest.hasPrefix("yi") || rest.hasPrefix("wu") {
            rest = String(rest.dropFirst())
        } else if rest.hasPrefix("y") {
            rest = "i" + rest.dropFirst()
        } else if rest.hasPrefix("w") {
            rest = "u" + rest.dropFirst()
        }
        var initial = ""
        if let match = initials.first(where: { rest.hasPrefix($0.0) }) {
            initial = match.1
            rest = String(rest.dropFirst(match.0.count))
        }
        // After j, q, x, u is ü; iu, ui and un are short for iou, uei and uen.
        if ["ㄐ", "ㄑ", "ㄒ"].contains(initial), rest.hasPrefix("u") { rest = "ü" + rest.dropFirst() }
        switch rest {
        case "iu": rest = "iou"
        case "ui": rest = "uei"
        case "un": rest = "uen"
        case "v": rest = "ü"
        default: break
        }
        // zhi chi shi ri zi ci si: the empty rhyme is not written.
        if rest == "i", ["ㄓ", "ㄔ", "ㄕ", "ㄖ", "ㄗ", "ㄘ", "ㄙ"].contains(initial) { return initial }
        if rest.isEmpty { return initial.isEmpty ? nil : initial }
        guard let final = finals[rest] else { return nil }
        return initial + final
    }
}
