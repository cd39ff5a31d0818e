/// `section-index-bench [--count N] [--locale L] [--skip-reference] [--modes a,b]`.
struct BenchOptions {
    var count = 200_000
    var locale = "en"
    var skipReference = false
    var modes: [String]?
    var only: String?
    var queries = 20
    var output: String?
    var input: String?
    /// Whole-process modes run this many times, interleaved; each keeps its fastest.
    var rounds = 3
    /// Also run the whole-process modes at this many times the count.
    var scaling: Int?

    /// A command line the bench cannot run: printed with exit 64.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses the arguments; a missing or malformed value is an error, never the default.
    init(_ arguments: ArraySlice<String>) throws(UsageError) {
        var rest = arguments
        func value(_ option: String) throws(UsageError) -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "option '\(option)' needs a value") }
            return next
        }
        func positive(_ option: String) throws(UsageError) -> Int {
            let text = try value(option)
            guard let number = Int(text), number > 0 else {
                throw UsageError(description: "'\(option)' needs a positive whole number, not '\(text)'")
            }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--count": count = try positive(argument)
            case "--locale": locale = try value(argument)
            case "--skip-reference": skipReference = true
            case "--modes":
                let chosen = try value(argument).split(separator: ",").map(String.init)
                if let unknown = chosen.first(where: { !Measurement.allModes.contains($0) }) {
                    throw UsageError(description: "unknown mode '\(unknown)' for '--modes': use \(Measurement.allModes.joined(separator: ","))")
                }
                modes = chosen
            case "--only": only = try value(argument)
            case "--queries": queries = try positive(argument)
            case "--output": output = try value(argument)
            case "--input": input = try value(argument)
            case "--rounds": rounds = try positive(argument)
            case "--scaling": scaling = try positive(argument)
            case "--help", "-h":
                print("""
                usage: swift build -c release && swift run -c release section-index-bench
                           [--count N] [--locale L] [--skip-reference] [--modes m1,m2] [--rounds N] [--scaling F]
                  --count N          names (Tests/Corpus/names-20k.tsv repeated with a numeric suffix), default 200000
                  --locale L         locale, default en
                  --skip-reference   leave out icu::AlphabeticIndex (slow above 1M names)
                  --modes            only these measurements: \(Measurement.allModes.joined(separator: ","))
                  --rounds N         run every mode N times (the whole-process ones interleaved), keeping each one's fastest time and largest peak (default 3)
                  --scaling F        run the whole-process modes at F times the count too, each round beside the base count (10: the 10M check);
                                     each with its user and system CPU time against the base count's (least of the rounds)
                                     and each round's own ratio of its two runs (lowest, median, highest)
                """)
                exit(0)
            default:
                throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
    }
}

import Foundation
