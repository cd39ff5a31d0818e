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
        // Without FILE only the primary and --also groups: standard input is read only as "-".
        // Either way the names stay in the input buffer: no entry per line.
        let hasFile = !context.invocation.arguments.isEmpty
        switch context.options.format {
        case .json:
            // Which labels hold an entry takes the grouping, whose order lists every label too.
            let order = hasFile ? index.groupedOrder(try context.readTable()) : nil
            let labels = order?.labels ?? index.labels(forNames: [], readings: [])
            let used = Set(order?.entries.map(\.section) ?? [])
            JSONValue.writeArray(labels.indices.map {
                .object([("label", .string(labels[$0])), ("empty", .bool(!used.contains($0)))])
            }, to: context.output)
        case .text, .tsv, .html:
            // Only the scripts of the names count: the file is read in parts of a few hundred
            // kilobytes, so that no table of every line exists (a few bytes per line at most).
            TextWriter.lines(hasFile ? index.labels(ofParts: try context.readTableParts()) : index.labels(forNames: [], readings: []),
                             to: context.output)
        }
        return .success
    }
}
