import Collation

/// What search derives from each word of a list, made once per distinct word: its weights
/// and word starts, its initials and its form without marks. A list's names repeat their
/// words (given names, surnames), so a prepared list weighs and unmarks each of them once
/// instead of once per name.
///
/// A "word" here is a run of text between ASCII spaces. Every product search makes of a
/// text is that of its words put together: the weigher begins a word after a space and its
/// weights of a segment do not reach past the next word's start; ``NameForms/withoutMarks(_:)``
/// looks no further back than the letter before a mark, never a space, and NFKD never moves a
/// character across a space; ``NameForms/wordInitials(of:)`` begins a word after one. So a
/// text's weights, initials and unmarked form come out the same from its words as from the
/// whole text (`SearchTests.repeatedWords` checks that a prepared list finds what ``NameMatcher``
/// finds name by name).
///
/// ```swift
/// var forms = WordForms(weigher: weigher)
/// var table = WeightTable()
/// forms.append(rank: 0, texts: ["Łukasz Nowak"], to: &table)
/// // the texts "Łukasz Nowak", "Ł N", "Lukasz Nowak" and "L N", as NameForms.completed gives
/// table.finish(ranks: 0..<1, codes: forms.weightCodes)
/// ```
///
/// The weights go to the table as codes of ``weightCodes`` (``WeightCodes``), each primary
/// coded once when its word is first weighed: a part of a prepared list keeps two bytes a
/// weight where it would keep four.
///
/// One instance serves one thread; it lives as long as one preparation. It is a struct, not
/// a class: every entry reads and grows its arrays many times, and a class's stored arrays
/// are checked for exclusive access at run time on each of those accesses.
struct WordForms {
    private let weigher: ICU.SearchWeigher

    private struct Word {
        /// Its weights in ``weights``.
        var weights: Range<Int>
        /// Where its words begin, from its first weight, in ``starts``.
        var starts: Range<Int>
        /// Its initials in ``initials``; nil when a word of it begins with Han, kana or Hangul.
        var initials: Range<Int>?
        /// The word as ``NameForms/strippingMarks(_:)`` makes it (the word itself when that
        /// changes nothing), and whether that removed a mark or a stroke: a text has a form
        /// without marks when one of its words loses one.
        var unmarked: Int32
        var losesMarks: Bool
    }

    private var ids: [ExactText: Int32] = [:]
    private struct NameKey: Hashable {
        var head: ExactText
        var japanese: Bool
    }
    /// The texts of names (before a last ASCII word) and of readings, as ranges of
    /// ``spelledTextEnds``, each a range of words in ``spelledWords``.
    private var spelledNames: [NameKey: (texts: Range<Int>, count: Int, hasInitials: Bool)] = [:]
    private var spelledReadings: [ExactText: (texts: Range<Int>, japanese: Bool)] = [:]
    private var spelledWords: [Int32] = []
    private var spelledTextEnds: [Range<Int>] = []
    private var initialIDs: [Unicode.Scalar: Int32] = [:]
    private var words: [Word] = []
    /// The words' weights, as codes of ``weightCodes``.
    private var weights: [UInt32] = []
    /// The code of every primary weight met, kept when the memo starts again: the table the
    /// entries go to is written in these codes (``WeightTable/finish(ranks:codes:)``).
    private(set) var weightCodes = WeightCodes()
    private var starts: [UInt32] = []
    private var initials: [Unicode.Scalar] = []
    /// The word of each of ``initials`` (the letter as a word of its own), -1 until first
    /// needed: looked up once per word, not once per entry that has the word (a dictionary
    /// of letters, hashed per initial, was 3 % of preparing a list).
    private var initialWords: [Int32] = []
    /// Per entry: the words of each of its texts, one after another, and where each text ends.
    private var textWords: [Int32] = []
    private var textEnds: [Int] = []
    private var scratchStarts: [UInt32] = []

    /// Past this many distinct words the memo starts again (between two entries), so that a
    /// long list whose words never repeat cannot fill the memory.
    private static let wordLimit = 100_000

    init(weigher: ICU.SearchWeigher) {
        self.weigher = weigher
    }

    /// Appends an entry whose texts (its name, reading and their spellings) are `texts`,
    /// with the initials and the form without marks of each, as
    /// `table.append(rank:texts:weigher:)` appends `NameForms.completed(texts)`.
    mutating func append(rank: UInt32, texts: [String], to table: inout WeightTable) {
        startEntry()
        for text in texts {
            appendWords(of: text, to: .entry)
            textEnds.append(textWords.count)
        }
        finishEntry(rank: rank, to: &table)
    }

