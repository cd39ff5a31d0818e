import Collation

/// Dial-pad search (``NameMatcher/Mode/t9``): digits 2–9 stand for the letters on their key
/// (2 abc, 3 def, 4 ghi, 5 jkl, 6 mno, 7 pqrs, 8 tuv, 9 wxyz, as ITU-T E.161 lays them out),
/// matched against the Latin words of a name and its spellings and against their initials,
/// as Android's dialer does: "5646" finds John Smith (john), "57" finds it too (j s), and
/// "94264" finds 张伟 (zhang).
///
/// Nothing is stored for it: the digits are matched against the weights search already
/// keeps, each weight standing for the keys of the letters it weighs (under Czech, the
/// one weight of "ch" stands for 2 then 4).
///
/// ```swift
/// let keys = DialPad(weigher: weigher)
/// keys.digits(of: "5646")   // [5, 6, 4, 6]
/// keys.digits(of: "jo")     // nil: not a dial-pad query
/// ```
struct DialPad: Sendable {
    /// The keys of the letters on them (ITU-T E.161 / ISO/IEC 9995-8).
    static let letters: [(key: UInt8, letters: String)] = [
        (2, "abc"), (3, "def"), (4, "ghi"), (5, "jkl"), (6, "mno"), (7, "pqrs"), (8, "tuv"), (9, "wxyz"),
    ]

    /// For each key, the weights that begin with it and the keys each stands for in full.
    private let byFirstKey: [UInt8: [(weight: UInt32, keys: [UInt8])]]
    /// The keys each weight stands for (a weight may stand for two letters on different
    /// keys where the language counts them as one, Finnish v and w).
    private let byWeight: [UInt32: [[UInt8]]]

    /// The key of each ASCII letter and digit.
    static func key(of character: Unicode.Scalar) -> UInt8? {
        switch character {
        case "0"..."9": return UInt8(character.value - 0x30)
        case "a"..."z", "A"..."Z":
            let letter = Character(String(character).lowercased())
            return letters.first { $0.letters.contains(letter) }?.key
        default: return nil
        }
    }

    /// Weighs every letter a–z, every digit and the collator's contractions of ASCII
    /// letters (Czech ch, Hungarian cs, dzs) with the matcher's collation.
    init(weigher: ICU.SearchWeigher, contractions: [Unicode.Scalar: [String]]) {
        var spellings = (0..<10).map(String.init) + "abcdefghijklmnopqrstuvwxyz".map(String.init)
        for (first, strings) in contractions where first.isASCII && first.properties.isAlphabetic {
            spellings += strings.filter { $0.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic } }
        }
        var byWeight: [UInt32: [[UInt8]]] = [:]
        for spelling in spellings {
            let weights = weigher.weights(of: spelling)
            let keys = spelling.unicodeScalars.compactMap(Self.key(of:))
            // A letter the language weighs as two (an expansion) is not a key of its own.
            guard weights.count == 1, keys.count == spelling.unicodeScalars.count else { continue }
            if byWeight[weights[0], default: []].contains(keys) { continue }
            byWeight[weights[0], default: []].append(keys)
        }
        var byFirstKey: [UInt8: [(weight: UInt32, keys: [UInt8])]] = [:]
        for (weight, keySequences) in byWeight {
            for keys in keySequences { byFirstKey[keys[0], default: []].append((weight, keys)) }
        }
        self.byWeight = byWeight
        self.byFirstKey = byFirstKey
    }

    /// The keys of a query word made only of digits; nil for any other word.
    static func digits(of word: String) -> [UInt8]? {
        let digits = word.unicodeScalars.map { $0.value >= 0x30 && $0.value <= 0x39 ? UInt8($0.value - 0x30) : 255 }
        return digits.isEmpty || digits.contains(255) ? nil : digits
    }

    /// The weights (and the keys each spells) that may come next when `keys` remain to be
    /// typed: those spelling the next keys, or all of the remaining ones and more (a
    /// contraction being typed).
    func candidates(for keys: ArraySlice<UInt8>) -> [(weight: UInt32, length: Int)] {
        guard let first = keys.first, let options = byFirstKey[first] else { return [] }
        return options.compactMap { option in
            let length = min(option.keys.count, keys.count)
            return option.keys.prefix(length).elementsEqual(keys.prefix(length)) ? (option.weight, length) : nil
        }
    }

    /// Whether the weights from a position spell the keys (and maybe more).
    func spells(_ weights: UnsafePointer<UInt32>, _ keys: ArraySlice<UInt8>) -> Bool {
        guard !keys.isEmpty else { return true }
        let weight = weights[0]
        guard weight != 0, let options = byWeight[weight] else { return false }
        return options.contains { option in
            let length = min(option.count, keys.count)
            return option.prefix(length).elementsEqual(keys.prefix(length)) && spells(weights + 1, keys.dropFirst(length))
        }
    }
}

