import Foundation

/// Runs every measurement in its own child process and prints times, ratios and targets.
struct Benchmark {
    var options: BenchOptions

    struct Result {
        var seconds: Double
        var kilobytes: Int
    }

    func run() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let cli = executable.deletingLastPathComponent().appendingPathComponent("section-index")
        var modes = options.modes ?? Measurement.allModes
        if options.skipReference { modes.removeAll { $0 == "icu-reference" } }
        print("section-index-bench: \(options.count) names, locale \(options.locale), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("corpus: \(Workload.corpusURL.path)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("names.tsv")
        if modes.contains(where: { $0.hasPrefix("cli-") || $0 == "grep-floor" }) {
            // Written by a child: on Linux a spawned child's peak memory starts at its parent's,
            // so the parent never holds the names itself.
            guard try Spawn.run(executable.path, ["--only", "write-file", "--count", "\(options.count)", "--output", input.path],
                                output: "/dev/null") != nil else {
                print("section-index-bench: could not write the input file")
                return
            }
        }

        var results: [String: Result] = [:]
        for mode in modes {
            let result: Result?
            switch mode {
            case "cli-icu":
                result = try Spawn.run(cli.path, ["group", "--style", "icu", "--locale", options.locale, "--format", "tsv", input.path],
                                       output: directory.appendingPathComponent("out-icu.tsv").path)
            case "cli-contacts":
                result = try Spawn.run(cli.path, ["group", "--locale", options.locale, "--format", "tsv", input.path],
                                       output: directory.appendingPathComponent("out-contacts.tsv").path)
            case "cli-contacts-ja":
                result = try Spawn.run(cli.path, ["group", "--locale", "ja", "--format", "tsv", input.path],
                                       output: directory.appendingPathComponent("out-contacts-ja.tsv").path)
            case "cli-search":
                result = try Spawn.run(cli.path, ["search", "--locale", options.locale, Measurement.commandLineQuery, input.path],
                                       output: directory.appendingPathComponent("out-search.txt").path)
            case "grep-floor":
                // The floor: bytes compared without collation, romanisation or order.
                result = try Spawn.run("/usr/bin/grep", ["-i", "-c", Measurement.commandLineQuery, input.path],
                                       output: directory.appendingPathComponent("out-grep.txt").path)
            default:
                result = try Spawn.measure(executable.path, mode: mode, options: options)
            }
            guard let result else { print("  \(mode): failed"); continue }
            results[mode] = result
            let name = mode.padding(toLength: 22, withPad: " ", startingAt: 0)
            let seconds = mode.hasPrefix("search-") && mode != "search-prepare"
                ? String(format: "%9.3f ms per query", result.seconds * 1000) : String(format: "%9.3f s", result.seconds)
            // Memory per input line (issue 17): the whole peak, names' own bytes included.
            let perLine = mode.hasPrefix("cli-") ? String(format: "   %5.0f bytes per line", Double(result.kilobytes) * 1024 / Double(max(options.count, 1))) : ""
            print("  \(name) \(seconds)   peak \(String(format: "%7.1f", Double(result.kilobytes) / 1024)) MB\(perLine)")
        }
        report(results)
    }

    private func report(_ results: [String: Result]) {
        print("\nratios (how many times the engine's time each one takes):")
        if let engine = results["engine-icu"] {
            for (mode, result) in results.sorted(by: { $0.value.seconds < $1.value.seconds }) where !mode.hasPrefix("search-") {
                let name = mode.padding(toLength: 22, withPad: " ", startingAt: 0)
                print("  \(name) \(String(format: "%8.2f", result.seconds / engine.seconds))× engine-icu")
            }
        }
        print("\ntargets:")
        func check(_ name: String, _ ok: Bool, _ detail: String) {
            print("  [\(ok ? "met" : "MISSED")] \(name): \(detail)")
        }
        if let cli = results["cli-icu"], let reference = results["icu-reference"] {
            let speedup = reference.seconds / cli.seconds
            let needed = options.count >= 1_000_000 ? 40.0 : 6.0
            check("ICU style through the CLI vs icu::AlphabeticIndex", speedup >= needed, String(format: "%.1f× faster (target %.0f×)", speedup, needed))
            check("peak memory vs icu::AlphabeticIndex", cli.kilobytes <= reference.kilobytes,
                  String(format: "%.0f MB vs %.0f MB", Double(cli.kilobytes) / 1024, Double(reference.kilobytes) / 1024))
        }
        if let contacts = results["cli-contacts"], let icu = results["cli-icu"] {
            check("contacts style vs ICU style (CLI)", contacts.seconds <= 2 * icu.seconds,
                  String(format: "%.2f× (target ≤ 2×)", contacts.seconds / icu.seconds))
        }
        if let contacts = results["cli-contacts-ja"], let icu = results["cli-icu"] {
            check("contacts style (ja) vs ICU style (CLI)", contacts.seconds <= 2 * icu.seconds,
                  String(format: "%.2f× (target ≤ 2×)", contacts.seconds / icu.seconds))
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
        if let prepare = results["search-prepare"] {
            check("prepare a search list", prepare.seconds <= 1.5 && prepare.kilobytes <= 250 * 1024,
                  String(format: "%.2f s, peak %.0f MB with the names (target ≤ 1.5 s, ≤ 250 MB at 1M names)",
                         prepare.seconds, Double(prepare.kilobytes) / 1024))
        }
        for (mode, limit) in [("search-prefix", 0.001), ("search-substring", 0.020)] {
            if let query = results[mode] {
                check("one \(mode.dropFirst(7)) query", query.seconds <= limit,
                      String(format: "%.3f ms (target ≤ %.0f ms at 1M names)", query.seconds * 1000, limit * 1000))
            }
        }
        if let engine = results["engine-icu"], let floor = results["keys-floor"] {
            check("in-process pipeline vs key-only floor", engine.seconds <= 2 * floor.seconds,
                  String(format: "%.2f× (target ≤ 2×)", engine.seconds / floor.seconds))
        }
    }
}
