import Collation

/// A list prepared for searching: every element's weights and Latin spellings computed once,
/// in the order and sections of the matcher's index.
///
/// ```swift
/// let matcher = try NameMatcher(locale: "zh")
/// let list = matcher.prepare(names: ["张伟", "王芳", "Zoe"])
/// list.search("zw").map(\.element)                  // ["张伟"]
/// list.search("z").map { "\($0.label) \($0.element)" } // ["Z 张伟", "Z Zoe"]
/// list.sections(matching: "wang").map(\.label)        // ["W"]
/// ```
///
/// Results come in index order (the order of ``ContactsIndex/sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)``),
/// each with the label of its section.
public struct SearchList<Element> {
    /// The matcher the list was prepared with.
    public let matcher: NameMatcher
    /// The elements, in input order: a match reads its own through ``inputPositions``, so
    /// preparing copies no element.
    let elements: [Element]
    /// Each element's position in the input, in index order, in four bytes: a list's ranks
    /// are counted in 32 bits (``RankSet``).
    let inputPositions: [UInt32]
    /// The sections of the elements in index order, as runs: run `i` holds the ranks from
    /// the end of run `i − 1` up to `sectionRuns[i].end`, all in section `sectionRuns[i].section`.
    /// A section's elements are next to each other in index order, so there is about one run
    /// per section: a few hundred bytes where a section number per element took 4 MB at 1M.
    let sectionRuns: [SectionRun]

    struct SectionRun: Sendable {
        var end: UInt32
        var section: Int32
    }

    /// The runs of ``sectionRuns`` for the sections of elements in index order.
    static func sectionRuns<S: Sequence>(of sections: S) -> [SectionRun] where S.Element == Int {
        var runs: [SectionRun] = []
        var count: UInt32 = 0
        for section in sections {
            if runs.last?.section != Int32(section) { runs.append(SectionRun(end: count, section: Int32(section))) }
            count += 1
            runs[runs.count - 1].end = count
        }
        return runs
    }

    /// The section number of the element at a rank (its position in index order).
    func sectionNumber(atRank rank: Int) -> Int {
        // The first run that ends after the rank.
        var low = 0, high = sectionRuns.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(sectionRuns[middle].end) > rank { high = middle } else { low = middle + 1 }
        }
        return Int(sectionRuns[low].section)
    }
    /// The index's section labels and kinds, by section number.
    let sectionLabels: [String]
    let sectionKinds: [SectionKind]
    /// The list's weights in parts of consecutive ranks, each built on one core and kept as
    /// it was built: a query marks its matches in each.
    let parts: [WeightTable]
    /// Each element's name and reading, in input order: what symbol queries are matched in.
    let names: [String]
    let readings: [String?]

    /// How many elements the list holds.
    public var count: Int { elements.count }

    /// The elements that match a query, in index order, each with its section's label.
    ///
    /// ```swift
    /// let list = try NameMatcher(locale: "sv").prepare(names: ["Åsa", "Asta", "Ola Åberg"])
    /// list.search("å").map(\.element)        // ["Ola Åberg", "Åsa"]: Å words, in index order
    /// ```
    ///
    /// - Parameters:
    ///   - query: what the user typed; see ``NameMatcher/matches(name:reading:query:mode:)``.
    ///   - mode: ``NameMatcher/Mode/prefix`` (the default), ``NameMatcher/Mode/substring`` or
    ///     ``NameMatcher/Mode/t9``.
    /// - Returns: the matches, in index order; each is made when it is read.
    /// - Complexity: prefix: O(*p* log *w*) for *w* words beginning with the query's first
    ///   weight in each of *p* parts (four per core, or one per 8,192 entries, as it was
    ///   prepared), plus the matches; substring: one pass over the list's weights. Either way,
    ///   O(*n* / 64) to collect the matches.
    public func search(_ query: String, mode: NameMatcher.Mode = .prefix) -> SearchResults<Element> {
        SearchResults(list: self, ranks: ranks(matching: query, mode: mode))
    }

    func match(atRank rank: Int) -> SearchMatch<Element> {
        let position = Int(inputPositions[rank])
        return SearchMatch(element: elements[position], position: position, label: sectionLabels[sectionNumber(atRank: rank)])
    }

    /// The input positions of the elements that match, in index order: the search without
    /// building results.
    public func positions(matching query: String, mode: NameMatcher.Mode = .prefix) -> [Int] {
        ranks(matching: query, mode: mode).map { Int(inputPositions[$0]) }
    }

    /// The matches grouped into their sections, in index order: the list to show while the
    /// user types.
    public func sections(matching query: String, mode: NameMatcher.Mode = .prefix) -> [Section<Element>] {
        var sections: [Section<Element>] = []
        var current = -1
        let ids = SectionKind.ids(labels: sectionLabels, kinds: sectionKinds)
        var run = 0
        for rank in ranks(matching: query, mode: mode) {
            // Ranks ascend: the run of each is at or after the previous one's.
            while Int(sectionRuns[run].end) <= rank { run += 1 }
            let number = Int(sectionRuns[run].section)
            if number != current {
                sections.append(Section(label: sectionLabels[number], kind: sectionKinds[number], items: [], id: ids[number]))
                current = number
            }
            sections[sections.count - 1].items.append(elements[Int(inputPositions[rank])])
        }
        return sections
    }

    /// The ranks (positions in index order) of the matching elements, ascending.
    func ranks(matching query: String, mode: NameMatcher.Mode) -> [Int] {
        let plan = matcher.weighers.withWeigher { matcher.plan(query, weigher: $0, mode: mode) }
        if plan.matchesEverything { return Array(0..<count) }
        var result: RankSet?
        for keys in plan.dialPadWords {
            var ranks = RankSet(count: count)
            for part in parts { part.markDialPadMatches(of: keys, pad: matcher.dialPad, in: &ranks) }
            if result == nil { result = ranks } else { result!.formIntersection(ranks) }
        }
        // The longest word first: it matches fewest entries, and a substring search for
        // each further word scans only the entries that are still in.
        let tokens = plan.tokens.sorted { $0[0].count > $1[0].count }
        for alternatives in tokens {
            var ranks = RankSet(count: count)
            for weights in alternatives {
                switch mode {
                case .prefix, .t9: for part in parts { part.markPrefixMatches(of: weights, in: &ranks) }
                case .substring: markSubstringMatches(of: weights, in: &ranks, among: result)
                }
            }
            if result == nil {
                result = ranks
            } else {
                result!.formIntersection(ranks)
            }
            if result!.isEmpty { break }
        }
        guard !plan.literals.isEmpty else { return result?.ranks ?? [] }
        // Words of symbols are matched as written, among the entries the others left.
        return (result?.ranks ?? Array(0..<count)).filter {
            let position = Int(inputPositions[$0])
            return plan.literalsOccur(inName: names[position], reading: readings[position])
        }
    }
}

