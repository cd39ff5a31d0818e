import Collation

/// The weights of every searchable text of a list, in flat arrays, with the start of every
/// word sorted by the weights that follow it.
///
/// Entries are numbered by their rank in index order. Each text (a name, a reading, a Latin
/// spelling) is stored as its primary weights followed by a 0, which no weight equals. A query
/// word matches the start of a word exactly when its weights are a prefix of the weights from
/// that word's start, and the starts are sorted by those weights: the matches of a query are
/// one contiguous range, found by two binary searches. A substring search scans the weights.
///
/// A prepared list is held as several tables, each a part of consecutive ranks built and
/// finished on one core (``finish(ranks:codes:)``): a query marks its matches in every part,
/// and no part is ever copied into a joined table nor its words merged with another's. A
/// part's weights are codes of its own distinct primaries (``WeightCodes``), two bytes each
/// where they fit; a query is coded by each part before it is compared.
struct WeightTable: Sendable {
    /// Every text's weights, each followed by 0: primaries, or the codes of ``codes`` in a
    /// part of a prepared list. Empty once ``finish(ranks:codes:)`` has moved them into
    /// ``narrowWeights``.
    private(set) var weights: [UInt32] = []
    /// After ``finish(ranks:codes:)``, when ``codes`` fit two bytes: ``weights`` as `UInt16`,
    /// half their memory.
    private(set) var narrowWeights: [UInt16] = []
    /// The codes ``weights`` are written in, or nil when they are primaries (a table of one
    /// entry): a query is coded the same way before it is compared.
    private(set) var codes: WeightCodes?
    /// Whether the weights are in ``narrowWeights``.
    private(set) var storesNarrowWeights = false
    /// Where each text begins in ``weights``, until ``finish(ranks:codes:)`` keeps only where
    /// each entry's texts begin (``entryStarts``).
    private(set) var textStarts: [UInt32] = []
    /// The rank of each text's entry, until ``finish(ranks:codes:)`` turns them into
    /// ``entryStarts``; texts come in rank order.
    private(set) var textRanks: [UInt32] = []
    /// Where each word begins in ``weights``; after ``finish(ranks:codes:)``, ordered by the first
    /// ``sortedLength`` weights from there (to the end of the text at most). Empty in a
    /// finished table that keeps ``wordStartOffsets`` instead (read both through
    /// ``withWordStarts(_:)``).
    private(set) var wordStarts: [UInt32] = []
    /// After ``finish(ranks:codes:)``, when no word begins 65,536 weights or more after the
    /// start of its entry's texts (a name of thousands of letters): where each word begins,
    /// counted from there (``entryStarts`` of its rank), half the memory of ``wordStarts``.
    private(set) var wordStartOffsets: [UInt16] = []
    /// The rank of each word's entry, parallel to ``wordStarts``, until ``finish(ranks:codes:)``
    /// turns them into ``wordRankOffsets``.
    private(set) var wordRanks: [UInt32] = []
    /// After ``finish(ranks:codes:)``: the rank of each word's entry counted from the lower bound of
    /// ``rankRange``, parallel to ``wordStarts``. A finished table holds at most
    /// ``maximumFinishedRanks`` ranks, so two bytes a word do rather than four.
    private(set) var wordRankOffsets: [UInt16] = []
    /// After ``finish(ranks:codes:)`` of a table with ``codes``: for each code `c`, how many
    /// sorted words begin with a smaller code, so that the words beginning with `c` are
    /// `firstWeightStarts[c]..<firstWeightStarts[c + 1]`. A prefix query searches only those:
    /// a binary search over a part's words missed the cache at every step.
    private(set) var firstWeightStarts: [UInt32] = []
    /// After ``finish(ranks:codes:)``: the ranks of the table's entries.
    private(set) var rankRange: Range<Int> = 0..<0
    /// After ``finish(ranks:codes:)``: where the texts of each rank of ``rankRange`` (counted
    /// from its lower bound) begin in the weights, and the end. A scan needs no start of each
    /// text: every text ends in a 0, which no query holds, so a match inside an entry's weights
    /// lies inside one of its texts.
    private(set) var entryStarts: [UInt32] = []
    /// The most weights any text has: a longer query matches nothing.
    private(set) var longestText = 0
    /// After ``finish(ranks:codes:)``: per rank of ``rankRange``, one bit (``signatureBit(_:)``) for
    /// each weight its texts hold, so that a substring search skips the entries that lack a
    /// weight of the query without reading their weights.
    private(set) var signatures: [UInt64] = []
    /// Whether ``finish(ranks:codes:)`` has sorted the words and indexed the texts by rank.
    private(set) var isFinished = false
    private var scratchStarts: [UInt32] = []

