import Collation

extension NameMatcher {
    /// The entries of a name source that match a query, in index order, each with its
    /// section: one search without preparing a list.
    ///
    /// Each entry is weighed, romanised and matched on its own, on every core, and nothing
    /// is kept for the entries that do not match; only the matches are grouped and sorted.
    /// This is what the command line's `search` does with its input file: for one query over
    /// a long list it takes less time and far less memory than ``prepare(names:readings:)``
    /// followed by ``SearchList/search(_:mode:)``, which pays off from the second query on.
    ///
    /// ```swift
    /// let matcher = try NameMatcher(locale: "zh")
    /// let order = matcher.groupedMatches(of: "zw", in: ["王芳", "张伟", "Zoe Wang"])
    /// order.entries.map(\.position)                      // [1, 2]: 张伟 and Zoe Wang, by initials
    /// order.entries.map { order.labels[$0.section] }     // ["Z", "Z"]
    /// ```
    ///
    /// - Parameters:
    ///   - query: what the user typed; see ``matches(name:reading:query:mode:)``.
    ///   - names: the names.
    ///   - readings: their readings, or nil; missing trailing readings count as nil, and an
    ///     empty reading counts as none.
    ///   - mode: ``Mode/prefix`` (the default), ``Mode/substring`` or ``Mode/t9``.
    /// - Returns: the matches' positions in `names`, in index order, each with its section.
    /// - Complexity: one weighing and romanisation per entry, plus the grouping of the
    ///   matches.
    public func groupedMatches(of query: String, in names: [String], readings: [String?] = [],
                               mode: Mode = .prefix) -> GroupedOrder {
        let readings = names.indices.map { $0 < readings.count ? readings[$0] : nil }
        return groupedMatches(of: query, in: StringNames(names: names, readings: readings), mode: mode)
    }

    /// The entries of any name source (the command line's input buffer) that match a query,
    /// in index order, each with its section; see ``groupedMatches(of:in:readings:mode:)``.
    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    public func groupedMatches<Source: NameSource>(of query: String, in source: Source,
                                                   mode: Mode = .prefix) -> GroupedOrder {
        // ICU's Han-Latin takes a quarter of a second to open, once per process: it opens on
        // a thread of its own at the first run of Han the prefilter has not seen, and until
        // it is open the entries that need it wait while the workers take the others.
        let hanReadings = romanizer.pinyin == nil ? nil
            : Transliteration.BackgroundOpening(ids: Transliteration.hanReadingIDs)
        return groupedMatches(of: query, in: source, mode: mode, hanReadings: hanReadings)
    }

    /// ``groupedMatches(of:in:mode:)`` with the opening of the transliterators that read Han
    /// as Chinese, which tests slow down to see the entries that wait for it.
    func groupedMatches<Source: NameSource>(of query: String, in source: Source, mode: Mode,
                                            hanReadings: Transliteration.BackgroundOpening?) -> GroupedOrder {
        let queryPlan = weighers.withWeigher { plan(query, weigher: $0, mode: mode) }
        if queryPlan.matchesEverything { return index.groupedOrder(source) }
        let positions = matchingPositions(in: source, plan: queryPlan, mode: mode, hanReadings: hanReadings)
        var order = index.groupedOrder(SubsetSource(base: source, positions: positions))
        for i in order.entries.packed.indices {
            order.entries.packed[i].position = UInt32(positions[Int(order.entries.packed[i].position)])
        }
        return order
    }

    /// Lines per block of work: workers take every `workers`-th block, so that a run of
    /// slow lines (a block of Japanese names) is shared out, and each keeps one memo of
    /// transliterated words.
    private static let blockSize = 4_096

    /// The positions of the entries that match, ascending.
    private func matchingPositions<Source: NameSource>(in source: Source, plan: QueryPlan, mode: Mode,
                                                       hanReadings: Transliteration.BackgroundOpening?) -> [Int] {
        let count = source.count
        let workers = count < ParallelWork.threshold ? 1 : ParallelWork.processorCount
        let blockCount = (count + Self.blockSize - 1) / Self.blockSize
        let query = WeightTable.Query(plan: plan, mode: mode)
        let prefilter = weighers.withWeigher { MatchPrefilter(plan: plan, mode: mode, contractions: contractions, weigher: $0) }
        let found = ParallelWork.map(count: workers) { worker in
            var positions: [Int] = []
            var deferred: [Int] = []
            var table = WeightTable()
            let memo = SpellingMemo()
            var scanner = prefilter.map(MatchPrefilter.Scanner.init)
            weighers.withWeigher { weigher in
                // Each distinct word weighed and unmarked once, each name's spellings made once
                // for the names that differ only in a last ASCII word, as a prepared list's
                // parts do (``WordForms``): the entries that pass the prefilter repeat their
                // words as every list does.
                var words = WordForms(weigher: weigher)
                /// Whether the entry matches, matched in full.
                func matchesInFull(_ position: Int) -> Bool {
                    let name = source.name(position), reading = source.reading(position)
                    table.removeAll()
                    words.append(rank: 0, name: name, reading: reading, matcher: self, memo: memo, to: &table)
                    // The query is in primaries: so must the entry be.
                    table.decode(words.weightCodes)
                    return table.matchesEntry(query)
                        && plan.dialPadWords.allSatisfy { table.containsDialPadMatch(of: $0, pad: dialPad) }
                        && plan.literalsOccur(inName: name, reading: reading)
                }
                /// What the prefilter says of the entry; entries always may match without one.
                func verdict(_ position: Int, hanReadings: Transliteration.BackgroundOpening?) -> MatchPrefilter.Scanner.Verdict {
                    guard scanner != nil else { return .mayMatch }
                    return source.withName(position) { name in
                        source.withReading(position) { reading in
                            scanner!.verdict(name: name, reading: reading, romanizer: romanizer, memo: memo,
                                             weigher: weigher, hanReadings: hanReadings)
                        }
                    }
                }
                for block in stride(from: worker, to: blockCount, by: workers) {
                    for position in (block * Self.blockSize)..<min(count, (block + 1) * Self.blockSize) {
                        // Most entries cannot match: they are turned away before their forms
                        // are made.
                        switch verdict(position, hanReadings: hanReadings) {
                        case .cannotMatch: continue
                        case .deferred: deferred.append(position)
                        case .mayMatch: if matchesInFull(position) { positions.append(position) }
                        }
                    }
                }
                guard !deferred.isEmpty else { return }
                hanReadings?.waitUntilOpen()
                for position in deferred where verdict(position, hanReadings: nil) == .mayMatch && matchesInFull(position) {
                    positions.append(position)
                }
                positions.sort()
            }
            return positions
        }
        return workers == 1 ? found[0] : found.joined().sorted()
    }
}

/// Some entries of a name source, by their positions in it.
struct SubsetSource<Base: NameSource>: NameSource {
    let base: Base
    let positions: [Int]

    var count: Int { positions.count }

    func withName<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        base.withName(positions[i], body)
    }

    func withReading<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        base.withReading(positions[i], body)
    }
}