extension SearchList {
    /// Marks the entries with a text that contains the query, the parts scanned on every
    /// core, a few at a time: each part is too small to be worth scanning in halves.
    private func markSubstringMatches(of query: [UInt32], in ranks: inout RankSet, among candidates: RankSet?) {
        guard parts.count > 1, ParallelWork.processorCount > 1 else {
            for part in parts { part.markSubstringMatches(of: query, in: &ranks, among: candidates) }
            return
        }
        let groups = ParallelWork.chunks(of: parts.count, into: min(parts.count, ParallelWork.chunkCount(for: count)))
        let entryCount = count
        let found = ParallelWork.map(count: groups.count) { group in
            var found = RankSet(count: entryCount)
            for part in parts[groups[group]] {
                part.markSubstringMatches(of: query, in: &found, among: candidates, concurrently: false)
            }
            return found
        }
        for part in found { ranks.formUnion(part) }
    }
}

extension SearchList: Sendable where Element: Sendable {}

/// The matches of one search, in index order.
///
/// ```swift
/// let results = list.search("tana")
/// results.count                 // how many matched
/// results.first?.label          // the section of the first one
/// ```
public struct SearchResults<Element>: RandomAccessCollection {
    let list: SearchList<Element>
    /// The matches' positions in index order, ascending.
    let ranks: [Int]

    public var startIndex: Int { 0 }
    public var endIndex: Int { ranks.count }

    public subscript(position: Int) -> SearchMatch<Element> {
        list.match(atRank: ranks[position])
    }
}

extension SearchResults: Sendable where Element: Sendable {}

/// One element that matched a search.
///
/// ```swift
/// let match = try NameMatcher(locale: "zh").prepare(names: ["王芳", "张伟"]).search("zw")[0]
/// match.element    // "张伟"
/// match.label      // "Z": its section, by pinyin
/// match.position   // 1: its place in the prepared collection
/// ```
public struct SearchMatch<Element> {
    /// The caller's element.
    public var element: Element
    /// Its position in the prepared collection.
    public var position: Int
    /// The label of the section it belongs to ("A", "た", "#").
    public var label: String
}

extension SearchMatch: Sendable where Element: Sendable {}
extension SearchMatch: Equatable where Element: Equatable {}
extension SearchMatch: Hashable where Element: Hashable {}

extension NameMatcher {
    /// Prepares a list for searching: each element's name and reading weighed and romanised
    /// once, in the order and sections of the matcher's index.
    ///
    /// ```swift
    /// struct Contact { var name: String; var reading: String? }
    /// let list = try NameMatcher(locale: "ja").prepare(contacts, name: \.name, reading: \.reading)
    /// list.search("たな")     // 田中 (たなか) and every other name with a word from たな
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any collection; its elements come back as they are.
    ///   - name: the display name of an element.
    ///   - reading: its reading, or nil.
    /// - Returns: the prepared list.
    /// - Complexity: the index's grouping, plus one weighing and one romanisation per name
    ///   and reading, plus a sort of all words.
    public func prepare<C: Collection>(_ elements: C, name: KeyPath<C.Element, String>,
                                       reading: KeyPath<C.Element, String?>? = nil) -> SearchList<C.Element> {
        prepare(elements, name: { $0[keyPath: name] }, reading: reading.map { path in { $0[keyPath: path] } })
    }