    /// Words are ordered by at most this many weights, so that a pathological list (a
    /// megabyte of "a a a …" on one line) cannot make the sort quadratic; a longer query is
    /// checked in full against the words that share its first weights.
    static let sortedLength = 32
    /// The most ranks a finished table holds: one more than ``wordRankOffsets`` can count.
    static let maximumFinishedRanks = Int(UInt16.max) + 1
    /// Up to this many words of an entry are compared with each other to drop repeats.
    private static let repeatCheckLimit = 64

    /// Appends an entry's texts. A text whose weights equal an earlier text's of the same
    /// entry adds nothing, nor does a word whose weights from its start equal an earlier
    /// word's of the entry. Entries must come in rank order.
    mutating func append(rank: UInt32, texts: [String], weigher: ICU.SearchWeigher) {
        let entry = entryStart
        for text in texts {
            appendText(rank: rank, entry: entry) { weights, starts in
                weigher.appendWeights(of: text, to: &weights, wordStarts: &starts)
            }
        }
    }

    /// Where the next entry's weights and words begin: what ``appendText(rank:entry:_:)``
    /// compares a new text with to drop repeats.
    var entryStart: (weights: Int, firstWord: Int) { (weights.count, wordStarts.count) }

    /// Appends one text of the entry that began at `entry`: `write` appends its weights and
    /// the positions where its words begin. A text without weights, or whose weights equal an
    /// earlier text's of the entry, adds nothing, nor does a word whose weights from its start
    /// equal an earlier word's of the entry.
    mutating func appendText(rank: UInt32, entry: (weights: Int, firstWord: Int),
                             _ write: (inout [UInt32], inout [UInt32]) -> Void) {
        let start = weights.count
        scratchStarts.removeAll(keepingCapacity: true)
        write(&weights, &scratchStarts)
        guard weights.count > start else { return }
        weights.append(0)
        if repeatsEarlierText(from: start, entryStart: entry.weights) {
            weights.removeSubrange(start...)
            return
        }
        textStarts.append(UInt32(start))
        textRanks.append(rank)
        for word in scratchStarts where !repeatsEarlierWord(word, from: entry.firstWord) {
            wordStarts.append(word)
            wordRanks.append(rank)
        }
    }

    private func repeatsEarlierText(from start: Int, entryStart: Int) -> Bool {
        weights.withUnsafeBufferPointer { all in
            textStarts.withUnsafeBufferPointer { textStarts in
                let length = all.count - start
                var earlier = textStarts.count - 1
                var end = start
                while earlier >= 0, Int(textStarts[earlier]) >= entryStart {
                    let from = Int(textStarts[earlier])
                    // Equal texts have equal lengths first.
                    if end - from == length, UnsafeBufferPointer(rebasing: all[from..<end])
                        .elementsEqual(UnsafeBufferPointer(rebasing: all[start...])) {
                        return true
                    }
                    end = from
                    earlier -= 1
                }
                return false
            }
        }
    }

    private func repeatsEarlierWord(_ word: UInt32, from firstWord: Int) -> Bool {
        guard wordStarts.count - firstWord <= Self.repeatCheckLimit else { return false }
        return weights.withUnsafeBufferPointer { all in
            wordStarts[firstWord...].contains {
                Self.compareSuffixes(all.baseAddress! + Int($0), all.baseAddress! + Int(word), limit: .max) == 0
            }
        }
    }

