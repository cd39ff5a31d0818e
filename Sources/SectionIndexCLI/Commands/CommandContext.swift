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
    func readFile(_ path: String?) throws -> [UInt8] {
        try FileReading.bytes(path: path, pathBytes: path.flatMap { argumentBytes[$0] }, standardInput: standardInput)
    }

    var options: CommandOptions { invocation.options }

    func runSubcommand() throws -> ExitCode {
        try invocation.subcommand.command.run(self)
    }

    /// Memory a subcommand's work takes per line beyond the line table, at most (measured on
    /// empty lines, the worst case, as address space: 1M lines needed 75 bytes a line more for
    /// `group`, 145 in ICU style, 75 for `sort`, 32 for `keys`; the page 1.8 KB a line on the
    /// corpus' names): asked for up front, since the library cannot ask. `OutOfMemoryTests`
    /// runs every subcommand under a range of address-space limits to check these cover the
    /// real peaks.
    static let bytesPerGroupedLine = 160, bytesPerSortedLine = 96, bytesPerKeyedLine = 48, bytesPerPageLine = 2048

    /// The same entries as one buffer of lines: no string per line. `startsFile`: a leading
    /// U+FEFF is a byte-order mark, dropped (``InputDecoding/table(from:source:invalid:startsFile:)``).
    func readTable(argumentIndex: Int = 0, startsFile: Bool = true) throws -> UTF8Table {
        let (bytes, source) = try readInput(argumentIndex: argumentIndex)
        return try InputDecoding.table(from: bytes, source: source, invalid: options.invalid, startsFile: startsFile)
    }

    /// The same entries as a sequence of tables over one buffer, each of a part of the lines
    /// (see ``InputDecoding/tableParts(from:source:invalid:bytesPerPart:)``).
    func readTableParts(argumentIndex: Int = 0) throws -> InputDecoding.TableParts {
        let (bytes, source) = try readInput(argumentIndex: argumentIndex)
        return try InputDecoding.tableParts(from: bytes, source: source, invalid: options.invalid)
    }

    /// The bytes of FILE (the argument at `argumentIndex`) or standard input, and the name
    /// errors give it.
    private func readInput(argumentIndex: Int) throws -> (bytes: [UInt8], source: String) {
        let path = invocation.arguments.count > argumentIndex ? invocation.arguments[argumentIndex] : nil
        let (bytes, source) = (try readFile(path), FileReading.displayName(path))
        if let (line, count) = InputDecoding.loneCarriageReturns(in: bytes) {
            errors.line("section-index: warning: " + RawArguments.displayed(source)
                + ": line \(line) holds a carriage return (CR) that no line feed follows, as old Mac files end lines"
                + (count > 1 ? " (\(count) such CRs in all)" : "")
                + "; only LF and CRLF end a line, so it stays in the name (tr '\\r' '\\n' converts such a file)")
        }
        return (bytes, source)
    }

    /// The entries to work on: the built-in sample with `--sample`, or when standard input is
    /// a terminal and no FILE was given; otherwise FILE or standard input.
    func inputTableOrSample(argumentIndex: Int = 0) throws -> (table: UTF8Table, isSample: Bool) {
        if options.sample || (invocation.arguments.count <= argumentIndex && isInteractive) {
            return (try BuiltInSample.table(), true)
        }
        return (try readTable(argumentIndex: argumentIndex), false)
    }

    /// The index the options describe, warning on stderr for each locale ICU serves from root.
    func makeIndex() throws -> any NameIndex {
        let settings = options.index
        let index = try settings.makeIndex()
        if index.collator.usesRootFallback {
            errors.line("section-index: warning: ICU has no data for locale '\(settings.locale)'\(localeOrigin); using root collation (--strict refuses this)")
        }
        warnMissingCollationType(index.collator.locale, origin: localeOrigin)
        for other in settings.also {
            guard let id = try? LocaleIdentifier(other) else { continue }
            if !id.hasICUData {
                errors.line("section-index: warning: ICU has no data for locale '\(other)' (--also); using root's labels (--strict refuses this)")
            }
            warnMissingCollationType(id, origin: " (--also)")
        }
        return index
    }

    /// Opens the locale with these options, warning on stderr when ICU serves it from root.
    func collator(options collation: Collator.Options) throws -> Collator {
        let locale = options.index.locale
        let collator = try Collator(locale: locale, options: collation, strict: options.index.strict)
        if collator.usesRootFallback {
            errors.line("section-index: warning: ICU has no data for locale '\(locale)'\(localeOrigin); using root collation (--strict refuses this)")
        }
        warnMissingCollationType(collator.locale, origin: localeOrigin)
        return collator
    }

    /// Warns when the locale asks for a collation type ICU lacks for it (`sv-u-co-bogus`),
    /// which ICU would silently replace by the standard order.
    private func warnMissingCollationType(_ locale: LocaleIdentifier, origin: String) {
        guard let missing = locale.missingCollationType else { return }
        errors.line("section-index: warning: ICU has no collation '\(missing)' for locale '\(locale.requested.prefix(60))'\(origin); using the standard order (it has: \(locale.availableCollationTypes.joined(separator: ", ")); --strict refuses this)")
    }

    /// " (from LC_ALL)" when the locale came from the environment.
    var localeOrigin: String {
        if case .environment(let name) = options.localeSource { " (from \(name))" } else { "" }
    }
}

extension UTF8Table {
    /// One entry per line, with strings: for the subcommands that are not a hot loop.
    var entries: [InputEntry] {
        (0..<count).map(entry)
    }

    /// The entry at a position (0-based), with strings.
    func entry(_ position: Int) -> InputEntry {
        InputEntry(name: name(position), reading: reading(position), line: position + 1)
    }
}

extension CommandContext {
    /// After a locale error: where the locale came from, when not from `--locale`.
    func localeHint(for error: any Error) -> String {
        guard case .environment(let name) = options.localeSource else { return "" }
        let isLocaleError = switch error {
        case is CollationError: true
        case let error as IndexError: if case .collation = error { true } else { false }
        default: false
        }
        return isLocaleError ? " (the locale came from the environment: \(name)=\(options.index.locale.prefix(60)); give --locale to override)" : ""
    }
}
