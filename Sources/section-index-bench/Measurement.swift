import Foundation
import Collation
import SectionIndex

/// One timed operation, run inside a child process.
enum Measurement {
    static let allModes = Benchmark.processModes.map(\.mode)
        + ["engine-icu", "engine-contacts", "icu-reference", "foundation", "search-prepare", "search-prefix", "search-substring", "search-t9"]
        + fastPathModes

    /// The collation fast path (issue 33) against ICU's own keys and comparisons, one core:
    /// keys of every name, and the library's `Collator.sortKey` and `compare` on short names.
    static let fastPathModes = ["keys-1core-icu", "keys-1core-fast", "sortkey-short-icu", "sortkey-short-fast",
                                "sortkey-short-first", "compare-short-icu", "compare-short-fast"]

    /// Names of at most 16 UTF-8 bytes, as a list view or a search box compares them.
    static func shortNames(_ names: [Workload.Entry]) -> [String] {
        names.lazy.map(\.name).filter { $0.utf8.count <= 16 }.prefix(200_000).map { $0 }
    }

    /// The query of the command-line search, and of `grep -i -c`, its floor: a common start
    /// of given names and surnames in many languages (Maria, Martin, Marek, Marković).
    static let commandLineQuery = "mar"

    /// Issue 38: a query of 3,000 words, the command-line query in three cases over and over,
    /// which once cost 3,000 times one word in substring mode; its words each say the same,
    /// so it must cost about what the one word does.
    static let longQuery = (0..<3_000).map { ["mar", "Mar", "MAR"][$0 % 3] }.joined(separator: " ")

    /// Queries a user types into a contacts search field, in several scripts.
    static let queries = ["a", "an", "mar", "kim", "zhang", "tana", "ива", "たな", "Ö", "sch", "li", "jo", "ni", "van", "ahmed",
                          "zw", "par", "wang", "mü", "est"]
    /// Dial-pad queries (`--mode t9`): the keys of common name starts (mar, kim, zhang, jo,
    /// tana, li, an, js, wang, sch).
    static let dialPadQueries = ["627", "546", "94264", "56", "8262", "54", "26", "57", "9264", "724"]

    static func run(_ mode: String, names: [Workload.Entry], locale: String, queries: Int) throws -> Double {
        switch mode {
        case "engine-icu":
            let index = try AlphabeticIndex(locale: locale)
            let plain = names.map(\.name)
            return time { blackHole(index.sections(of: plain, name: \.self).count) }
        case "engine-contacts":
            let index = try ContactsIndex(locale: locale)
            return time { blackHole(index.sections(of: names, name: \.name, reading: \.reading).count) }
        case "icu-reference":
            let index = try ICU.ReferenceIndex(localeID: try LocaleIdentifier(locale).icuID)
            let plain = names.map(\.name)
            return time { blackHole(try! index.group(plain).count) }
        case "foundation":
            let plain = names.map(\.name)
            let foundationLocale = Locale(identifier: locale)
            return time {
                // Apple's SwiftUI sample: group on the first letter folded without diacritics,
                // then sort each group with localizedStandardCompare.
                let groups = Dictionary(grouping: plain) { name in
                    String(name.prefix(1)).folding(options: .diacriticInsensitive, locale: foundationLocale).uppercased()
                }
                var total = 0
                for key in groups.keys.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
                    total += groups[key]!.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.count
                }
                blackHole(total)
            }
        case "keys-1core-icu", "keys-1core-fast":
            let handle = try Collator(locale: locale).handle
            let source: ICU.CollatorHandle.KeySource = mode.hasSuffix("icu") ? .icu : .fastPathOrICU
            let plain = names.map(\.name)
            return time {
                var keys: [UInt8] = []
                keys.reserveCapacity(plain.count * 40)
                for name in plain {
                    var name = name
                    name.withUTF8 { handle.appendSortKey($0, to: &keys, source: source) }
                }
                blackHole(keys.count)
            }
        case "sortkey-short-icu", "sortkey-short-fast", "sortkey-short-first":
            // The second pass over the names is timed (both paths warm, as in a list view that
            // has shown its first screen); `-first` times the first pass of the fast path,
            // which builds its table and the pages of the scripts it meets.
            let collator = try Collator(locale: locale)
            let short = shortNames(names)
            let pass: () -> Void = mode.hasSuffix("icu")
                ? { for name in short { blackHole(collator.handle.sortKey(name, source: .icu)) } }
                : { for name in short { blackHole(collator.sortKey(name)) } }
            let first = time(pass)
            return mode.hasSuffix("first") ? first : time(pass)
        case "compare-short-icu", "compare-short-fast":
            let collator = try Collator(locale: locale)
            let short = shortNames(names)
            let pairs = zip(short, short.dropFirst(7))
            let pass: () -> Void = mode.hasSuffix("icu")
                ? { for (a, b) in pairs { blackHole(collator.handle.icuCompare(a, b)) } }
                : { for (a, b) in pairs { blackHole(collator.compare(a, b)) } }
            pass()
            return time(pass)
        default:
            throw BenchError.unknownMode(mode)
        }
    }

    /// The share of the corpus's names whose keys the fast path makes, per origin (the locale
    /// whose script a name is in), under a collator of that origin's language.
    static func fastPathShares() throws -> [(origin: String, share: Double, names: Int)] {
        var byOrigin: [String: [String]] = [:]
        for row in Workload.corpusRows() { byOrigin[row.origin, default: []].append(row.name) }
        return try byOrigin.keys.sorted().map { origin in
            let locale = origin == "awkward" ? "en" : origin
            let handle = try Collator(locale: locale).handle
            let rows = byOrigin[origin]!
            let fast = rows.filter { handle.fastPathSortKey($0) != nil }.count
            return (origin, Double(fast) / Double(rows.count), rows.count)
        }
    }

    /// The search measurements: what prepares a list from names and readings.
    static let searchModes: Set = ["search-prepare", "search-prefix", "search-substring", "search-t9"]

    /// One search measurement over names and their readings, the two arrays
    /// `NameMatcher.prepare(names:readings:)` takes (and nothing else of the list).
    static func runSearch(_ mode: String, names plain: [String], readings: [String?], locale: String, queries: Int) throws -> Double {
        switch mode {
        case "search-prepare", "search-prefix", "search-substring", "search-t9":
            let matcher = try NameMatcher(locale: locale)
            var list: SearchList<String>?
            let preparation = time { list = matcher.prepare(names: plain, readings: readings) }
            if mode == "search-prepare" { return preparation }
            // The time of one query: the average over the query set, each run once.
            let searchMode: NameMatcher.Mode = mode == "search-prefix" ? .prefix : mode == "search-t9" ? .t9 : .substring
            let chosen = Array((searchMode == .t9 ? Self.dialPadQueries : Self.queries).prefix(max(1, queries)))
            return time { for query in chosen { blackHole(list!.positions(matching: query, mode: searchMode).count) } }
                / Double(chosen.count)
        default:
            throw BenchError.unknownMode(mode)
        }
    }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func peakResidentKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    @inline(never)
    static func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
}

enum BenchError: Error, CustomStringConvertible {
    case unknownMode(String), unreadable(String), unwritable(String), missingCLI(String)

    var description: String {
        switch self {
        case .unknownMode(let mode): "unknown mode '\(mode)'"
        case .unreadable(let path): "cannot read '\(path)'"
        case .unwritable(let path): "cannot write '\(path)'"
        case .missingCLI(let path):
            "the subcommands are timed through the section-index executable beside this one, and \(path) is not there; "
                + "build both first: swift build -c release"
        }
    }
}
