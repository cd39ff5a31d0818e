// section-index-bench: times every subcommand, whole process, against the key-only floor, and
// this engine against ICU's AlphabeticIndex and the naive Foundation approach, in one run.
// Each measurement runs in a child process of its own so that its peak memory is its own.
import Foundation
import Collation
import SectionIndex

let options: BenchOptions
do {
    options = try BenchOptions(CommandLine.arguments.dropFirst())
} catch {
    FileHandle.standardError.write(Data("section-index-bench: \(error)\nTry 'section-index-bench --help'.\n".utf8))
    exit(64)
}
if options.only == "write-file", let output = options.output {
    try Workload.writeFile(count: options.count, to: URL(fileURLWithPath: output))
    exit(0)
}
if options.only == "floor", let input = options.input {
    // The floor, whole process: timed from outside, like the subcommands.
    print(try Floor.run(path: input, locale: options.locale))
    exit(0)
}
if let mode = options.only {
    // Child: load the names (not timed), run one measurement, report "seconds maxRSSkB".
    let seconds: Double
    if Measurement.searchModes.contains(mode) {
        // Search is handed the names and readings as the two arrays it takes: the child holds
        // them, and no list of entries beside them that the measurement never reads.
        let (names, readings) = Workload.columns(count: options.count)
        seconds = try Measurement.runSearch(mode, names: names, readings: readings, locale: options.locale, queries: options.queries)
    } else {
        let names = Workload.names(count: options.count)
        seconds = try Measurement.run(mode, names: names, locale: options.locale, queries: options.queries)
    }
    print(String(format: "%.6f %d", seconds, Measurement.peakResidentKilobytes()))
    exit(0)
}
do {
    try Benchmark(options: options).run()
} catch {
    FileHandle.standardError.write(Data("section-index-bench: \(error)\n".utf8))
    exit(1)
}