    /// Appends an entry as `table.append(rank:texts:weigher:)` appends its
    /// `matcher.searchTexts(name:reading:memo:)`, with each text's words looked up: the
    /// spellings of a name are remembered without its last word when that is ASCII (a
    /// surname, a number), and those of a reading whole.
    mutating func append(rank: UInt32, name: String, reading: String?, matcher: NameMatcher, memo: SpellingMemo,
                to table: inout WeightTable) {
        startEntry()
        var japanese = false
        var readingTexts: Range<Int> = 0..<0
        if let reading {
            let key = ExactText(text: reading)
            let known: (texts: Range<Int>, japanese: Bool)
            if let found = spelledReadings[key] {
                known = found
            } else {
                let texts = matcher.readingTexts(reading: reading, memo: memo)
                known = (spelled(texts, initials: nil).texts, SearchRomanizer.containsKana(reading))
                spelledReadings[key] = known
            }
            japanese = known.japanese
            readingTexts = known.texts
        }
        let (head, last) = Self.splitLastASCIIWord(name)
        let key = NameKey(head: ExactText(text: head), japanese: japanese)
        let known: (texts: Range<Int>, count: Int, hasInitials: Bool)
        if let found = spelledNames[key] {
            known = found
        } else {
            let (texts, initials) = matcher.nameTexts(name: head, japanese: japanese, memo: memo)
            known = spelled(texts, initials: initials)
            spelledNames[key] = known
        }
        let lastWord = last.map { id(of: $0) }
        for (i, text) in known.texts.enumerated() {
            for j in spelledTextEnds[text] { textWords.append(spelledWords[j]) }
            // Every text of the name but its Hangul initials goes on with the last word.
            if let lastWord, i < known.count - (known.hasInitials ? 1 : 0) { textWords.append(lastWord) }
            textEnds.append(textWords.count)
        }
        for text in readingTexts {
            for j in spelledTextEnds[text] { textWords.append(spelledWords[j]) }
            textEnds.append(textWords.count)
        }
        finishEntry(rank: rank, to: &table)
    }

    /// The name before a last word of ASCII that follows a space, and that word; the whole
    /// name and nil when it has none, or when it is longer than romanisation reads.
    static func splitLastASCIIWord(_ name: String) -> (head: String, last: Substring?) {
        let utf8 = name.utf8
        guard let space = utf8.lastIndex(of: 0x20), utf8.index(after: space) < utf8.endIndex,
              utf8[utf8.index(after: space)...].allSatisfy({ $0 < 0x80 }),
              utf8.count <= SearchRomanizer.maximumLength || name.unicodeScalars.count <= SearchRomanizer.maximumLength
        else { return (name, nil) }
        return (String(name[..<space]), name[utf8.index(after: space)...])
    }

    /// Stores texts as words, one range of ``spelledTextEnds`` per text.
    private mutating func spelled(_ texts: [String], initials: String?) -> (texts: Range<Int>, count: Int, hasInitials: Bool) {
        let first = spelledTextEnds.count
        for text in texts + (initials.map { [$0] } ?? []) {
            let start = spelledWords.count
            appendWords(of: text, to: .spelled)
            spelledTextEnds.append(start..<spelledWords.count)
        }
        return (first..<spelledTextEnds.count, spelledTextEnds.count - first, initials != nil)
    }

    /// The list a text's words go to: the entry's (``textWords``) or the remembered
    /// spellings' (``spelledWords``). Named rather than passed `inout`, which would overlap
    /// with the access to the whole of `self` that looking a word up takes.
    private enum WordList { case entry, spelled }

    private mutating func appendWords(of text: String, to list: WordList) {
        var wordStart = text.utf8.startIndex
        for i in text.utf8.indices where text.utf8[i] == 0x20 {
            if i > wordStart { append(id(of: text[wordStart..<i]), to: list) }
            wordStart = text.utf8.index(after: i)
        }
        if wordStart < text.utf8.endIndex { append(id(of: text[wordStart...]), to: list) }
    }

    private mutating func append(_ word: Int32, to list: WordList) {
        switch list {
        case .entry: textWords.append(word)
        case .spelled: spelledWords.append(word)
        }
    }

    private mutating func startEntry() {
        if words.count > Self.wordLimit || spelledNames.count > Self.wordLimit || spelledReadings.count > Self.wordLimit {
            removeAll()
        }
        textWords.removeAll(keepingCapacity: true)
        textEnds.removeAll(keepingCapacity: true)
    }

