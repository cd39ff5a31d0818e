import SectionIndex

extension CommandContext {
    /// `section-index search [--locale L] [--mode prefix|substring] QUERY [FILE]`: the lines
    /// that match QUERY, as they were read, in index order (the order `group` shows them).
    /// `--format tsv` puts each line's section label before it; `--format json` gives
    /// `[{"label", "name", "reading", "index"}]` with the 0-based input line. Finding nothing
    /// is success. On a terminal without FILE, the built-in sample is searched.
    func runSearch() throws -> ExitCode {
        let index = try makeIndex()
        let query = invocation.arguments[0]
        let entries: [InputEntry]
        if invocation.arguments.count == 1 && isInteractive {
            entries = BuiltInSample.entries.enumerated().map { InputEntry(name: $1.name, reading: $1.reading, line: $0 + 1) }
        } else {
            entries = try readEntries(argumentIndex: 1)
        }
        let mode = NameMatcher.Mode(rawValue: invocation.value("mode", default: "prefix")!) ?? .prefix
        let list = try NameMatcher(index: index).prepare(entries, name: \.name, reading: \.reading)
        let matches = list.search(query, mode: mode)
        switch invocation.value("format", default: "text") {
        case "tsv":
            for match in matches { output.line(match.label + "\t" + Self.line(of: match.element)) }
        case "json":
            output.write("[")
            for (i, match) in matches.enumerated() {
                let entry = match.element
                output.write(i == 0 ? "\n  " : ",\n  ")
                output.write("{\"label\":\(JSON.quoted(match.label)),\"name\":\(JSON.quoted(entry.name)),"
                             + "\"reading\":\(entry.reading.map(JSON.quoted) ?? "null"),\"index\":\(entry.line - 1)}")
            }
            output.line(matches.isEmpty ? "]" : "\n]")
        default:
            for match in matches { output.line(Self.line(of: match.element)) }
        }
        return .success
    }

    /// An entry as it was read: `name`, or `name<TAB>reading`.
    private static func line(of entry: InputEntry) -> String {
        entry.reading.map { entry.name + "\t" + $0 } ?? entry.name
    }
}