    /// Sorts the words and indexes the texts by rank; call once, after the last append.
    ///
    /// - Parameters:
    ///   - ranks: the ranks of the entries appended (a part of a list holds consecutive
    ///     ranks; some of them may have no text).
    ///   - codes: the codes the weights were appended in (``WordForms/weightCodes``), or
    ///     nil when they are primaries. Where the codes fit two bytes, the weights are kept
    ///     in ``narrowWeights``.
    mutating func finish(ranks: Range<Int>, codes: WeightCodes? = nil) {
        precondition(!isFinished, "WeightTable: finished twice")
        precondition(ranks.count <= Self.maximumFinishedRanks, "WeightTable: more ranks than a word's rank offset counts")
        // Texts come in rank order: the first and the last bound them all.
        precondition(textRanks.first.map { ranks.contains(Int($0)) } ?? true
                     && textRanks.last.map { ranks.contains(Int($0)) } ?? true, "WeightTable: a text outside its ranks")
        rankRange = ranks
        textStarts.append(UInt32(weights.count))
        // The arrays grew by doubling and may hold twice what they use; a finished table
        // lives as long as its list, so each is copied to its size once (one part at a time
        // on each core, while the other parts hold only what they use). Weights that will
        // be narrowed are copied then.
        self.codes = codes
        let narrows = codes?.fitsSixteenBits ?? false
        if !narrows { weights = Self.fitted(weights) }
        scratchStarts = []
        longestText = zip(textStarts, textStarts.dropFirst()).reduce(0) { max($0, Int($1.1 - $1.0) - 1) }
        entryStarts = [UInt32](repeating: 0, count: ranks.count + 1)
        var text = 0
        for rank in ranks.lowerBound...ranks.upperBound {
            while text < textRanks.count, textRanks[text] < rank { text += 1 }
            entryStarts[rank - ranks.lowerBound] = textStarts[text]
        }
        // A match's entry is found from ``entryStarts`` by the scans, which walk positions and
        // entries together: neither a start nor a rank per text is kept.
        textRanks = []
        textStarts = []
        signatures = entrySignatures()
        sortWords()
        if narrows {
            narrowWeights = weights.map { UInt16(truncatingIfNeeded: $0) }
            weights = []
            storesNarrowWeights = true
        }
        isFinished = true
    }

    /// How many weights (with the 0 that ends each text) the table holds.
    var weightCount: Int { storesNarrowWeights ? narrowWeights.count : weights.count }

    /// A query's weights in the table's own terms: its codes, or the weights themselves in a
    /// table of primaries; nil when a weight occurs in no text of the table.
    func coded(_ query: [UInt32]) -> [UInt32]? {
        guard let codes else { return query }
        return codes.codes(of: query)
    }