    /// Adds the initials and the forms without marks of the entry's texts, and appends them
    /// all to the table.
    private mutating func finishEntry(rank: UInt32, to table: inout WeightTable) {
        let spelled = textEnds.count
        for text in 0..<spelled {
            appendInitials(ofText: text)
        }
        // Then the form without marks of each of those.
        for text in 0..<textEnds.count {
            let range = wordRange(ofText: text)
            guard range.contains(where: { words[Int(textWords[$0])].losesMarks }) else { continue }
            for i in range { textWords.append(words[Int(textWords[i])].unmarked) }
            textEnds.append(textWords.count)
        }
        let entry = table.entryStart
        // Read through buffers: no retain and release of an array (or a slice of one) per word.
        words.withUnsafeBufferPointer { words in
            weights.withUnsafeBufferPointer { weights in
                starts.withUnsafeBufferPointer { starts in
                    textWords.withUnsafeBufferPointer { textWords in
                        for text in 0..<textEnds.count {
                            let range = wordRange(ofText: text)
                            // Words of the same weights as an earlier text's: the same
                            // weights, which the table would write only to drop them again
                            // (the form without tone marks of a pinyin spelling, a Latin
                            // name's own spelling: a fourth of all texts).
                            if (0..<text).contains(where: { earlier in
                                Self.sameWeights(textWords[wordRange(ofText: earlier)], textWords[range], words: words, weights: weights)
                            }) { continue }
                            table.appendText(rank: rank, entry: entry) { tableWeights, tableStarts in
                                for i in range {
                                    let word = words[Int(textWords[i])]
                                    let base = UInt32(tableWeights.count)
                                    tableWeights.append(contentsOf: UnsafeBufferPointer(rebasing: weights[word.weights]))
                                    for start in UnsafeBufferPointer(rebasing: starts[word.starts]) { tableStarts.append(base + start) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether two texts, as words, have the same weights: word by word, the same word or
    /// one of the same weights (as a word and its form without marks often have).
    @inline(__always)
    private static func sameWeights(_ a: Slice<UnsafeBufferPointer<Int32>>, _ b: Slice<UnsafeBufferPointer<Int32>>,
                                    words: UnsafeBufferPointer<Word>, weights: UnsafeBufferPointer<UInt32>) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where x != y {
            let first = words[Int(x)].weights, second = words[Int(y)].weights
            guard first.count == second.count,
                  UnsafeBufferPointer(rebasing: weights[first]).elementsEqual(UnsafeBufferPointer(rebasing: weights[second]))
            else { return false }
        }
        return true
    }

    private func wordRange(ofText text: Int) -> Range<Int> {
        (text == 0 ? 0 : textEnds[text - 1])..<textEnds[text]
    }

    /// Appends the initials of a text as a text of its own, each initial a word, when it has
    /// more than one and none of its words begins with Han, kana or Hangul.
    private mutating func appendInitials(ofText text: Int) {
        var count = 0
        for i in wordRange(ofText: text) {
            guard let range = words[Int(textWords[i])].initials else { return }
            count += range.count
        }
        guard count > 1 else { return }
        for i in wordRange(ofText: text) {
            for k in words[Int(textWords[i])].initials! {
                if initialWords[k] < 0 {
                    // Making the letter's word may add initials of its own: index again after.
                    let word = id(of: initials[k])
                    initialWords[k] = word
                }
                textWords.append(initialWords[k])
            }
        }
        textEnds.append(textWords.count)
    }

    private mutating func id(of letter: Unicode.Scalar) -> Int32 {
        if let known = initialIDs[letter] { return known }
        let id = id(of: String(letter)[...])
        initialIDs[letter] = id
        return id
    }

    private mutating func id(of word: Substring) -> Int32 {
        let key = String(word)
        if let known = ids[ExactText(text: key)] { return known }
        // The form without marks first: it may add a word of its own.
        let (form, changed) = NameForms.strippingMarks(key)
        let unmarked = form.utf8.elementsEqual(key.utf8) ? nil : self.id(of: form[...])
        let weightStart = weights.count
        scratchStarts.removeAll(keepingCapacity: true)
        weigher.appendWeights(of: key, to: &weights, wordStarts: &scratchStarts)
        for i in weightStart..<weights.count { weights[i] = weightCodes.code(of: weights[i]) }
        let startsStart = starts.count
        for start in scratchStarts { starts.append(start - UInt32(weightStart)) }
        var initialRange: Range<Int>?
        if let letters = NameForms.wordInitials(of: key.unicodeScalars) {
            initials += letters
            initialWords += repeatElement(-1, count: letters.count)
            initialRange = initials.count - letters.count..<initials.count
        }
        let id = Int32(words.count)
        words.append(Word(weights: weightStart..<weights.count, starts: startsStart..<starts.count,
                          initials: initialRange, unmarked: unmarked ?? id, losesMarks: changed))
        ids[ExactText(text: key)] = id
        return id
    }

    private mutating func removeAll() {
        spelledNames.removeAll(keepingCapacity: true)
        spelledReadings.removeAll(keepingCapacity: true)
        spelledWords.removeAll(keepingCapacity: true)
        spelledTextEnds.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
        initialIDs.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        initials.removeAll(keepingCapacity: true)
        initialWords.removeAll(keepingCapacity: true)
    }
}