    /// Prepares a list for searching, with closures for the name and the reading.
    ///
    /// ```swift
    /// let list = try NameMatcher(locale: "en").prepare(people, name: { $0.given + " " + $0.family })
    /// ```
    public func prepare<C: Collection>(_ elements: C, name: (C.Element) -> String,
                                       reading: ((C.Element) -> String?)? = nil) -> SearchList<C.Element> {
        let items = Array(elements)
        let names = items.map(name)
        let readings = reading.map { items.map($0) } ?? Array(repeating: nil, count: items.count)
        return prepare(items, names: names, readings: readings)
    }

    /// Prepares plain names, with their readings (the benchmark's entry point).
    ///
    /// ```swift
    /// let list = try NameMatcher(locale: "ja").prepare(names: ["田中", "Smith"], readings: ["たなか", nil])
    /// list.positions(matching: "tana")     // [0]
    /// ```
    ///
    /// - Parameters:
    ///   - names: the names.
    ///   - readings: the reading of each name, or nil; missing ones count as nil.
    public func prepare(names: [String], readings: [String?] = []) -> SearchList<String> {
        // Readings of the names' count are the list's own as they are: a copy would hold a
        // second array of a million optionals at the peak.
        let readings = readings.count == names.count ? readings
            : names.indices.map { $0 < readings.count ? readings[$0] : nil }
        return prepare(names, names: names, readings: readings)
    }

    /// Entries in one part of a prepared list, at most (about): a part's build leaves behind
    /// what it grew and sorted, and the last parts to finish hold theirs at the peak. At
    /// 1M names, 32 parts rather than 8 lowered the peak by about 70 MB, and 123 rather than
    /// 31 by 25 MB more (274-293 MB to 246-249 MB) for the same instructions (callgrind, 0.3 %
    /// more); a prefix query pays a search more per part, inside the words that begin with
    /// its first weight (``WeightTable/firstWeightStarts``): 0.6-0.7 ms at 1M names.
    static let searchPartSize = 8_192

    /// Lists at least this long open the transliterators that read Han before they are
    /// grouped; a shorter one opens them when a part first needs them (most never do).
    static let backgroundOpeningCount = 10_000

    /// Whether a name may hold Han: a UTF-8 lead byte of U+3000–U+9FFF (Han, and kana, CJK
    /// symbols) or of a supplementary plane (Han extensions, and emoji). Stops at the first.
    static func mayHoldHan(_ names: [String]) -> Bool {
        names.contains { name in name.utf8.contains { (0xE3...0xE9).contains($0) || $0 >= 0xF0 } }
    }

    /// How many parts a list of `count` entries is prepared in: four per core, or more when
    /// they would be larger than ``searchPartSize``.
    static func searchPartCount(for count: Int) -> Int {
        max(ParallelWork.chunkCount(for: count), (count + searchPartSize - 1) / searchPartSize)
    }

    private func prepare<E>(_ items: [E], names: [String], readings: [String?]) -> SearchList<E> {
        // ICU's Han-Latin rules take a tenth of a second to parse, once per process. A large
        // list with Han has them parsed on a thread of their own while it is grouped, rather
        // than by the first part to meet Han while the other cores wait for them too.
        if romanizer.pinyin != nil, names.count >= Self.backgroundOpeningCount, Self.mayHoldHan(names) {
            _ = Transliteration.BackgroundOpening(ids: Transliteration.hanReadingIDs).isOpen()
        }
        var grouped = index.groupedOrder(names: names, readings: readings)
        // The order as the list keeps it, made before the parts: the grouping's entries are
        // gone by the peak, which comes as the parts end.
        precondition(names.count <= Int(UInt32.max), "SearchList: more names than a rank counts")
        let inputPositions = grouped.entries.packed.map(\.position)
        let sectionRuns = SearchList<E>.sectionRuns(of: grouped.entries.packed.lazy.map { Int($0.section) })
        grouped.entries = []
        // Chunks of ranks on every core, each into a table of its own that the list keeps:
        // joining them would hold every weight twice and merge every word again.
        let ranges = ParallelWork.chunks(of: inputPositions.count, into: Self.searchPartCount(for: inputPositions.count))
        let parts = ParallelWork.map(count: ranges.count) { chunk in
            var table = WeightTable()
            let memo = SpellingMemo()
            let codes = weighers.withWeigher { weigher in
                // Each distinct word weighed and unmarked once, each name's spellings made
                // once for all the names that differ only in a last ASCII word (WordForms),
                // in the part's own codes of primaries, two bytes each once finished.
                var words = WordForms(weigher: weigher)
                for rank in ranges[chunk] {
                    let position = Int(inputPositions[rank])
                    words.append(rank: UInt32(rank), name: names[position], reading: readings[position],
                                 matcher: self, memo: memo, to: &table)
                }
                return words.weightCodes
            }
            table.finish(ranks: ranges[chunk], codes: codes)
            return table
        }
        return SearchList(matcher: self, elements: items,
                          inputPositions: inputPositions, sectionRuns: sectionRuns,
                          sectionLabels: grouped.labels, sectionKinds: grouped.kinds, parts: parts,
                          names: names, readings: readings)
    }
}
