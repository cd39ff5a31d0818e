import Collation

/// A cheap test that turns away the entries a query cannot match, before their search forms
/// (spellings, initials, forms without marks) are made and weighed: what lets one search of
/// a long list cost little more than reading it.
///
/// A query word matches only where a text of the entry holds all its weights, the first at
/// the start of a word (in ``NameMatcher/Mode/prefix`` and ``NameMatcher/Mode/t9``). Every
/// weight of every searchable text comes from one of its characters: the character's own
/// weights, those of its compatibility decomposition and stroke base (the form without
/// marks), or those of a contraction holding it. The characters of the texts are those of
/// the name, of the reading and of the spellings of their runs of Han, kana, Hangul, Cyrillic
/// and Greek. So the entry is turned away when no character of these can give some weight
/// of the word, or none that can begin a word can give its first weight. Whatever passes is
/// matched in full, so the test changes what is found only if it turns away a match; it
/// errs the other way wherever in doubt:
///
/// - a character may begin a word after white space, punctuation, a symbol, a mark, a
///   format or control character, a character without weights, a Han character or Hangul
///   syllable, a change of script, or at any character whose compatibility decomposition
///   holds one of these;
/// - a run is spelled in every way any context could spell it (as a surname and not,
///   Russian, Ukrainian and Serbian rules), and the spellings of each run text are kept for
///   the next entry that holds it (names repeat their surnames and given names);
/// - a modifier letter (Japanese ー, whose weight follows the kana before it) may give any
///   weight;
/// - an entry too long to be spelled whole, or not valid UTF-8, is always matched in full.
///
/// ```swift
/// // "mar": an entry passes when it has a word that can begin with m, and an a and an r.
/// ```
struct MatchPrefilter: Sendable {
    /// The bit of each distinct weight of the query.
    private let bits: [UInt32: UInt64]
    /// Per query word, its alternatives: the bits of all their weights and of the first.
    private var words: [[(all: UInt64, first: UInt64)]]
    /// The first weight must begin a word (every mode but substring).
    private let firstBeginsWord: Bool
    /// For each code point of a contraction, the bits of the query weights that contractions
    /// holding it have.
    private let contractionBits: [UInt32: UInt64]
    /// The facts of every ASCII character, by its value: what most characters of most lists
    /// are, looked up without a call.
    private var asciiFacts: [CharacterFacts] = []

    /// A prefilter for a query plan; nil when it would turn nothing away (no words to weigh,
    /// or more distinct weights than it tracks).
    init?(plan: QueryPlan, mode: NameMatcher.Mode, contractions: [Unicode.Scalar: [String]],
          weigher: ICU.SearchWeigher) {
        guard !plan.tokens.isEmpty else { return nil }
        var bits: [UInt32: UInt64] = [:]
        for weight in plan.tokens.joined().joined() where bits[weight] == nil {
            guard bits.count < UInt64.bitWidth else { return nil }
            bits[weight] = 1 << UInt64(bits.count)
        }
        self.bits = bits
        words = plan.tokens.map { alternatives in
            alternatives.map { weights in
                (weights.reduce(0) { $0 | bits[$1]! }, bits[weights[0]]!)
            }
        }
        firstBeginsWord = mode != .substring
        var contractionBits: [UInt32: UInt64] = [:]
        for contraction in contractions.values.joined() {
            let found = weigher.weights(of: contraction).reduce(0) { $0 | (bits[$1] ?? 0) }
            guard found != 0 else { continue }
            for scalar in contraction.unicodeScalars { contractionBits[scalar.value, default: 0] |= found }
        }
        self.contractionBits = contractionBits
        asciiFacts = (0..<0x80).map { facts(of: Unicode.Scalar(UInt8($0)), weigher: weigher) }
    }

    /// The query weights the characters of some texts can give: anywhere, and at the start
    /// of a word.
    struct Coverage {
        var anywhere: UInt64 = 0
        var atWordStart: UInt64 = 0

        mutating func formUnion(_ other: Coverage) {
            anywhere |= other.anywhere
            atWordStart |= other.atWordStart
        }
    }

