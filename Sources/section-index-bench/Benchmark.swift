import Foundation

/// Runs every measurement in its own child process and prints times, ratios and targets.
struct Benchmark {
    var options: BenchOptions

    struct Result {
        var seconds: Double
        var kilobytes: Int
        /// CPU time in the process's own code and in the kernel on its behalf (page faults,
        /// reads, writes), all threads: whole-process modes only, zero for the others.
        var userSeconds = 0.0
        var systemSeconds = 0.0

        /// The fastest of two runs and the larger peak, each CPU time the least of the two.
        func best(with other: Result?) -> Result {
            guard let other else { return self }
            return Result(seconds: min(seconds, other.seconds), kilobytes: max(kilobytes, other.kilobytes),
                          userSeconds: min(userSeconds, other.userSeconds), systemSeconds: min(systemSeconds, other.systemSeconds))
        }
    }

    /// The whole-process measurements (file in, file out): the floor and each subcommand,
    /// with the most each may take as a multiple of the floor's time (issue 33's goals, with
    /// the collation fast path; the floor stays ICU's keys alone on every core). The floors
    /// (`floor`, `grep-floor` for search, and `cat-floor`, the physical limit of reading the
    /// file and writing it out) are yardsticks: no goal, no verdict at any count.
    static let processModes: [(mode: String, goal: Double?, isFloor: Bool)] = [
        ("floor", nil, true), ("cli-icu", 0.8, false), ("cli-contacts", 1.3, false), ("cli-contacts-ja", 1.3, false),
        ("cli-sort", 0.8, false), ("cli-keys", 1.4, false), ("cli-labels", 0.6, false), ("cli-search", nil, false),
        ("cli-substring", nil, false), ("cli-substring-3000", nil, false), ("grep-floor", nil, true),
        ("cat-floor", nil, true), (emptyLinesMode, nil, false),
    ]

    /// Issue 33's memory goal: 5,000,000 empty lines grouped (contacts style) within 300 MB,
    /// 60 bytes a line. Its own input, the same at every `--count`; its verdict is on memory.
    static let emptyLinesMode = "cli-empty-lines"
    static let emptyLineCount = 5_000_000
    static let emptyLinesPeakGoal = 300 * 1024 * 1024

    /// The subcommand a whole-process mode runs (the floor is this benchmark's own `--only floor`).
    func arguments(of mode: String, input: String) -> [String]? {
        switch mode {
        case "cli-icu": ["group", "--style", "icu", "--locale", options.locale, "--format", "tsv", input]
        case "cli-contacts", Self.emptyLinesMode: ["group", "--locale", options.locale, "--format", "tsv", input]
        case "cli-contacts-ja": ["group", "--locale", "ja", "--format", "tsv", input]
        case "cli-sort": ["sort", "--locale", options.locale, input]
        case "cli-keys": ["keys", "--locale", options.locale, input]
        case "cli-labels": ["labels", "--locale", options.locale, input]
        case "cli-search": ["search", "--locale", options.locale, Measurement.commandLineQuery, input]
        case "cli-substring": ["search", "--mode", "substring", "--locale", options.locale, Measurement.commandLineQuery, input]
        case "cli-substring-3000": ["search", "--mode", "substring", "--locale", options.locale, Measurement.longQuery, input]
        default: nil
        }
    }