extension WeightTable {
    /// Marks the ranks of entries with a word (running on into the next ones) whose weights
    /// spell the keys: a descent through the sorted words, one weight at a time, narrowing
    /// the range to the words whose next weight is on the next key.
    ///
    /// - Complexity: O(log *w*) per live prefix of the keys for *w* words, plus the matches.
    func markDialPadMatches(of keys: [UInt8], pad: DialPad, in ranks: inout RankSet) {
        guard !keys.isEmpty else { return }
        if storesNarrowWeights {
            markDialPadMatches(of: keys, pad: pad, in: narrowWeights, ranks: &ranks)
        } else {
            markDialPadMatches(of: keys, pad: pad, in: weights, ranks: &ranks)
        }
    }

    /// ``markDialPadMatches(of:pad:in:)`` over the stored weights: each candidate primary is
    /// looked for by its code.
    private func markDialPadMatches<Weight: StoredWeight>(of keys: [UInt8], pad: DialPad, in stored: [Weight],
                                                          ranks: inout RankSet) {
        stored.withUnsafeBufferPointer { all in
            withWordStarts { starts in
                wordRankOffsets.withUnsafeBufferPointer { offsets in
                    let firstRank = UInt32(rankRange.lowerBound)
                    let base = all.baseAddress!
                    func weight(_ i: Int, _ depth: Int) -> Weight { base[starts[i] + depth] }
                    func firstIndex(_ low: Int, _ high: Int, where above: (Int) -> Bool) -> Int {
                        var low = low, high = high
                        while low < high {
                            let middle = (low + high) / 2
                            if above(middle) { high = middle } else { low = middle + 1 }
                        }
                        return low
                    }
                    func descend(_ low: Int, _ high: Int, depth: Int, keys rest: ArraySlice<UInt8>) {
                        guard low < high else { return }
                        if rest.isEmpty {
                            for i in low..<high { ranks.insert(firstRank + UInt32(offsets[i])) }
                            return
                        }
                        // Words are sorted by their first `sortedLength` weights only.
                        if depth >= Self.sortedLength {
                            for i in low..<high where primaries(from: starts[i] + depth, in: all).withUnsafeBufferPointer({
                                pad.spells($0.baseAddress!, rest)
                            }) {
                                ranks.insert(firstRank + UInt32(offsets[i]))
                            }
                            return
                        }
                        for (primary, length) in pad.candidates(for: rest) {
                            // A primary without a code is in no word of the table.
                            var code = primary
                            if let codes {
                                guard let known = codes.existingCode(of: primary) else { continue }
                                code = known
                            }
                            let candidate = Weight(truncatingIfNeeded: code)
                            let lower = firstIndex(low, high) { weight($0, depth) >= candidate }
                            let upper = firstIndex(lower, high) { weight($0, depth) > candidate }
                            descend(lower, upper, depth: depth + 1, keys: rest.dropFirst(length))
                        }
                    }
                    descend(0, starts.count, depth: 0, keys: keys[...])
                }
            }
        }
    }

    /// The primaries of the stored weights from a position to the end of its text, with the
    /// 0 that ends it: what ``DialPad/spells(_:_:)`` reads beyond the sorted weights.
    private func primaries<Weight: StoredWeight>(from position: Int, in all: UnsafeBufferPointer<Weight>) -> [UInt32] {
        var primaries: [UInt32] = []
        var position = position
        while all[position] != 0 {
            let stored = UInt32(all[position])
            primaries.append(codes.map { $0.primary(ofCode: stored) } ?? stored)
            position += 1
        }
        primaries.append(0)
        return primaries
    }

    /// Whether any word of the table spells the keys (one entry, words not sorted).
    func containsDialPadMatch(of keys: [UInt8], pad: DialPad) -> Bool {
        weights.withUnsafeBufferPointer { all in
            wordStarts.contains { pad.spells(all.baseAddress! + Int($0), keys[...]) }
        }
    }
}