    /// Whether the coverage leaves every query word a chance.
    /// A copy whose arrays are its own. Each worker's scanner reads them for every line, and
    /// arrays shared by every worker had their reference counts updated from every core at
    /// once: 6 % of `search`'s time went to those retains and releases.
    func unshared() -> MatchPrefilter {
        var copy = self
        copy.words = words.map { $0.map { $0 } }
        copy.asciiFacts = asciiFacts.map { $0 }
        return copy
    }

    private func admits(_ coverage: Coverage) -> Bool {
        let starts = firstBeginsWord ? coverage.atWordStart : coverage.anywhere
        return words.allSatisfy { alternatives in
            alternatives.contains { $0.all & ~coverage.anywhere == 0 && $0.first & starts != 0 }
        }
    }

    /// What search needs to know of one character.
    struct CharacterFacts {
        /// The query weights the character can give.
        var bits: UInt64
        /// The next character may begin a word.
        var breaksAfter: Bool
        /// The character itself may begin a word wherever it stands.
        var beginsWord: Bool
        /// The script class, for where words begin.
        var kind: SearchRomanizer.RunKind
        /// The run the character belongs to; nil for a combining mark, which joins the run
        /// before it.
        var runKind: SearchRomanizer.RunKind?
    }

    /// One worker's scanner: the facts of the characters and the coverage of the runs it has
    /// met, so that each is worked out once.
    struct Scanner {
        let filter: MatchPrefilter
        /// The facts of the rest of the Basic Multilingual Plane, by code point: made at the
        /// first such character, since a hashed lookup a character cost a tenth of the scan.
        private var bmpFacts: [CharacterFacts?] = []
        private var otherFacts: [UInt32: CharacterFacts] = [:]
        /// By the UTF-8 of the run: a lookup neither makes a `String` nor hashes its
        /// normalized form, which cost more than the rest of a line's scan.
        private var runCoverage = RunCoverageTable()
        private var spelledRuns: [(bytes: Range<Int>, kind: SearchRomanizer.RunKind)] = []

        init(filter: MatchPrefilter) {
            self.filter = filter.unshared()
        }

        /// Whether an entry may match: false only when it cannot.
        mutating func admits(name: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?,
                             romanizer: SearchRomanizer, memo: SpellingMemo, weigher: ICU.SearchWeigher) -> Bool {
            verdict(name: name, reading: reading, romanizer: romanizer, memo: memo, weigher: weigher) != .cannotMatch
        }

        /// What the prefilter says of an entry.
        enum Verdict {
            /// No text of the entry can hold every query word.
            case cannotMatch
            /// The entry is to be matched in full.
            case mayMatch
            /// A run of Han not met before is to be spelled while `hanReadings` are still
            /// being opened: the entry is to be judged again once they are open.
            case deferred
        }

        /// Whether an entry may match, or (with `hanReadings`, when they are not open yet and
        /// the entry holds a run of Han not spelled before) that it is to be judged later.
        mutating func verdict(name: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?,
                              romanizer: SearchRomanizer, memo: SpellingMemo, weigher: ICU.SearchWeigher,
                              hanReadings: Transliteration.BackgroundOpening? = nil) -> Verdict {
            var coverage = Coverage()
            var japanese = false
            if let reading {
                switch add(reading, readsHan: true, to: &coverage, romanizer: romanizer, memo: memo, weigher: weigher,
                           hanReadings: hanReadings) {
                case .unjudged: return .mayMatch
                case .deferred: return .deferred
                case .added(let holdsKana): japanese = holdsKana
                }
            }
            // A name with a kana reading is Japanese: its kanji are not spelled in pinyin.
            switch add(name, readsHan: !japanese, to: &coverage, romanizer: romanizer, memo: memo, weigher: weigher,
                       hanReadings: hanReadings) {
            case .unjudged: return .mayMatch
            case .deferred: return .deferred
            case .added: return filter.admits(coverage) ? .mayMatch : .cannotMatch
            }
        }

