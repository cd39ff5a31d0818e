import Collation

// No index shows two labels that look alike (issue 34), and the list's own letters decide
// where another language's letter goes.

/// Labels that look alike, told apart by what they look like rather than by their code
/// points: two labels of one script whose UTS #39 confusable skeletons of their NFKC forms in
/// capitals are equal (``ICU/lookAlikeSkeleton(_:)``) are one section. Đ (U+0110, Croatian),
/// Ð (U+00D0, Icelandic eth) and Ɖ (U+0189, African D) are drawn alike, and a reader who sees
/// two `Đ` in a side index cannot tell which holds a name; Arabic ك and Persian ک are one letter
/// in an Arabic list. Latin, Greek and Cyrillic capitals of one shape (A, Α, А) belong to
/// different scripts, each in a group of its own, and stay apart.
enum LookAlikeLabels {
    /// What a label looks like: equal for look-alikes of one script.
    static func shape(_ label: String) -> String { ICU.lookAlikeSkeleton(label) }

    /// The labels with every look-alike merged into the first of its shape that is the
    /// group's own (not another language's letter, ``ContactsGroup/isExtra``), else into the
    /// first of its shape; and where each label went, nil when none was merged.
    ///
    /// Two letters are merged only when a reader could not tell which is meant: never two of
    /// the group's own labels (the language's alphabet has both, Tamil ஜ and ஐ, Khoekhoe ǀ
    /// and I), nor two that one language's alphabet has both of (``distinctPairs``: Kazakh У
    /// and Ү, Urdu ی and ے), whose readers tell them apart.
    static func merge(_ labels: [String], isExtra: [Bool]) -> (labels: [String], isExtra: [Bool], positionAfterMerge: [Int]?) {
        let shapes = labels.map(shape)
        let scripts = labels.map { $0.unicodeScalars.first.map { Script(of: $0) } }
        func mayMerge(_ a: Int, _ b: Int) -> Bool {
            shapes[a] == shapes[b] && scripts[a] == scripts[b] && (isExtra[a] || isExtra[b])
                && !areDistinct(labels[a], labels[b])
        }
        // Only labels of one shape may merge: each label is compared with those alone, not
        // with every label (a group of a few hundred labels compared some 10^5 pairs of
        // strings, a tenth of a contacts index's first use).
        var positionsOfShape: [String: [Int]] = [:]
        for position in labels.indices { positionsOfShape[shapes[position], default: []].append(position) }
        var survivor = Array(labels.indices)
        for position in labels.indices where isExtra[position] {
            let alike = positionsOfShape[shapes[position]] ?? []  // ascending, as labels.indices
            // Into the group's own look-alike, wherever it is; else into an earlier extra one.
            if let own = alike.first(where: { !isExtra[$0] && mayMerge($0, position) }) {
                survivor[position] = own
            } else if let earlier = alike.first(where: { $0 < position && survivor[$0] == $0 && mayMerge($0, position) }) {
                survivor[position] = earlier
            }
        }
        guard survivor.enumerated().contains(where: { $0.offset != $0.element }) else { return (labels, isExtra, nil) }
        var kept: [Int] = []
        var positionOfKept: [Int: Int] = [:]
        for position in labels.indices where survivor[position] == position {
            positionOfKept[position] = kept.count
            kept.append(position)
        }
        return (kept.map { labels[$0] }, kept.map { isExtra[$0] }, survivor.map { positionOfKept[$0]! })
    }

    /// Whether one language's alphabet has both letters (``distinctPairs``).
    static func areDistinct(_ a: String, _ b: String) -> Bool {
        distinctPairs.contains(a < b ? a + " " + b : b + " " + a)
    }

    /// Pairs of letters of one skeleton (``shape(_:)``) that one language's CLDR index
    /// characters both have, so its readers tell them apart, with the languages: the letters
    /// in code point order, as ``scannedDistinctPairs()`` reads them from ICU's data (a test
    /// checks the table against it; the scan reads some 400 locales' index characters).
    static let distinctPairs: Set<String> = [
        "У Ү",   // kk ky mn sah tt
        "ث پ",   // fa lrc mzn ps sd ur
        "ه ھ",   // sd
        "ى ي",   // ug
        "ک ڪ",   // sd
        "ھ ہ",   // ur
        "ھ ە",   // ug
        "ی ے",   // ur
        "ஈ ர",   // ta
        "ര റ",   // ml
        "ข ฃ", "ค ด", "ค ต", "ฆ ม", "ช ซ", "ฎ ฏ", "ฑ ท", "ภ ฦ",   // th
        "口 囗", "土 士",   // zh_Hant (radicals)
    ]

    /// ``distinctPairs`` read from ICU's data: each language and each of its scripts once.
    static func scannedDistinctPairs() -> Set<String> {
        var pairs = Set<String>()
        for id in ICU.availableLocaleIDs where ICU.region(of: id).isEmpty && !id.contains("@") {
            var letterOfShape: [String: String] = [:]
            for label in ICU.exemplars(of: id, kind: .index) ?? [] where label.unicodeScalars.count == 1 {
                let key = shape(label)
                if let other = letterOfShape[key] {
                    pairs.insert(other < label ? other + " " + label : label + " " + other)
                } else {
                    letterOfShape[key] = label
                }
            }
        }
        return pairs
    }

    /// The letters of other languages that a group of the list's own language keeps as
    /// sections of their own: those with no base letter among its labels (Þ, Ə in an English
    /// list), those its collation files under another label than their base letter (Å after
    /// Ö in an Icelandic list, Hindi ऑ after ऐ), and those that look like one of its labels
    /// (to be merged into it). A letter whose skeleton is a label's with marks added (Ɖ is D
    /// with a stroke, U+0335, as Đ is) is written on that letter; when the collation files it
    /// with that letter, its names go there.
    ///
    /// - Parameters:
    ///   - letters: letters the collation sorts apart from every label (``ExtraLetters``).
    ///   - labels: the group's own labels.
    ///   - collator: the group's index collator.
    static func withoutBaseLetter(_ letters: [String], among labels: [String], collator: Collator) -> [String] {
        let own = Set(labels.map(shape))
        func primary(_ text: String) -> [UInt8] { Array(collator.primaryHandle.sortKey(text).prefix { $0 > 1 }) }
        // Every label and letter by its primary key: a letter is filed under the last one
        // before it.
        let ordered = (labels.map { ($0, true) } + letters.map { ($0, false) })
            .map { (text: $0.0, isLabel: $0.1, key: primary($0.0)) }
            .sorted { $0.key.lexicographicallyPrecedes($1.key) }
        return letters.filter { letter in
            let shape = Self.shape(letter)
            if own.contains(shape) { return true }
            let base = String(String.UnicodeScalarView(shape.unicodeScalars.filter { !ICU.isMark($0) }))
            guard own.contains(base), let position = ordered.firstIndex(where: { !$0.isLabel && $0.text == letter }),
                  let before = ordered[..<position].last(where: { $0.key != ordered[position].key }) else { return true }
            return !(before.isLabel && Self.shape(before.text) == base)
        }
    }
}
