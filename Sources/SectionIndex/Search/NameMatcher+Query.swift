import Collation

/// A query turned into weights, ready to be looked up.
struct QueryPlan {
    /// For each word of the query, the weight sequences that match it: its own, and those in
    /// which its last letters begin a contraction.
    var tokens: [[[UInt32]]]

    /// The query has nothing to compare (empty, white space, punctuation).
    var matchesEverything: Bool { tokens.isEmpty }
}

extension NameMatcher {
    /// The longest tail of a query word that can begin a contraction (Hungarian "dzs").
    private static let contractionTailLimit = 3

    /// Splits a query at white space and weighs each word.
    func plan(_ query: String, weigher: ICU.SearchWeigher) -> QueryPlan {
        var tokens: [[[UInt32]]] = []
        var word = String.UnicodeScalarView()
        func finishWord() {
            defer { word = String.UnicodeScalarView() }
            let text = String(word)
            let weights = weigher.weights(of: text)
            guard !weights.isEmpty else { return }
            tokens.append([weights] + contractionAlternatives(of: word, weights: weights, weigher: weigher))
        }
        for scalar in query.unicodeScalars {
            if ICU.isWhiteSpace(scalar) {
                finishWord()
            } else {
                word.append(scalar)
            }
        }
        finishWord()
        return QueryPlan(tokens: tokens)
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