        /// What adding a text to a coverage came to.
        private enum Addition {
            /// Added; whether the text holds kana.
            case added(holdsKana: Bool)
            /// The text cannot be judged (not valid UTF-8, or too long to be spelled whole).
            case unjudged
            /// A run of Han must wait for its readings (see ``Verdict/deferred``).
            case deferred
        }

        /// Adds what a text and its spellings can give.
        private mutating func add(_ text: UnsafeBufferPointer<UInt8>, readsHan: Bool, to coverage: inout Coverage,
                                  romanizer: SearchRomanizer, memo: SpellingMemo, weigher: ICU.SearchWeigher,
                                  hanReadings: Transliteration.BackgroundOpening?) -> Addition {
            // The scratch array is borrowed, so that scanning can mutate the scanner.
            var runs = spelledRuns
            spelledRuns = []
            defer { spelledRuns = runs }
            runs.removeAll(keepingCapacity: true)
            guard let scalars = scan(text, into: &coverage, runs: &runs, weigher: weigher) else { return .unjudged }
            guard !runs.isEmpty else { return .added(holdsKana: false) }
            // Spelled runs come from the text cut short, as `SearchRomanizer` cuts it.
            guard scalars <= SearchRomanizer.maximumLength else { return .unjudged }
            for (bytes, kind) in runs where readsHan || kind != .han {
                guard let spelled = spelledCoverage(of: UnsafeBufferPointer(rebasing: text[bytes]), kind: kind,
                                                    romanizer: romanizer, memo: memo, weigher: weigher,
                                                    hanReadings: hanReadings) else { return .deferred }
                coverage.formUnion(spelled)
            }
            return .added(holdsKana: runs.contains { $0.kind == .kana })
        }

        /// Adds what a text's characters can give to the coverage, and appends the byte ranges
        /// of its runs to spell, cut as ``SearchRomanizer/runs(of:)`` cuts them; returns the
        /// number of code points, or nil when the text is not valid UTF-8.
        private mutating func scan(_ text: UnsafeBufferPointer<UInt8>, into coverage: inout Coverage,
                                   runs: inout [(bytes: Range<Int>, kind: SearchRomanizer.RunKind)],
                                   weigher: ICU.SearchWeigher) -> Int? {
            var offset = 0
            var breaks = true
            var kind = SearchRomanizer.RunKind.other
            var runKind = SearchRomanizer.RunKind.other
            var runStart = 0
            var scalars = 0
            let asciiFacts = filter.asciiFacts
            while offset < text.count {
                let facts: CharacterFacts
                let length: Int
                if text[offset] < 0x80 {
                    facts = asciiFacts[Int(text[offset])]
                    length = 1
                } else {
                    var bytes = UnsafeBufferPointer(rebasing: text[offset...]).makeIterator()
                    var decoder = UTF8()
                    guard case .scalarValue(let decoded) = decoder.decode(&bytes) else { return nil }
                    facts = nonASCIIFacts(of: decoded, weigher: weigher)
                    length = UTF8.width(decoded)
                }
                coverage.anywhere |= facts.bits
                if breaks || facts.beginsWord || facts.kind != kind { coverage.atWordStart |= facts.bits }
                breaks = facts.breaksAfter
                kind = facts.kind
                let ownRunKind = facts.runKind ?? (offset == 0 ? .other : runKind)
                if offset > 0, ownRunKind != runKind {
                    if runKind != .other { runs.append((runStart..<offset, runKind)) }
                    runStart = offset
                }
                runKind = ownRunKind
                offset += length
                scalars += 1
            }
            if runKind != .other, offset > 0 { runs.append((runStart..<offset, runKind)) }
            return scalars
        }

        private mutating func nonASCIIFacts(of scalar: Unicode.Scalar, weigher: ICU.SearchWeigher) -> CharacterFacts {
            let value = Int(scalar.value)
            if value < 0x1_0000 {
                if bmpFacts.isEmpty { bmpFacts = [CharacterFacts?](repeating: nil, count: 0x1_0000) }
                if let known = bmpFacts[value] { return known }
                let facts = filter.facts(of: scalar, weigher: weigher)
                bmpFacts[value] = facts
                return facts
            }
            if let known = otherFacts[scalar.value] { return known }
            let facts = filter.facts(of: scalar, weigher: weigher)
            otherFacts[scalar.value] = facts
            return facts
        }

