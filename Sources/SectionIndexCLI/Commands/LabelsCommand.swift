import SectionIndex

extension CommandContext {
    /// `section-index labels`: every label the index shows with --full, one per line.
    func runLabels() throws -> ExitCode {
        let index = try makeIndex()
        // Without FILE only the primary and --also groups: standard input is read only as "-".
        let entries = invocation.arguments.isEmpty ? [] : try readEntries()
        let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
        switch invocation.value("format", default: "text") {
        case "json":
            let used = Set(index.sections(of: entries, name: \.name, reading: \.reading).map(\.label))
            output.line("[" + labels.map { "{\"label\":\(JSON.quoted($0)),\"empty\":\(!used.contains($0))}" }.joined(separator: ",") + "]")
        default:
            for label in labels { output.line(label) }
        }
        return .success
    }
}
