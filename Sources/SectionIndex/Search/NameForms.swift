import Collation

/// The forms of a text that search adds besides the text itself: the text without marks
/// (so that a letter typed without marks finds the letter with them) and the initials of
/// its words (so that "js" finds John Smith).
///
/// ```swift
/// NameForms.withoutMarks("Nguyễn Łukasz")   // "Nguyen Lukasz"
/// NameForms.withoutMarks("İzmir")           // nil: the dot of İ stays (Turkish İ is i)
/// NameForms.initials(of: "John Paul Jones") // "j p j"
/// NameForms.initials(of: "zhāng xiǎo wěi")  // "z x w"
/// NameForms.initials(of: "Anna")            // nil: one word has no initials to type
/// ```
///
/// Initials are written apart, so each one begins a word: a query of initials matches
/// consecutive words starting at any of them ("pj" finds John Paul Jones).
enum NameForms {
    /// Letters drawn with a stroke or bar, which have no decomposition but which people
    /// type as their base letter (Polish Ł, Danish and Norwegian Ø, Croatian and Vietnamese
    /// Đ, Maltese Ħ, Sámi Ŧ).
    static let strokeBases: [Unicode.Scalar: String] = [
        "Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t",
        "Ɨ": "I", "ɨ": "i", "Ƶ": "Z", "ƶ": "z", "Ǥ": "G", "ǥ": "g", "Ꝁ": "K", "ꝁ": "k",
    ]

    /// The text with its combining marks removed and stroke letters replaced by their base
    /// letter; nil when that changes nothing. Matching the query against this form too is
    /// what lets a letter typed without marks find the letter with them ("nguyen" finds
    /// Nguyễn even under Vietnamese, where ễ is a letter of its own), while a letter typed
    /// with marks still finds only what the locale's collation counts as that letter
    /// (Swedish "åsa" does not find "Asa": this form has no å to offer).
    ///
    /// Only Latin letters lose their marks: in other scripts a letter with a mark is a key
    /// of its own on the keyboard (Russian й, Greek accents collation already ignores). The
    /// dot above of a capital I stays: Turkish İ is the capital of i, and I without it the
    /// capital of ı, a different letter.
    static func withoutMarks(_ text: String) -> String? {
        let (form, changed) = strippingMarks(text)
        return changed ? form : nil
    }

    /// The text as ``withoutMarks(_:)`` makes it, even when that removes nothing (it is then
    /// the text's NFKD), and whether it removed something. A text split at a space gives,
    /// piece by piece, the pieces of the whole text's form.
    static func strippingMarks(_ text: String) -> (form: String, changed: Bool) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return (text, false) }
        var changed = false
        // Written as UTF-8 and made a string once: appending to a string's scalars one at a
        // time cost more than the decomposition.
        let decomposed = ICU.nfkd(text)
        var out: [UInt8] = []
        out.reserveCapacity(decomposed.utf8.count)
        var last: Unicode.Scalar?
        var afterLatin = false
        for scalar in decomposed.unicodeScalars {
            if ICU.isMark(scalar) {
                if afterLatin, !(scalar == "\u{0307}" && last == "I") {
                    changed = true
                } else {
                    UTF8.encode(scalar) { out.append($0) }
                    last = scalar
                }
                continue
            }
            afterLatin = Script(of: scalar) == .latin
            // Every stroke letter lies beyond ASCII.
            if !scalar.isASCII, let base = strokeBases[scalar] {
                out.append(contentsOf: base.utf8)
                last = base.unicodeScalars.last
                changed = true
            } else {
                UTF8.encode(scalar) { out.append($0) }
                last = scalar
            }
        }
        // NFKD alone (full-width letters, ligatures) changes nothing collation sees.
        return (String(decoding: out, as: UTF8.self), changed)
    }

    /// The first letter of each word, written apart ("j s"); nil for a text of one word, or
    /// whose words begin with Han, kana or Hangul (their initials come from their
    /// romanisations: pinyin, Hangul initial consonants). Words end at white space,
    /// punctuation and symbols.
    static func initials(of text: String) -> String? {
        guard let letters = wordInitials(of: text.unicodeScalars), letters.count > 1 else { return nil }
        var initials: [UInt8] = []
        for letter in letters {
            if !initials.isEmpty { initials.append(UInt8(ascii: " ")) }
            UTF8.encode(letter) { initials.append($0) }
        }
        return String(decoding: initials, as: UTF8.self)
    }

    /// The first letter of each word, in order; nil when a word begins with Han, kana or
    /// Hangul. Texts split at a space give, word by word, the initials of the whole text.
    static func wordInitials(of scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar]? {
        var letters: [Unicode.Scalar] = []
        var inWord = false
        for scalar in scalars {
            if isWordBreak(scalar) {
                inWord = false
                continue
            }
            if inWord || ICU.isMark(scalar) { continue }
            inWord = true
            if scalar.value >= 0x1100, hasOwnInitials(scalar) { return nil }
            letters.append(scalar)
        }
        return letters
    }

    static func isWordBreak(_ scalar: Unicode.Scalar) -> Bool {
        // In ASCII every character but a letter or a digit is a control, space, punctuation
        // or symbol: no property lookup for the common case.
        if scalar.isASCII {
            let value = scalar.value | 0x20
            return !((0x61...0x7A).contains(value) || (0x30...0x39).contains(scalar.value))
        }
        return switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default:
            false
        }
    }

    private static func hasOwnInitials(_ scalar: Unicode.Scalar) -> Bool {
        switch Script(of: scalar) {
        case .han, .hiragana, .katakana, .hangul: true
        default: false
        }
    }

    /// The texts with the initials and the unmarked form of each added, each text once, the
    /// texts themselves first and in their order.
    static func completed(_ texts: [String]) -> [String] {
        var result: [String] = []
        // A handful of texts: comparing with each is cheaper than hashing them.
        func add(_ text: String) {
            if !result.contains(text) { result.append(text) }
        }
        for text in texts { add(text) }
        for text in texts {
            if let initials = initials(of: text) { add(initials) }
        }
        for text in result {
            if let unmarked = withoutMarks(text) { add(unmarked) }
        }
        return result
    }
}