    /// The array with no room beyond its elements: a copy when it has more than a little.
    private static func fitted<Element>(_ array: [Element]) -> [Element] {
        guard array.capacity - array.count > array.count / 32 else { return array }
        return [Element](unsafeUninitializedCapacity: array.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: array)
        }
    }

    /// The bit of a weight in a signature: a multiplicative hash, since primaries differ
    /// mostly in their high bytes.
    @inline(__always)
    static func signatureBit(_ weight: UInt32) -> UInt64 {
        1 << ((UInt64(weight) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// The signature of each entry of ``rankRange``, on the caller's core (the parts of a list
    /// are finished on every core).
    private func entrySignatures() -> [UInt64] {
        var signatures = [UInt64](repeating: 0, count: rankRange.count)
        weights.withUnsafeBufferPointer { all in
            for i in signatures.indices {
                let from = Int(entryStarts[i]), to = Int(entryStarts[i + 1])
                var signature: UInt64 = 0
                for weight in all[from..<to] where weight != 0 { signature |= Self.signatureBit(weight) }
                signatures[i] = signature
            }
        }
        return signatures
    }

    /// The entries of ``rankRange`` whose signature has the bit of every weight of the query:
    /// all that can contain it, in a set of `count` ranks.
    private func entries(holdingAllOf query: [UInt32], count: Int) -> RankSet {
        let mask = query.reduce(UInt64(0)) { $0 | Self.signatureBit($1) }
        var holders = RankSet(count: count)
        for (i, signature) in signatures.enumerated() where signature & mask == mask {
            holders.insert(UInt32(rankRange.lowerBound + i))
        }
        return holders
    }

    /// One word to sort: two of its weights packed (its first two, then the next two of a
    /// run that shares them), so that a level of the sort orders integers.
    struct SortableWord: HeadSorted {
        var head: UInt64
        var start: UInt32
        var rank: UInt32
    }

    /// Sorts the words by their first ``sortedLength`` weights, then by rank.
    private mutating func sortWords() {
        var words: [SortableWord] = []
        words.reserveCapacity(wordStarts.count)
        weights.withUnsafeBufferPointer { all in
            for (start, rank) in zip(wordStarts, wordRanks) {
                words.append(SortableWord(head: Self.head(of: all.baseAddress! + Int(start)), start: start, rank: rank))
            }
        }
        // The words hold the starts and ranks now: the arrays go before the sort, whose
        // scratch copy, with the sorted arrays after it, is the part's peak.
        wordStarts = []
        wordRanks = []
        weights.withUnsafeBufferPointer { all in
            words.withUnsafeMutableBufferPointer { Self.sortByWeights($0, weights: all.baseAddress!) }
        }
        if let codes {
            // Codes run from 1 to their count: one slot more for the end of the last.
            var starts = [UInt32](repeating: 0, count: codes.primaries.count + 2)
            weights.withUnsafeBufferPointer { all in
                for word in words { starts[Int(all[Int(word.start)]) + 1] += 1 }
            }
            for code in starts.indices.dropFirst() { starts[code] += starts[code - 1] }
            firstWeightStarts = starts
        }
        let firstRank = UInt32(rankRange.lowerBound)
        wordRankOffsets = words.map { UInt16($0.rank - firstRank) }
        // Two bytes a word where every word lies within 65,536 weights of its entry's start.
        let fitsOffsets = entryStarts.withUnsafeBufferPointer { entryStarts in
            words.allSatisfy { $0.start - entryStarts[Int($0.rank - firstRank)] <= UInt32(UInt16.max) }
        }
        if fitsOffsets {
            wordStartOffsets = entryStarts.withUnsafeBufferPointer { entryStarts in
                words.map { UInt16($0.start - entryStarts[Int($0.rank - firstRank)]) }
            }
        } else {
            wordStarts = words.map(\.start)
        }
    }

    /// Where the words begin, read the same whether a table keeps ``wordStarts`` or
    /// ``wordStartOffsets``: `starts[i]` is the position of word `i` in the weights.
    struct WordStartAccess {
        fileprivate let starts: UnsafeBufferPointer<UInt32>
        fileprivate let offsets: UnsafeBufferPointer<UInt16>
        fileprivate let rankOffsets: UnsafeBufferPointer<UInt16>
        fileprivate let entryStarts: UnsafeBufferPointer<UInt32>
        let count: Int

        @inline(__always)
        subscript(word: Int) -> Int {
            offsets.isEmpty ? Int(starts[word]) : Int(entryStarts[Int(rankOffsets[word])]) + Int(offsets[word])
        }
    }

    /// Runs `body` with the words' starts.
    @inline(__always)
    func withWordStarts<R>(_ body: (WordStartAccess) -> R) -> R {
        wordStarts.withUnsafeBufferPointer { starts in
            wordStartOffsets.withUnsafeBufferPointer { offsets in
                wordRankOffsets.withUnsafeBufferPointer { rankOffsets in
                    entryStarts.withUnsafeBufferPointer { entryStarts in
                        body(WordStartAccess(starts: starts, offsets: offsets, rankOffsets: rankOffsets,
                                             entryStarts: entryStarts, count: wordCount))
                    }
                }
            }
        }
    }

    /// Two weights from `at` packed, the first in the high half; 0 when the first is the
    /// text's terminating 0 (what follows it is another text's).
    @inline(__always)
    static func head(of at: UnsafePointer<UInt32>) -> UInt64 {
        at[0] == 0 ? 0 : UInt64(at[0]) << 32 | UInt64(at[1])
    }

    /// Orders words by the weights from their starts, up to the end of their text or
    /// ``sortedLength`` weights, and keeps the order they came in (rank order) among words
    /// whose weights are equal that far: a stable radix sort of the heads, then again, two
    /// weights deeper, of each run of equal heads whose words go on. Comparisons only inside
    /// runs of a few words; no comparison reads past a text's terminating 0.
    static func sortByWeights(_ words: UnsafeMutableBufferPointer<SortableWord>, weights: UnsafePointer<UInt32>) {
        guard words.count > 1 else { return }
        let scratch = UnsafeMutableBufferPointer<SortableWord>.allocate(capacity: words.count)
        defer { scratch.deallocate() }
        var pending: [(range: Range<Int>, depth: Int)] = [(words.indices, 0)]
        while let (range, depth) = pending.popLast() {
            stableSortByHead(UnsafeMutableBufferPointer(rebasing: words[range]), scratch: scratch)
            let next = depth + 2
            var i = range.lowerBound
            while i < range.upperBound {
                let head = words[i].head
                var j = i + 1
                while j < range.upperBound, words[j].head == head { j += 1 }
                // Equal heads whose words both go on (neither weight is a terminating 0), with
                // weights left to compare: ordered by the next two.
                if j - i > 1, head >> 32 != 0, head & 0xFFFF_FFFF != 0, next < sortedLength {
                    for k in i..<j { words[k].head = Self.head(of: weights + Int(words[k].start) + next) }
                    pending.append((i..<j, next))
                }
                i = j
            }
        }
    }

    /// Words by their heads, the order they came in kept among equal heads: insertion for a
    /// few, else ``radixSortByHead(_:scratch:)``. `scratch` holds at least as many words.
    static func stableSortByHead(_ part: UnsafeMutableBufferPointer<SortableWord>, scratch: UnsafeMutableBufferPointer<SortableWord>) {
        guard part.count > 32 else {
            for i in part.indices.dropFirst() {
                let word = part[i]
                var j = i
                while j > part.startIndex, part[j - 1].head > word.head {
                    part[j] = part[j - 1]
                    j -= 1
                }
                part[j] = word
            }
            return
        }
        radixSortByHead(part, scratch: scratch)
    }

    // MARK: - Comparing

    /// Orders the weights from two positions, up to their terminating 0 or `limit` weights.
    @inline(__always)
    static func compareSuffixes<Weight: StoredWeight>(_ a: UnsafePointer<Weight>, _ b: UnsafePointer<Weight>, limit: Int) -> Int {
        var i = 0
        while i < limit {
            let x = a[i], y = b[i]
            if x != y { return x < y ? -1 : 1 }
            if x == 0 { return 0 }
            i += 1
        }
        return 0
    }

    /// Orders the weights from a position against a query, looking no further than the
    /// query's length: 0 when the query is a prefix. The query holds no 0, so the text's
    /// terminating 0 stops the comparison.
    @inline(__always)
    static func comparePrefix<Weight: StoredWeight>(_ text: UnsafePointer<Weight>, _ query: UnsafeBufferPointer<Weight>) -> Int {
        for i in 0..<query.count {
            let x = text[i], y = query[i]
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    // MARK: - Searching

    /// Marks the ranks of entries with a word that begins with the query.
    ///
    /// - Complexity: O(log *w*) comparisons for *w* words, plus one step per matching word.
    func markPrefixMatches(of query: [UInt32], in ranks: inout RankSet) {
        guard !query.isEmpty, query.count <= longestText, let query = coded(query) else { return }
        if storesNarrowWeights {
            markPrefixMatches(of: query.map { UInt16(truncatingIfNeeded: $0) }, in: narrowWeights, ranks: &ranks)
        } else {
            markPrefixMatches(of: query, in: weights, ranks: &ranks)
        }
    }

    /// ``markPrefixMatches(of:in:)`` over the stored weights, the query coded as they are.
    private func markPrefixMatches<Weight: StoredWeight>(of query: [Weight], in stored: [Weight], ranks: inout RankSet) {
        stored.withUnsafeBufferPointer { all in
            query.withUnsafeBufferPointer { query in
                withWordStarts { starts in
                    let base = all.baseAddress!
                    // The words are sorted by their first `sortedLength` weights only.
                    let head = UnsafeBufferPointer(rebasing: query.prefix(Self.sortedLength))
                    // The words that begin with the query's first weight, where the table knows them.
                    var first = 0..<starts.count
                    if !firstWeightStarts.isEmpty {
                        let code = Int(query[0])
                        guard code + 1 < firstWeightStarts.count else { return }
                        first = Int(firstWeightStarts[code])..<Int(firstWeightStarts[code + 1])
                    }
                    func firstIndex(where above: (Int) -> Bool) -> Int {
                        var low = first.lowerBound, high = first.upperBound
                        while low < high {
                            let middle = (low + high) / 2
                            if above(Self.comparePrefix(base + starts[middle], head)) { high = middle } else { low = middle + 1 }
                        }
                        return low
                    }
                    let lower = firstIndex { $0 >= 0 }
                    let upper = firstIndex { $0 > 0 }
                    wordRankOffsets.withUnsafeBufferPointer { offsets in
                        if query.count > head.count {
                            // Words of one text overlap: checking each in full could cost
                            // words × query; one pass per text finds them all.
                            markWords(lower..<upper, beginning: Array(query), in: stored, ranks: &ranks)
                        } else {
                            let firstRank = UInt32(rankRange.lowerBound)
                            for i in lower..<upper { ranks.insert(firstRank + UInt32(offsets[i])) }
                        }
                    }
                }
            }
        }
    }

    /// Marks the ranks of entries with a text that contains the query; with `candidates`,
    /// only among those entries. With `concurrently`, a large part is scanned in two halves
    /// on two cores; a caller that scans parts on every core itself passes false.
    ///
    /// - Complexity: one pass over the signatures, then one over the weights of the entries
    ///   that may hold the query (or over all weights when most may), sixteen at a time.
    func markSubstringMatches(of query: [UInt32], in ranks: inout RankSet, among candidates: RankSet? = nil,
                              concurrently: Bool = true) {
        guard !query.isEmpty, query.count <= longestText, let query = coded(query) else { return }
        var holders = candidates
        if isFinished {
            let holding = entries(holdingAllOf: query, count: ranks.count)
            if holders == nil { holders = holding } else { holders!.formIntersection(holding) }
        }
        if storesNarrowWeights {
            markSubstringMatches(of: query.map { UInt16(truncatingIfNeeded: $0) }, in: narrowWeights, holders: holders,
                                 among: candidates, ranks: &ranks, concurrently: concurrently)
        } else {
            markSubstringMatches(of: query, in: weights, holders: holders, among: candidates, ranks: &ranks,
                                 concurrently: concurrently)
        }
    }

    /// ``markSubstringMatches(of:in:among:concurrently:)`` over the stored weights, the query
    /// coded as they are, once the entries that may hold it (`holders`) are known.
    private func markSubstringMatches<Weight: StoredWeight>(of query: [Weight], in stored: [Weight], holders: RankSet?,
                                                            among candidates: RankSet?, ranks: inout RankSet,
                                                            concurrently: Bool) {
        // Where most entries may hold the query, one scan of all weights beats a scan per entry.
        guard let holders, candidates != nil || holders.memberCount <= rankRange.count / Self.sparseFraction else {
            markSubstringMatchesEverywhere(of: query, in: stored, ranks: &ranks, concurrently: concurrently)
            return
        }
        markSubstringMatches(of: query, in: stored, inEach: holders.ranks, ranks: &ranks, concurrently: concurrently)
    }

    /// An entry scan pays for itself while at most this fraction of entries is scanned.
    private static let sparseFraction = 4

    /// Scans the weights of each entry given, in two halves on two cores when there are many.
    private func markSubstringMatches<Weight: StoredWeight>(of query: [Weight], in stored: [Weight], inEach entries: [Int],
                                                            ranks: inout RankSet, concurrently: Bool) {
        let parts = concurrently && entries.count >= ParallelWork.threshold && ParallelWork.processorCount > 1 ? 2 : 1
        let ranges = ParallelWork.chunks(of: entries.count, into: parts)
        let entryCount = ranks.count
        let found = ParallelWork.map(count: parts) { part in
            var found = RankSet(count: entryCount)
            for rank in entries[ranges[part]] where rankRange.contains(rank) {
                let entry = rank - rankRange.lowerBound
                let from = Int(entryStarts[entry]), to = Int(entryStarts[entry + 1])
                guard from < to else { continue }
                markSubstringMatches(of: query, in: stored, from: from, to: to, firstEntry: entry, ranks: &found)
            }
            return found
        }
        for part in found { ranks.formUnion(part) }
    }

    /// Below this many weights one thread scans faster than two.
    private static let parallelScanThreshold = 1 << 20

    /// Scans all weights, in two halves on two cores when there are two.
    private func markSubstringMatchesEverywhere<Weight: StoredWeight>(of query: [Weight], in stored: [Weight],
                                                                      ranks: inout RankSet, concurrently: Bool) {
        guard concurrently, stored.count >= Self.parallelScanThreshold, ParallelWork.processorCount > 1, rankRange.count > 1 else {
            markSubstringMatches(of: query, in: stored, from: 0, to: stored.count, firstEntry: 0, ranks: &ranks)
            return
        }
        // The halves meet at the start of an entry.
        let middleEntry = entryStarts.partitioningIndex { Int($0) >= stored.count / 2 }
        let middle = Int(entryStarts[middleEntry])
        let entryCount = ranks.count
        let halves = ParallelWork.map(count: 2) { half in
            var found = RankSet(count: entryCount)
            if half == 0 {
                markSubstringMatches(of: query, in: stored, from: 0, to: middle, firstEntry: 0, ranks: &found)
            } else {
                markSubstringMatches(of: query, in: stored, from: middle, to: stored.count, firstEntry: middleEntry,
                                     ranks: &found)
            }
            return found
        }
        ranks.formUnion(halves[0])
        ranks.formUnion(halves[1])
    }

    /// Above this many weights a query is looked for by ``PatternSearch``, whose pass is
    /// linear whatever the text; shorter ones by the vector scan, whose check of a candidate
    /// costs at most this many comparisons.
    private static let vectorScanLimit = 8

    /// Scans `weights[from..<to]`, which begins with the texts of the entry `firstEntry`
    /// (counted from ``rankRange``'s lower bound) or of a later one.
    private func markSubstringMatches<Weight: StoredWeight>(of query: [Weight], in stored: [Weight], from: Int, to: Int,
                                                            firstEntry: Int, ranks: inout RankSet) {
        guard to - from >= query.count else { return }
        if query.count > Self.vectorScanLimit {
            var entry = firstEntry
            let search = PatternSearch(query)
            stored.withUnsafeBufferPointer { all in
                search.forEachOccurrence(in: UnsafeBufferPointer(rebasing: all[from..<to])) { start in
                    // A match cannot span two texts, let alone two entries: it would contain a 0.
                    while Int(entryStarts[entry + 1]) <= from + start { entry += 1 }
                    ranks.insert(UInt32(rankRange.lowerBound + entry))
                    // The rest of the entry is skipped.
                    return Int(entryStarts[entry + 1]) - from
                }
            }
            return
        }
        stored.withUnsafeBufferPointer { all in
            query.withUnsafeBufferPointer { query in
                entryStarts.withUnsafeBufferPointer { entryStarts in
                    let base = all.baseAddress!
                    // The last position where the query fits.
                    let last = to - query.count
                    var entry = firstEntry
                    let firstRank = rankRange.lowerBound
                    // After a match the rest of its entry is skipped.
                    var resume = from
                    func check(_ position: Int) {
                        guard position >= resume, Self.comparePrefix(base + position, query) == 0 else { return }
                        // A match cannot span two texts, let alone two entries: it would
                        // contain a 0.
                        while Int(entryStarts[entry + 1]) <= position { entry += 1 }
                        ranks.insert(UInt32(firstRank + entry))
                        resume = Int(entryStarts[entry + 1])
                    }
                    // The hot loop looks for the query's first weights (up to four), a
                    // vector at a time: a first letter alone is common ("a"), four
                    // together are not. Loads at `position + k` for k < query.count stay
                    // inside the range because the query fits after `last`.
                    let lanes = Weight.vectorLanes
                    let filters = min(query.count, 4)
                    let leading = (query[0], filters > 1 ? query[1] : 0, filters > 2 ? query[2] : 0,
                                   filters > 3 ? query[3] : 0)
                    var position = from
                    while position + lanes <= last + 1 {
                        var hits = Weight.lanes(at: base + position, beginning: leading, filters: filters)
                        while hits != 0 {
                            check(position + hits.trailingZeroBitCount)
                            hits &= hits - 1
                        }
                        position = max(position + lanes, resume)
                    }
                    position = max(position, resume)
                    while position <= last {
                        if base[position] == query[0] { check(position) }
                        position += 1
                    }
                }
            }
        }
    }

    /// Whether any text holds a match (for one entry, without sorted words).
    func containsMatch(of query: [UInt32], mode: NameMatcher.Mode) -> Bool {
        guard !query.isEmpty else { return true }
        guard query.count <= weights.count else { return false }
        switch mode {
        case .prefix, .t9:
            var ranks = RankSet(count: 1)
            markWords(0..<wordCount, beginning: query, in: weights, ranks: &ranks)
            return !ranks.isEmpty
        case .substring:
            return weights.withUnsafeBufferPointer { PatternSearch(query).occurs(in: $0) }
        }
    }

    /// A query ready to be matched against single entries (``matchesEntry(_:)``): each word's
    /// weight sequences, with the pattern search of each made once.
    struct Query {
        /// Per query word, its alternatives: the weights and their pattern search.
        let words: [[(weights: [UInt32], search: PatternSearch<UInt32>)]]
        let mode: NameMatcher.Mode

        init(plan: QueryPlan, mode: NameMatcher.Mode) {
            words = plan.tokens.map { $0.map { ($0, PatternSearch($0)) } }
            self.mode = mode
        }
    }

    /// Up to this many weights a prefix is compared at each word start; a longer one is
    /// looked for by one ``PatternSearch`` pass, so that a line of a million one-letter words
    /// costs no more than its length.
    private static let directPrefixLimit = 16

    /// Whether every word of the query matches a text of the table (which holds one entry:
    /// its word starts ascending), as ``SearchList`` would match that entry.
    ///
    /// - Complexity: linear in the entry's weights for each alternative of each query word.
    func matchesEntry(_ query: Query) -> Bool {
        weights.withUnsafeBufferPointer { all in
            wordStarts.withUnsafeBufferPointer { starts in
                query.words.allSatisfy { alternatives in
                    alternatives.contains { weights, search in
                        guard !weights.isEmpty, weights.count < all.count else { return false }
                        if query.mode == .substring { return search.occurs(in: all) }
                        if weights.count <= Self.directPrefixLimit {
                            // The query holds no 0: a text's terminating 0 ends the comparison.
                            return weights.withUnsafeBufferPointer { weights in
                                starts.contains { Self.comparePrefix(all.baseAddress! + Int($0), weights) == 0 }
                            }
                        }
                        // Occurrences and word starts both ascend: one merge finds a common one.
                        var word = 0
                        var found = false
                        search.forEachOccurrence(in: all) { start in
                            while word < starts.count, Int(starts[word]) < start { word += 1 }
                            guard word < starts.count else { return all.count }
                            if Int(starts[word]) == start { found = true; return all.count }
                            return nil
                        }
                        return found
                    }
                }
            }
        }
    }

    /// Turns weights appended as codes of `codes` (``WordForms``) back into primaries: a
    /// table of one entry, matched against a query in primaries.
    mutating func decode(_ codes: WeightCodes) {
        precondition(!isFinished, "WeightTable: a finished table keeps its codes")
        weights.withUnsafeMutableBufferPointer { weights in
            for i in weights.indices where weights[i] != 0 { weights[i] = codes.primary(ofCode: weights[i]) }
        }
    }

    /// Empties the table, keeping its storage for the next entry.
    mutating func removeAll() {
        weights.removeAll(keepingCapacity: true)
        textStarts.removeAll(keepingCapacity: true)
        textRanks.removeAll(keepingCapacity: true)
        wordStarts.removeAll(keepingCapacity: true)
        wordStartOffsets.removeAll(keepingCapacity: true)
        firstWeightStarts.removeAll(keepingCapacity: true)
        wordRanks.removeAll(keepingCapacity: true)
        wordRankOffsets.removeAll(keepingCapacity: true)
        entryStarts.removeAll(keepingCapacity: true)
        signatures.removeAll(keepingCapacity: true)
        rankRange = 0..<0
        isFinished = false
        longestText = 0
    }

    /// How many words the table holds.
    var wordCount: Int { max(wordStarts.count, wordStartOffsets.count) }

    /// The rank of the entry of a word (an index into ``wordStarts``).
    @inline(__always)
    func rank(ofWord word: Int) -> UInt32 {
        isFinished ? UInt32(rankRange.lowerBound) + UInt32(wordRankOffsets[word]) : wordRanks[word]
    }

    /// Marks the ranks of the words (indices into ``wordStarts``) that begin with the query:
    /// one ``PatternSearch`` pass over the weights of each entry that holds one of them (all
    /// weights in a table not finished, which holds one entry). A query holds no 0, so no
    /// occurrence spans two texts.
    ///
    /// - Complexity: linear in those entries' weights.
    private func markWords<Weight: StoredWeight>(_ words: Range<Int>, beginning query: [Weight], in stored: [Weight],
                                                 ranks: inout RankSet) {
        guard !words.isEmpty else { return }
        var rankOfStart: [UInt32: UInt32] = [:]
        var entries = Set<Int>()
        withWordStarts { starts in
            for i in words {
                let rank = rank(ofWord: i)
                rankOfStart[UInt32(starts[i])] = rank
                entries.insert(isFinished ? Int(rank) - rankRange.lowerBound : 0)
            }
        }
        let search = PatternSearch(query)
        stored.withUnsafeBufferPointer { all in
            for entry in entries {
                let from = isFinished ? Int(entryStarts[entry]) : 0
                let to = isFinished ? Int(entryStarts[entry + 1]) : all.count
                search.forEachOccurrence(in: UnsafeBufferPointer(rebasing: all[from..<to])) { start in
                    if let rank = rankOfStart[UInt32(from + start)] { ranks.insert(rank) }
                    return nil
                }
            }
        }
    }
}


/// A set of entry ranks, one bit each: marking is cheap, and reading it back gives the ranks
/// in index order without a sort.
struct RankSet {
    private(set) var words: [UInt64]
    let count: Int

    init(count: Int) {
        self.count = count
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    @inline(__always)
    mutating func insert(_ rank: UInt32) {
        words[Int(rank >> 6)] |= 1 << UInt64(rank & 63)
    }

    mutating func formUnion(_ other: RankSet) {
        for i in words.indices { words[i] |= other.words[i] }
    }

    mutating func formIntersection(_ other: RankSet) {
        for i in words.indices { words[i] &= other.words[i] }
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// How many ranks the set holds.
    var memberCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The ranks in the set, ascending.
    var ranks: [Int] {
        var result: [Int] = []
        result.reserveCapacity(memberCount)
        for (i, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                result.append(i << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }
}
