import Collation

/// A query turned into weights, ready to be looked up.
struct QueryPlan {
    /// For each word of the query, the weight sequences that match it: its own, and those in
    /// which its last letters begin a contraction.
    var tokens: [[[UInt32]]] = []
    /// The words made only of punctuation and symbols ("#", "+", "."), or of characters
    /// without weights (a lone combining mark, a control character): collation ignores
    /// them, so they are matched as written (their UTF-8), anywhere in the name or the
    /// reading, in any mode.
    var literals: [PatternSearch<UInt8>] = []
    /// In ``NameMatcher/Mode/t9``, the words of digits, as dial-pad keys.
    var dialPadWords: [[UInt8]] = []

    /// The query has nothing to compare (empty, or only white space).
    var matchesEverything: Bool { tokens.isEmpty && literals.isEmpty && dialPadWords.isEmpty }

    /// Whether every literal word occurs in the name or in the reading.
    ///
    /// - Complexity: linear in the name and the reading, for each literal word.
    func literalsOccur(inName name: String, reading: String?) -> Bool {
        func occurs(_ literal: PatternSearch<UInt8>, in text: String) -> Bool {
            var text = text
            return text.withUTF8 { literal.occurs(in: $0) }
        }
        return literals.allSatisfy { literal in
            occurs(literal, in: name) || reading.map { occurs(literal, in: $0) } == true
        }
    }
}

extension NameMatcher {
    /// The longest tail of a query word that can begin a contraction (Hungarian "dzs").
    private static let contractionTailLimit = 3

    /// Splits a query at white space and weighs each word.
    ///
    /// Each word is a condition an entry must meet, not a count: a word given again (or one
    /// that weighs the same, `Anna anna`) adds nothing and is planned once, so a query of
    /// thousands of repeated words costs what one costs. A word collation ignores entirely
    /// (only combining marks, control or format characters) is matched as written, as a
    /// word of punctuation is: it does not turn into a query that matches everything.
    func plan(_ query: String, weigher: ICU.SearchWeigher, mode: Mode = .prefix) -> QueryPlan {
        var plan = QueryPlan()
        var word = String.UnicodeScalarView()
        var seenTexts = Set<String>(), seenTokens = Set<[[UInt32]]>()
        func finishWord() {
            defer { word = String.UnicodeScalarView() }
            guard !word.isEmpty else { return }
            let text = String(word)
            // A word given again is planned once (a literal or a dial-pad word is its text).
            guard seenTexts.insert(text).inserted else { return }
            if mode == .t9, let keys = DialPad.digits(of: text) {
                plan.dialPadWords.append(keys)
                return
            }
            let weights = word.allSatisfy(Self.isPunctuationOrSymbol) ? [] : weigher.weights(of: text)
            guard !weights.isEmpty else {
                plan.literals.append(PatternSearch(Array(text.utf8)))
                return
            }
            var alternatives = [weights] + contractionAlternatives(of: word, weights: weights, weigher: weigher)
            if let typing = HangulRomanization.finalAsNextInitial(word), case let other = weigher.weights(of: typing),
               !other.isEmpty, !alternatives.contains(other) {
                alternatives.append(other)
            }
            if seenTokens.insert(alternatives).inserted { plan.tokens.append(alternatives) }
        }
        for scalar in query.unicodeScalars {
            if ICU.isWhiteSpace(scalar) {
                finishWord()
            } else {
                word.append(scalar)
            }
        }
        finishWord()
        return plan
    }

    private static func isPunctuationOrSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            true
        default:
            false
        }
    }

    /// The weights of the word with its last one to three letters completed to each
    /// contraction they begin: Czech "c" also as "ch", Hungarian "d" and "dz" also as "dzs".
    /// A contraction whose next code point is a combining mark is left out: the mark would
    /// make another letter (и + breve is й), which the user types as one key.
    private func contractionAlternatives(of word: String.UnicodeScalarView, weights: [UInt32],
                                         weigher: ICU.SearchWeigher) -> [[UInt32]] {
        let scalars = Array(word)
        var alternatives: [[UInt32]] = []
        for length in 1...min(Self.contractionTailLimit, scalars.count) {
            let tail = scalars[(scalars.count - length)...]
            guard let candidates = contractions[tail.first!] else { continue }
            for contraction in candidates {
                let letters = Array(contraction.unicodeScalars)
                guard letters.count > length, letters.starts(with: tail), !ICU.isMark(letters[length]) else { continue }
                var text = String.UnicodeScalarView(scalars[..<(scalars.count - length)])
                text.append(contentsOf: letters)
                let completed = weigher.weights(of: String(text))
                if !completed.isEmpty, completed != weights, !alternatives.contains(completed) {
                    alternatives.append(completed)
                }
            }
        }
        return alternatives
    }
}