    func run() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let cli = executable.deletingLastPathComponent().appendingPathComponent("section-index")
        var modes = options.modes ?? Measurement.allModes
        if options.skipReference { modes.removeAll { $0 == "icu-reference" } }
        // `swift run section-index-bench` builds this product alone, not the CLI beside it.
        if modes.contains(where: { arguments(of: $0, input: "") != nil }), access(cli.path, X_OK) != 0 {
            throw BenchError.missingCLI(cli.path)
        }
        print("section-index-bench: \(options.count) names, locale \(options.locale), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("corpus: \(Workload.corpusURL.path)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        /// Runs one whole-process mode over `input` once.
        func runProcess(_ mode: String, input: String) throws -> Result? {
            let output = directory.appendingPathComponent("out-\(mode).txt").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            if mode == "floor" {
                return try Spawn.run(executable.path, ["--only", "floor", "--input", input, "--locale", options.locale], output: output)
            }
            if mode == "grep-floor" {
                // Search's floor: bytes compared without collation, romanisation or order.
                return try Spawn.run("/usr/bin/grep", ["-i", "-c", Measurement.commandLineQuery, input], output: output)
            }
            if mode == "cat-floor" {
                // The physical limit: the file read and written out, nothing computed.
                return try Spawn.run("/usr/bin/cat", [input], output: output)
            }
            return try Spawn.run(cli.path, arguments(of: mode, input: input)!, output: output)
        }
        /// Writes `count` names to a file; nil when it fails.
        func writeInput(count: Int) throws -> String? {
            let input = directory.appendingPathComponent("names-\(count).tsv").path
            // Written by a child: on Linux a spawned child's peak memory starts at its parent's,
            // so the parent never holds the names itself.
            guard try Spawn.run(executable.path, ["--only", "write-file", "--count", "\(count)", "--output", input],
                                output: "/dev/null") != nil else { return nil }
            return input
        }
        /// Writes the empty lines of ``emptyLinesMode``, a mebibyte at a time.
        func writeEmptyLines() throws -> String {
            let path = directory.appendingPathComponent("empty-lines.txt").path
            guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
                throw BenchError.unwritable(path)
            }
            defer { try? file.close() }
            let block = Data(repeating: UInt8(ascii: "\n"), count: 1 << 20)
            var left = Self.emptyLineCount
            while left > 0 {
                try file.write(contentsOf: block.prefix(min(left, block.count)))
                left -= min(left, block.count)
            }
            return path
        }
        var emptyLines: String?

        // Whole-process modes, interleaved round by round so that a busy moment of the
        // machine falls on every mode alike; each keeps its fastest time (and its largest peak).
        // With --scaling, each round runs a mode at both counts one after the other: the ratio
        // of the two then compares runs made in the same minutes, where separate rounds at each
        // count (minutes apart on a host whose speed drifts) compared one period with another.
        let processModes = Self.processModes.map(\.mode).filter(modes.contains)
        // Also each round's own ratio of the scaled run to the base one: two runs made in the
        // same minutes, where the fastest of each count may come from different minutes.
        func fastestOfRounds(inputs: [String]) throws -> (results: [[String: Result]], roundRatios: [String: [Double]]) {
            var results = [[String: Result]](repeating: [:], count: inputs.count)
            var roundRatios: [String: [Double]] = [:]
            for round in 1...options.rounds {
                for mode in processModes {
                    var base: Double?
                    if mode == Self.emptyLinesMode {
                        // Its own input, once a round: no scaled run.
                        if emptyLines == nil { emptyLines = try writeEmptyLines() }
                        guard let result = try runProcess(mode, input: emptyLines!) else { print("  \(mode): failed"); continue }
                        results[0][mode] = result.best(with: results[0][mode])
                        continue
                    }
                    for (n, input) in inputs.enumerated() {
                        guard let result = try runProcess(mode, input: input) else { print("  \(mode): failed"); continue }
                        results[n][mode] = result.best(with: results[n][mode])
                        if n == 0 { base = result.seconds } else if let base { roundRatios[mode, default: []].append(result.seconds / base) }
                        if options.rounds > 1 {
                            let count = n == 0 ? "" : " ×\(options.scaling ?? 1)"
                            print("  round \(round) \(mode)\(count): \(String(format: "%.3f s", result.seconds))")
                        }
                    }
                }
            }
            return (results, roundRatios)
        }
        var results: [String: Result] = [:]
        var scaled: (count: Int, factor: Int, results: [String: Result], roundRatios: [String: [Double]])?
        if !processModes.isEmpty {
            guard let input = try writeInput(count: options.count) else {
                print("section-index-bench: could not write the input file")
                return
            }
            defer { try? FileManager.default.removeItem(atPath: input) }
            var inputs = [input]
            if let factor = options.scaling {
                let count = options.count * factor
                guard let scaledInput = try writeInput(count: count) else {
                    print("section-index-bench: could not write the \(count)-name input file")
                    return
                }
                inputs.append(scaledInput)
            }
            defer { for scaledInput in inputs.dropFirst() { try? FileManager.default.removeItem(atPath: scaledInput) } }
            let measured = try fastestOfRounds(inputs: inputs)
            results = measured.results[0]
            if let factor = options.scaling { scaled = (options.count * factor, factor, measured.results[1], measured.roundRatios) }
        }
        // In-process modes (a child each run) keep, like the whole-process ones, their fastest
        // time of the rounds and their largest peak: one run would count a busy moment of the
        // machine against the code.
        for round in 1...options.rounds {
            for mode in modes where !processModes.contains(mode) {
                guard let result = try Spawn.measure(executable.path, mode: mode, options: options) else { print("  \(mode): failed"); continue }
                results[mode] = result.best(with: results[mode])
                if options.rounds > 1 { print("  round \(round) \(mode): \(String(format: "%.6f s", result.seconds))") }
            }
        }
        report(results, modes: modes)

