import Collation

/// What a matcher that runs elsewhere (the HTML preview's script) needs to find what
/// ``NameMatcher`` finds, computed by the engine: each entry's searchable texts as primary
/// weights with their word starts, and the weights of the characters a query may hold, one
/// by one and in contractions.
///
/// A query word's weights are its characters' weights in a row, except where characters
/// form a contraction (Czech "ch"), which the longest one found decides; the other matcher
/// splits the query, weighs it from these tables and compares weights as ``WeightTable``
/// does. The collation rules themselves stay in the engine: only their results travel.
package struct SearchForms: Sendable {
    /// Per entry, in the order asked for: every searchable text's weights, each text followed
    /// by 0, and where its words begin in them, ascending.
    package var entries: [(weights: [UInt32], wordStarts: [UInt32])] = []
    /// Every character of the entries' texts and of the extra characters asked for, with
    /// its weights alone (none for white space, punctuation and marks at primary strength).
    package var characters: [(character: Unicode.Scalar, weights: [UInt32])] = []
    /// The contractions that begin with one of those characters, with their weights.
    package var contractions: [(letters: String, weights: [UInt32])] = []
    /// For each final consonant of a Hangul syllable (by its index), the final left when its
    /// last consonant begins the next syllable and that consonant's index as an initial: how a
    /// syllable still being typed ("삭" on the way to 사과) is read.
    package var hangulFinalSplits: [(rest: UInt32, initial: UInt32)] { HangulRomanization.finalSplits }
}

extension NameMatcher {
    /// The search forms of entries (see ``SearchForms``).
    ///
    /// - Parameters:
    ///   - names: the names, each with its reading or nil.
    ///   - extraCharacters: characters a query may hold besides those of the entries.
    package func searchForms(names: [String], readings: [String?],
                             extraCharacters: some Sequence<Unicode.Scalar>) -> SearchForms {
        var forms = SearchForms()
        var seen = Set(extraCharacters)
        weighers.withWeigher { weigher in
            let memo = SpellingMemo()
            var table = WeightTable()
            for (i, name) in names.enumerated() {
                let reading = i < readings.count ? readings[i] : nil
                let texts = searchTexts(name: name, reading: reading, memo: memo)
                for text in texts { seen.formUnion(text.unicodeScalars) }
                table.removeAll()
                table.append(rank: 0, texts: texts, weigher: weigher)
                forms.entries.append((table.weights, table.wordStarts))
            }
            let characters = seen.sorted { $0.value < $1.value }
            forms.characters = characters.map { ($0, weigher.weights(of: String($0))) }
            forms.contractions = characters.flatMap { contractions[$0] ?? [] }.map { ($0, weigher.weights(of: $0)) }
        }
        return forms
    }
}
