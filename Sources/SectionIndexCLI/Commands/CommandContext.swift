import Collation
import SectionIndex

/// What a running subcommand has: its invocation, its input and its outputs.
struct CommandContext {
    var invocation: Invocation
    var standardInput: Int32
    var output: OutputBuffer
    var errors: OutputBuffer
    /// Standard input is a terminal (no FILE was piped in).
    var isInteractive: Bool
    /// The bytes of arguments that are not UTF-8, by the string the parser saw (``RawArguments``).
    var argumentBytes: [String: [UInt8]] = [:]

    /// Reads FILE (or standard input for nil or "-"), opening the path by the bytes given.
    func readFile(_ path: String?) throws(FileError) -> [UInt8] {
        try FileReading.bytes(path: path, pathBytes: path.flatMap { argumentBytes[$0] }, standardInput: standardInput)
    }

    func runSubcommand() throws -> ExitCode {
        switch invocation.subcommand {
        case .sort: try runSort()
        case .group: try runGroup()
        case .labels: try runLabels()
        case .check: try runCheck()
        case .search: try runSearch()
        case .keys: try runKeys()
        }
    }

    /// The entries of FILE (the positional argument at `index`) or of standard input.
    func readEntries(argumentIndex: Int = 0) throws -> [InputEntry] {
        let table = try readTable(argumentIndex: argumentIndex)
        return (0..<table.count).map { InputEntry(name: table.name($0), reading: table.reading($0), line: $0 + 1) }
    }

    /// The same entries as one buffer of lines: no string per line.
    func readTable(argumentIndex: Int = 0) throws -> UTF8Table {
        let path = invocation.arguments.count > argumentIndex ? invocation.arguments[argumentIndex] : nil
        let bytes = try readFile(path)
        let policy = InputDecoding.InvalidPolicy(rawValue: invocation.value("invalid", default: "fail")!) ?? .fail
        return try InputDecoding.table(from: bytes, source: path.map(RawArguments.displayed) ?? "standard input", invalid: policy)
    }

    /// Opens the locale, warning on stderr when ICU serves it from root.
    func collator(options: Collator.Options) throws -> Collator {
        let locale = invocation.value("locale", default: "en")!
        let collator = try Collator(locale: locale, options: options, strict: invocation.flag("strict"))
        if collator.usesRootFallback {
            errors.line("section-index: warning: ICU has no data for locale '\(locale)'; using root collation (--strict refuses this)")
        }
        return collator
    }
}