        if let (count, factor, scaled, roundRatios) = scaled {
            print("\n\(count) names (×\(factor)), fastest of \(options.rounds), each round run beside the \(options.count)-name one: time against its \(options.count)-name time, peak memory")
            print("(then CPU time, least of the rounds, against the \(options.count)-name run's: in the process's own code, and in the kernel on its behalf;")
            print(" and each round's own ratio, of two runs made one after the other: lowest, median, highest)")
            for mode in processModes where mode != Self.emptyLinesMode {
                guard let result = scaled[mode], let base = results[mode] else { print("  \(mode): failed"); continue }
                let ratio = result.seconds / base.seconds
                let goal = Double(factor) * 1.05
                let megabytes = Double(result.kilobytes) / 1024
                let bytesPerLine = Double(result.kilobytes) * 1024 / Double(count)
                let name = mode.padding(toLength: 16, withPad: " ", startingAt: 0)
                // Where time beyond ×factor goes: the program's own work, or the kernel's
                // (zeroing fresh pages, writing the output) on its behalf.
                let cpu = String(repeating: " ", count: 28) + String(format: "CPU: user %.2f s (%.1f×), system %.2f s (%.1f×)",
                                 result.userSeconds, result.userSeconds / max(base.userSeconds, 1e-3),
                                 result.systemSeconds, result.systemSeconds / max(base.systemSeconds, 1e-3))
                let ratios = (roundRatios[mode] ?? []).sorted()
                // The median: the middle ratio, or the mean of the two middle ones.
                let median = ratios.isEmpty ? 0 : (ratios[(ratios.count - 1) / 2] + ratios[ratios.count / 2]) / 2
                let perRound = ratios.isEmpty ? "" : String(format: "; rounds %.2f× / %.2f× / %.2f×",
                                                            ratios[0], median, ratios[ratios.count - 1])
                defer { print(cpu + perRound) }
                // A floor is the yardstick the subcommands are held to, not one of them: its
                // ratio is shown, without a verdict or a goal.
                guard Self.processModes.first(where: { $0.mode == mode })?.isFloor != true else {
                    print("            \(name)" + String(format: "%8.3f s %7.2f×                 peak %7.1f MB                %5.0f bytes per line",
                                                         result.seconds, ratio, megabytes, bytesPerLine))
                    continue
                }
                let met = ratio <= goal && megabytes <= 1024
                print("  [\(met ? "met    " : "NOT MET")] \(name)"
                      + String(format: "%8.3f s %7.2f× (goal ≤ %.1f×)   peak %7.1f MB (goal ≤ 1024)   %5.0f bytes per line",
                               result.seconds, ratio, goal, megabytes, bytesPerLine))
            }
        }
    }

    private func report(_ results: [String: Result], modes: [String]) {
        let count = Double(max(options.count, 1))
        if let floor = results["floor"] {
            print("\nwhole process, file in, file out (fastest of \(options.rounds)); ratio to the floor:")
            for (mode, goal, _) in Self.processModes where mode != Self.emptyLinesMode {
                guard let result = results[mode] else { continue }
                let ratio = result.seconds / floor.seconds
                let verdict = goal.map { ratio <= $0 ? "[met]    " : "[NOT MET]" } ?? "         "
                let goalText = goal.map { String(format: "(goal ≤ %.1f×)", $0) } ?? "             "
                print("  \(verdict) \(mode.padding(toLength: 16, withPad: " ", startingAt: 0))"
                      + String(format: "%8.3f s %7.2f× %@   peak %7.1f MB %6.0f bytes per line",
                               result.seconds, ratio, goalText, Double(result.kilobytes) / 1024, Double(result.kilobytes) * 1024 / count))
            }
        }
        let inProcess = results.filter { Self.processModes.map(\.mode).contains($0.key) == false }
        if !inProcess.isEmpty {
            print("\nin process (names already loaded; fastest of \(options.rounds), largest peak):")
            for (mode, result) in inProcess.sorted(by: { $0.key < $1.key }) {
                let seconds = mode.hasPrefix("search-") && mode != "search-prepare"
                    ? String(format: "%9.3f ms per query", result.seconds * 1000) : String(format: "%9.3f s", result.seconds)
                print("  \(mode.padding(toLength: 22, withPad: " ", startingAt: 0)) \(seconds)   peak \(String(format: "%7.1f", Double(result.kilobytes) / 1024)) MB")
            }
        }
        print("\nanchors and other targets:")
        func check(_ name: String, _ ok: Bool, _ detail: String) {
            print("  [\(ok ? "met" : "NOT MET")] \(name): \(detail)")
        }
        if let cli = results["cli-icu"], let reference = results["icu-reference"] {
            let speedup = reference.seconds / cli.seconds
            let needed = options.count >= 1_000_000 ? 40.0 : 6.0
            check("ICU style through the CLI vs icu::AlphabeticIndex", speedup >= needed, String(format: "%.1f× faster (target %.0f×)", speedup, needed))
            check("peak memory vs icu::AlphabeticIndex", cli.kilobytes <= reference.kilobytes,
                  String(format: "%.0f MB vs %.0f MB", Double(cli.kilobytes) / 1024, Double(reference.kilobytes) / 1024))
        }
        if let cli = results["cli-icu"], let foundation = results["foundation"] {
            print(String(format: "  Foundation (Dictionary(grouping:) + localizedStandardCompare) takes %.1f× the ICU style through the CLI",
                         foundation.seconds / cli.seconds))
        }
        // Search (issue 15): the targets are for 1M names.
        if let search = results["cli-search"], let group = results["cli-contacts"] {
            check("search one query vs group --format tsv (CLI)", search.seconds <= 1.5 * group.seconds,
                  String(format: "%.2f× the time (target ≤ 1.5×)", search.seconds / group.seconds))
            check("search peak memory vs group's", search.kilobytes <= group.kilobytes,
                  String(format: "%.0f MB vs %.0f MB", Double(search.kilobytes) / 1024, Double(group.kilobytes) / 1024))
        }
        if let search = results["cli-search"], let grep = results["grep-floor"] {
            print(String(format: "  [floor] search \"%@\": %.2f× the time of grep -i -c (%.3f s), %.1f× its peak memory (%.1f MB)",
                         Measurement.commandLineQuery, search.seconds / grep.seconds, grep.seconds,
                         Double(search.kilobytes) / Double(max(grep.kilobytes, 1)), Double(grep.kilobytes) / 1024))
        }
        if let empty = results[Self.emptyLinesMode] {
            check("\(Self.emptyLineCount) empty lines grouped", empty.kilobytes * 1024 <= Self.emptyLinesPeakGoal,
                  String(format: "peak %.1f MB, %.0f bytes a line, in %.3f s (target ≤ %d MB)", Double(empty.kilobytes) / 1024,
                         Double(empty.kilobytes) * 1024 / Double(Self.emptyLineCount), empty.seconds, Self.emptyLinesPeakGoal >> 20))
        }
        if let cat = results["cat-floor"], let floor = results["floor"] {
            print(String(format: "  [floor] the physical limit, cat reading the file and writing it out: %.3f s, %.2f× the floor",
                         cat.seconds, cat.seconds / floor.seconds))
        }
        // Issue 38: the work per line is bounded by the line, not by the number of query words.
        if let long = results["cli-substring-3000"], let one = results["cli-substring"] {
            check("search --mode substring, a 3,000-word query vs one word", long.seconds <= 2 * one.seconds,
                  String(format: "%.3f s vs %.3f s, %.2f× (target ≤ 2×)", long.seconds, one.seconds, long.seconds / one.seconds))
        }
        if let prepare = results["search-prepare"] {
            // Two goals, checked apart: the time (issue 33) and the peak (the search issue's).
            check("prepare a search list, time", prepare.seconds <= 1.0,
                  String(format: "%.2f s (target ≤ 1.0 s at 1M names)", prepare.seconds))
            check("prepare a search list, peak memory", prepare.kilobytes <= 250 * 1024,
                  String(format: "peak %.1f MB with the names (target ≤ 250 MB at 1M names)", Double(prepare.kilobytes) / 1024))
        }
        // The collation fast path (issue 33), one core.
        if let icu = results["keys-1core-icu"], let fast = results["keys-1core-fast"] {
            print(String(format: "  [info] keys on one core: fast path %.2f M keys/s, ICU %.2f M keys/s (%.2f× ICU's speed)",
                         count / fast.seconds / 1e6, count / icu.seconds / 1e6, icu.seconds / fast.seconds))
        }
        for (what, icuMode, fastMode) in [("Collator.sortKey", "sortkey-short-icu", "sortkey-short-fast"),
                                          ("Collator.compare", "compare-short-icu", "compare-short-fast")] {
            if let icu = results[icuMode], let fast = results[fastMode] {
                check("\(what) on short names vs ICU's through the shim", icu.seconds >= 3 * fast.seconds,
                      String(format: "%.2f× faster (target ≥ 3×)", icu.seconds / fast.seconds))
            }
        }
        if let first = results["sortkey-short-first"], let warm = results["sortkey-short-fast"] {
            print(String(format: "  [info] Collator.sortKey's first pass over the short names, building the fast path's table and pages: %.1f ms (the second: %.1f ms)",
                         first.seconds * 1000, warm.seconds * 1000))
        }
        if modes.contains("keys-1core-fast"), let shares = try? Measurement.fastPathShares() {
            print("  [info] names whose keys the fast path makes, per corpus origin (the rest go through ICU):")
            print("         " + shares.map { String(format: "%@ %.0f%%", $0.origin, $0.share * 100) }.joined(separator: ", "))
        }
        for (mode, limit) in [("search-prefix", 0.001), ("search-substring", 0.020), ("search-t9", 0.020)] {
            if let query = results[mode] {
                check("one \(mode.dropFirst(7)) query", query.seconds <= limit,
                      String(format: "%.3f ms (target ≤ %.0f ms at 1M names)", query.seconds * 1000, limit * 1000))
            }
        }
    }
}