        /// What the spellings of a run (its UTF-8 and kind) can give, in every context; nil
        /// when the run is Han, not met before, and `hanReadings` are not open yet.
        private mutating func spelledCoverage(of bytes: UnsafeBufferPointer<UInt8>, kind: SearchRomanizer.RunKind,
                                              romanizer: SearchRomanizer, memo: SpellingMemo, weigher: ICU.SearchWeigher,
                                              hanReadings: Transliteration.BackgroundOpening?) -> Coverage? {
            let hash = RunCoverageTable.hash(bytes)
            if let known = runCoverage.coverage(of: bytes, hash: hash) { return known }
            if kind == .han, let hanReadings, !hanReadings.isOpen() { return nil }
            let run = SearchRomanizer.Run(kind: kind, text: String(decoding: bytes, as: UTF8.self))
            var coverage = Coverage()
            // The contexts that change a run's spellings: Han and Hangul begin a name with
            // its surname; Cyrillic follows the rules of the language its letters show.
            let atStarts = run.kind == .han || run.kind == .hangul ? [true, false] : [true]
            let cyrillicIDs = run.kind != .cyrillic ? [""]
                : romanizer.ukrainian ? ["Ukrainian-Latin/BGN"]
                : ["Russian-Latin/BGN", "Ukrainian-Latin/BGN", "Serbian-Latin/BGN"]
            var ignoredRuns: [(bytes: Range<Int>, kind: SearchRomanizer.RunKind)] = []
            for atStart in atStarts {
                for cyrillicID in cyrillicIDs {
                    let (spellings, initials) = romanizer.spell(run, atStart: atStart, cyrillicID: cyrillicID, memo: memo)
                    for var text in spellings + [initials] {
                        // Each spelling begins a word: runs are joined with spaces.
                        _ = text.withUTF8 { scan($0, into: &coverage, runs: &ignoredRuns, weigher: weigher) }
                    }
                }
            }
            runCoverage.insert(bytes, hash: hash, coverage: coverage)
            return coverage
        }
    }

    /// The coverage of runs by their UTF-8, in open addressing over one array of bytes: a
    /// look-up hashes the run where it lies (FNV-1a) and allocates nothing. A `Dictionary`
    /// keyed by the bytes in an array of their own took 6 % of `search`'s time at 1M names in
    /// its look-ups (SipHash, and comparing arrays).
    struct RunCoverageTable {
        private struct Slot {
            /// 0: empty.
            var hash: UInt64 = 0
            var start: UInt32 = 0
            var length: UInt32 = 0
            var coverage = Coverage()
        }
        private var slots: [Slot] = []
        private var arena: [UInt8] = []
        private(set) var count = 0
        /// Past this many runs the memo starts again, as the spelling memo does.
        static let limit = 50_000

