import SectionIndex

/// `section-index labels`: every label the index shows with --full, one per line.
enum LabelsCommand: Command {
    static let name = "labels"
    static let summary = "the index labels, one per line"
    static var arguments: [ArgumentSpec] {
        [ArgumentSpec(name: "FILE", isOptional: true,
                      help: "names whose scripts add groups (- for standard input); without it, only the primary and --also groups")]
    }
    static var options: [Setting<CommandOptions>] { CommandOptions.index + [CommandOptions.invalid] }
    static let formats: [OutputFormat] = [.text, .json]
    static let notes = """
    formats: text, one label per line; json, an array of {label, empty}, empty when no entry
    of FILE is in that section.
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        if context.options.format != .json {
            // Only the scripts of the names count: one name at a time, no entry per line.
            let labels = context.invocation.arguments.isEmpty ? index.labels(forNames: [], readings: [])
                : index.labels(of: try context.readTable())
            TextWriter.lines(labels, to: context.output)
            return .success
        }
        // Without FILE only the primary and --also groups: standard input is read only as "-".
        let entries = context.invocation.arguments.isEmpty ? [] : try context.readEntries()
        let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
        switch context.options.format {
        case .json:
            let used = Set(index.sections(of: entries, name: \.name, reading: \.reading, full: false).map(\.label))
            JSONValue.writeArray(labels.map { .object([("label", .string($0)), ("empty", .bool(!used.contains($0)))]) }, to: context.output)
        case .text, .tsv, .html:
            TextWriter.lines(labels, to: context.output)
        }
        return .success
    }
}
