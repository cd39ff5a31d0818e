// The rows of syllabaries that ICU has no index for (issue 16, case 8).

/// The labels of a syllabary's group: one per row of its syllable chart, the row's first
/// syllable, so that a name goes under the consonant its first syllable starts with, as a
/// syllabary's reader looks it up. A label per syllable would give hundreds of labels (Yi's
/// 1,165, Canadian syllabics' 630), and ICU 72 has no locale with index characters for them.
///
/// The rows follow the script's own chart order, which is also Unicode's code point order
/// and root collation's order for these blocks, so every syllable of a row sorts at or after
/// its first one and before the next row's.
enum SyllabaryRows {
    struct Entry: Sendable {
        /// ISO 15924 code of the script.
        let script: String
        let labels: [String]
        let source: String
    }

    static let entries: [Entry] = [
        Entry(script: "Cans",
              labels: ["ᐁ", "ᐌ", "ᐯ", "ᑌ", "ᑫ", "ᒉ", "ᒣ", "ᓀ", "ᓓ", "ᓭ", "ᔐ", "ᔦ", "ᕂ", "ᕓ", "ᕞ", "ᕴ", "ᕾ", "ᖎ", "ᖠ"],
              source: "Unified Canadian Aboriginal Syllabics chart (The Unicode Standard, 20.2; block U+1400–U+167F): the consonant series of Cree, Ojibwe and Inuktitut in chart order, each row headed by its e-syllable: vowels ᐁ, w ᐌ, p ᐯ, t ᑌ, k ᑫ, c ᒉ, m ᒣ, n ᓀ, l ᓓ, s ᓭ, sh ᔐ, y ᔦ, r ᕂ, f ᕓ, th ᕞ, Nunavik h ᕴ, q ᕾ, ng ᖎ, lh ᖠ. Carrier and Blackfoot, which have charts of their own after these rows, file under the last row"),
        Entry(script: "Yiii",
              labels: ["ꀀ", "ꀖ", "ꀸ", "ꁖ", "ꁶ", "ꂑ", "ꂮ", "ꃍ", "ꃢ", "ꄀ", "ꄚ", "ꄶ", "ꅑ", "ꅨ", "ꅽ", "ꆗ", "ꆷ", "ꇚ", "ꇸ", "ꈔ", "ꈰ",
                       "ꉆ", "ꉝ", "ꉮ", "ꊀ", "ꊍ", "ꊮ", "ꋐ", "ꋭ", "ꌉ", "ꌪ", "ꍆ", "ꍡ", "ꍼ", "ꎔ", "ꎫ", "ꏆ", "ꏠ", "ꏼ", "ꐘ", "ꐱ", "ꑊ", "ꑝ", "ꑱ"],
              source: "Liangshan Standard Yi syllabary (GB 13134-1991, the order of the Unicode Yi Syllables block U+A000–U+A48C): one row per initial consonant, in the standard's order (none, b p bb nb hm m f v d t dd nd hn n hl l g k gg mg hx ng h w z c zz nz s ss zh ch rr nr sh r j q jj nj ny x y), each headed by its first syllable (the syllables' Unicode names spell them: YI SYLLABLE BIT, …)"),
    ]

    private static let labelsOfScript = Dictionary(uniqueKeysWithValues: entries.map { ($0.script, $0.labels) })

    /// The row labels of a syllabary, or nil for a script that is not one of these.
    static func labels(for script: Script) -> [String]? { labelsOfScript[script.shortName] }
}