        /// FNV-1a over the bytes, never 0.
        static func hash(_ run: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in run { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash | 1
        }

        /// The coverage of a run met before (`hash` is ``hash(_:)`` of it), or nil.
        func coverage(of run: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Coverage? {
            guard !slots.isEmpty else { return nil }
            return slots.withUnsafeBufferPointer { slots in
                arena.withUnsafeBufferPointer { arena in
                    let mask = slots.count - 1
                    var at = Int(truncatingIfNeeded: hash) & mask
                    while slots[at].hash != 0 {
                        let slot = slots[at]
                        if slot.hash == hash, Int(slot.length) == run.count,
                           compareBytes(UnsafeBufferPointer(rebasing: arena[Int(slot.start)..<Int(slot.start + slot.length)]), run) == 0 {
                            return slot.coverage
                        }
                        at = (at + 1) & mask
                    }
                    return nil
                }
            }
        }

        /// Remembers the coverage of a run not met before.
        mutating func insert(_ run: UnsafeBufferPointer<UInt8>, hash: UInt64, coverage: Coverage) {
            if count >= Self.limit || arena.count + run.count > Int(UInt32.max) {
                slots = []
                arena.removeAll(keepingCapacity: true)
                count = 0
            }
            // At most half full: probes end soon.
            if 2 * (count + 1) > slots.count { grow() }
            let mask = slots.count - 1
            var at = Int(truncatingIfNeeded: hash) & mask
            while slots[at].hash != 0 { at = (at + 1) & mask }
            slots[at] = Slot(hash: hash, start: UInt32(arena.count), length: UInt32(run.count), coverage: coverage)
            arena.append(contentsOf: run)
            count += 1
        }

        private mutating func grow() {
            let old = slots
            slots = Array(repeating: Slot(), count: max(1024, 2 * old.count))
            let mask = slots.count - 1
            for slot in old where slot.hash != 0 {
                var at = Int(truncatingIfNeeded: slot.hash) & mask
                while slots[at].hash != 0 { at = (at + 1) & mask }
                slots[at] = slot
            }
        }
    }

    /// Works out a character's facts (see ``CharacterFacts``).
    func facts(of scalar: Unicode.Scalar, weigher: ICU.SearchWeigher) -> CharacterFacts {
        func bitsOf(_ weights: [UInt32]) -> UInt64 { weights.reduce(0) { $0 | (bits[$1] ?? 0) } }
        let text = String(scalar)
        let own = weigher.weights(of: text)
        var found = bitsOf(own) | (contractionBits[scalar.value] ?? 0)
        var decompositionBreaks = false
        if scalar.value >= 0x80 {
            var related = Array(ICU.nfkd(text).unicodeScalars)
            if let base = NameForms.strokeBases[scalar] { related += base.unicodeScalars }
            for other in related where other != scalar {
                found |= bitsOf(weigher.weights(of: String(other))) | (contractionBits[other.value] ?? 0)
                if NameForms.isWordBreak(other) || ICU.isWhiteSpace(other) { decompositionBreaks = true }
            }
        }
        let runKind = SearchRomanizer.ownKind(of: scalar)
        let kind = runKind ?? .other
        // A modifier letter's weight may depend on the letter before it (ー after kana).
        let modifier = scalar.properties.generalCategory == .modifierLetter
        if modifier { found = ~0 }
        let ownWord = kind == .han || HangulRomanization.isSyllable(scalar)
        let beginsWord = ownWord || decompositionBreaks || modifier
        let breaksAfter = beginsWord || own.isEmpty || NameForms.isWordBreak(scalar) || ICU.isWhiteSpace(scalar)
            || ICU.isMark(scalar)
        return CharacterFacts(bits: found, breaksAfter: breaksAfter, beginsWord: beginsWord, kind: kind, runKind: runKind)
    }
}

extension NameMatcher {
    /// The positions of the names the prefilter of a query lets through to the full match
    /// (all of them when the query has none); for tests.
    func prefilterAdmissions(of query: String, names: [String], readings: [String?],
                             mode: Mode = .prefix) -> Set<Int> {
        weighers.withWeigher { weigher in
            let plan = plan(query, weigher: weigher, mode: mode)
            guard let filter = MatchPrefilter(plan: plan, mode: mode, contractions: contractions, weigher: weigher) else {
                return Set(names.indices)
            }
            var scanner = MatchPrefilter.Scanner(filter: filter)
            let memo = SpellingMemo()
            return Set(names.indices.filter { i in
                var name = names[i], reading = i < readings.count ? readings[i] : nil
                return name.withUTF8 { name in
                    guard var text = reading, !text.isEmpty else {
                        return scanner.admits(name: name, reading: nil, romanizer: romanizer, memo: memo, weigher: weigher)
                    }
                    return text.withUTF8 {
                        scanner.admits(name: name, reading: $0, romanizer: romanizer, memo: memo, weigher: weigher)
                    }
                }
            })
        }
    }
}
