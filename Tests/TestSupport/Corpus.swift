import Foundation

/// The repository's test corpus (`Tests/Corpus/names-20k.tsv`): 19,991 names in 20 locales'
/// scripts plus awkward inputs, every tenth line of a larger corpus (`Tests/Corpus/README.md`
/// says which and how it was cut).
public enum Corpus {
    public struct Row: Sendable {
        public var name: String
        public var reading: String?
        public var origin: String
    }

    /// `Tests/Corpus/names-20k.tsv`, found from this file (`Tests/TestSupport/Corpus.swift`).
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/names-20k.tsv").standardized

    /// Every row, or nil when the corpus file cannot be read.
    public static let rows: [Row]? = {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let reading = columns.count > 1 && !columns[1].isEmpty ? String(columns[1]) : nil
            return Row(name: String(columns[0]), reading: reading, origin: columns.count > 2 ? String(columns[2]) : "")
        }
    }()

    /// Every `stride`-th row, starting at `offset`: a sample that covers every origin.
    public static func sample(every stride: Int, offset: Int = 0) -> [Row] {
        guard let rows else { return [] }
        return Swift.stride(from: offset, to: rows.count, by: stride).map { rows[$0] }
    }

    /// Inputs that break naive code: empty, lone marks, digits, emoji and ZWJ sequences,
    /// unassigned, private-use and noncharacter code points, supplementary Han, Hangul jamo,
    /// leading ignorables, width variants, the index's own internal characters.
    public static let awkward: [String] = {
        func scalar(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }
        return [
            "", " ", "  Anna", "\t", "\u{0301}", "\u{0301}Anna", "42", "007 Agent", "1st", "٣", "٤٢",
            "😀", "👨‍👩‍👧‍👦", "🇸🇪", "❤️", "#hash", "@handle", "(Bob)", "-", "…", "—Dash",
            "\u{0378}", "\u{0378}abc", "\u{E000}", "\u{F8FF}Apple", scalar(0x10FFFF), scalar(0xFFFF),
            scalar(0xFDD0), scalar(0xFDD0) + "A", scalar(0xFDD1) + "a", "\u{FFFD}",
            "𠀀", "𠮷野家", "𪚥", "\u{1100}\u{1161}", "ᄀ", "ㄱ", "ㄲ", "까치", "\u{3131}\u{314F}",
            "\u{200B}Zero", "\u{FEFF}Bom", "\u{200E}Left", "\u{2066}Isolate", "\u{00AD}soft",
            "ｶﾀｶﾅ", "ﾀﾅｶ", "Ａｎｎａ", "ｱ", "ー", "ゝ", "〆", "ヶ月",
            "ß", "ẞ", "Æsir", "Œuvre", "Ĳssel", "ǅemal", "ŉ", "ﬁne", "ℌilbert", "Ⅻ", "①",
            "Ꭰ", "ⴰ", "ሀ", "ꓐ", "𐐀", "ᚠ", "ᠠ", "ꦄ", "𒀀", "𓀀",
            "ا", "ـ", "ﻻ", "أحمد", "\u{05D0}\u{05B8}", "ש\u{05C1}", "เก่ง", "ไก่", "ฤ", "ๆ",
            "क्ष", "ज्ञ", "ॐ", "ঀ", "ஃ", "ㄅ", "ㆠ", "〇", "々", "丶", "乛",
            "Å", "A\u{030A}", "Ǻ", "Ø", "Ł", "Ð", "Þ", "ŋ", "ı", "İ", "ǆ", "Ǉ", "ǈ",
        ]
    }()
}
