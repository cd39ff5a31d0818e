/// Kana spelled in the romaji people type: each kana by its Hepburn or its Kunrei spelling
/// (し shi or si, じ ji or zi, つ tsu or tu: Japanese keyboards accept both, so "sinji" and
/// "shinji" both find しんじ), and long vowels as typed (さとう satou, おおの oono), as
/// passports drop them (sato, ono) or as passports may write them with h (satoh, ohno).
///
/// ```swift
/// Romaji.spellings(of: "しんじ")   // ["shinji", "shinzi", "sinji", "sinzi"]
/// Romaji.spellings(of: "さとう")   // ["satou", "sato", "satoh"]
/// Romaji.spellings(of: "ゐ")       // nil: a kana outside the table; ICU's romaji is used
/// ```
///
/// Sources: Hepburn as the Ministry of Foreign Affairs prescribes it for passports (ヘボン式
/// ローマ字綴方表: おう/おお → o or oh, ん → m before b, m, p), Kunrei as Cabinet Notice No. 1
/// of 1954 (訓令式, table 1), long vowels as typed kana by kana as on a keyboard.
enum Romaji {
    /// At most this many spellings of one run of kana; beyond, one per system.
    static let spellingLimit = 16

    /// Hepburn, then Kunrei where it differs (and the keyboard's own where both differ),
    /// by hiragana.
    private static let syllables: [Unicode.Scalar: [String]] = {
        var table: [Unicode.Scalar: [String]] = [:]
        let rows = """
        あ a,い i,う u,え e,お o,か ka,き ki,く ku,け ke,こ ko,が ga,ぎ gi,ぐ gu,げ ge,ご go,\
        さ sa,し shi si,す su,せ se,そ so,ざ za,じ ji zi,ず zu,ぜ ze,ぞ zo,\
        た ta,ち chi ti,つ tsu tu,て te,と to,だ da,ぢ ji zi di,づ zu du,で de,ど do,\
        な na,に ni,ぬ nu,ね ne,の no,は ha,ひ hi,ふ fu hu,へ he,ほ ho,ば ba,び bi,ぶ bu,べ be,ぼ bo,\
        ぱ pa,ぴ pi,ぷ pu,ぺ pe,ぽ po,ま ma,み mi,む mu,め me,も mo,や ya,ゆ yu,よ yo,\
        ら ra,り ri,る ru,れ re,ろ ro,わ wa,を o wo,ゔ vu,ゕ ka,ゖ ke
        """
        for entry in rows.split(separator: ",") {
            let parts = entry.split(separator: " ").map(String.init)
            table[parts[0].unicodeScalars.first!] = Array(parts.dropFirst())
        }
        return table
    }()

    private static let smallVowels: [Unicode.Scalar: String] = ["ぁ": "a", "ぃ": "i", "ぅ": "u", "ぇ": "e", "ぉ": "o"]
    private static let smallY: [Unicode.Scalar: String] = ["ゃ": "a", "ゅ": "u", "ょ": "o"]

    /// One place in the word, with its spellings (the Hepburn one first).
    private typealias Unit = [String]

    /// The spellings of a run of kana, the usual (Hepburn, long vowels as typed) first; nil
    /// when the run holds a kana outside the table.
    static func spellings(of kana: String) -> [String]? {
        guard let units = units(of: kana) else { return nil }
        var total = 1
        for unit in units {
            total *= unit.count
            if total > spellingLimit { break }
        }
        var result: [String] = []
        if total <= spellingLimit {
            var choice = [Int](repeating: 0, count: units.count)
            while true {
                result.append(zip(units, choice).map { $0[$1] }.joined())
                var i = units.count - 1
                while i >= 0 {
                    choice[i] += 1
                    if choice[i] < units[i].count { break }
                    choice[i] = 0
                    i -= 1
                }
                if i < 0 { break }
            }
        } else {
            // One spelling per system: every unit's first, second and third choice.
            for system in 0..<3 {
                result.append(units.map { $0[min(system, $0.count - 1)] }.joined())
            }
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    private static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x30A1...0x30F6).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x60)! : scalar
    }

    private static func units(of kana: String) -> [Unit]? {
        var units: [Unit] = []
        var geminate = false
        /// The vowel the last unit ends with, for long vowels.
        func lastVowel() -> Character? { units.last?.first?.last.flatMap { "aiueo".contains($0) ? $0 : nil } }
        for original in kana.unicodeScalars {
            let scalar = hiragana(original)
            if scalar == "っ" {
                geminate = true
                continue
            }
            var unit: Unit
            if let vowel = smallY[scalar], let last = units.last, last.first?.hasSuffix("i") == true, last.first != "i" {
                // きゃ kya; しゃ sha (Hepburn) or sya (Kunrei); じゃ ja or zya.
                units.removeLast()
                unit = last.map { spelling in
                    let stem = String(spelling.dropLast())
                    return ["sh", "ch", "j"].contains(where: stem.hasSuffix) ? stem + vowel : stem + "y" + vowel
                }
            } else if let vowel = smallVowels[scalar], let last = units.last, let first = last.first, first.count > 1 {
                // ファ fa, ティ ti, ウィ wi, チェ che: the small vowel replaces the last one.
                // Kunrei has no such syllables: Hepburn only.
                units.removeLast()
                unit = [String(first.dropLast()) + vowel]
            } else if let vowel = smallVowels[scalar], units.last == ["u"] {
                units.removeLast()
                unit = ["w" + vowel]
            } else if let vowel = smallVowels[scalar] {
                unit = [vowel]
            } else if scalar == "ー", let vowel = lastVowel() {
                unit = vowel == "o" ? [String(vowel), "", "h"] : [String(vowel), ""]
            } else if (scalar == "う" && (lastVowel() == "o" || lastVowel() == "u")) || (scalar == "お" && lastVowel() == "o") {
                // A long vowel: typed as written, dropped or with h on passports.
                unit = lastVowel() == "o" ? [scalar == "う" ? "u" : "o", "", "h"] : ["u", ""]
            } else if scalar == "ん" {
                unit = ["n"]
            } else if let spellings = syllables[scalar] {
                unit = spellings
            } else if scalar == "・" || scalar == " " {
                unit = [" "]
            } else {
                return nil
            }
            if geminate {
                // っ doubles the next consonant; Hepburn writes っち tchi.
                unit = unit.map { spelling in
                    guard let first = spelling.first, !"aiueo ".contains(first) else { return spelling }
                    return (spelling.hasPrefix("ch") ? "t" : String(first)) + spelling
                }
                geminate = false
            }
            if units.last == ["n"], let first = unit.first?.first, "bmp".contains(first) {
                // Passport Hepburn: ん before b, m, p is m (Homma, Namba).
                units[units.count - 1] = ["n", "m"]
            }
            units.append(unit)
        }
        return units
    }
}
