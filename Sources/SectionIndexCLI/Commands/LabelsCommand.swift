import SectionIndex

/// `section-index labels`: every label the index shows with --full, one per line; letters of
/// other languages only with --full or where a name of FILE is under them.
enum LabelsCommand: Command {
    static let name = "labels"
    static let summary = "the index labels, one per line"
    static var arguments: [ArgumentSpec] {
        [ArgumentSpec(name: "FILE", isOptional: true,
                      help: "names whose scripts add groups (- for standard input); without it, only the primary and --also groups")]
    }
    static var options: [Setting<CommandOptions>] { CommandOptions.index + [CommandOptions.full, CommandOptions.invalid] }
    static let formats: [OutputFormat] = [.text, .json]
    static let notes = """
    formats: text, one label per line; json, an array of {label, empty}, empty when no entry
    of FILE is in that section.

    The labels are the full index, the side index a list view shows: every letter of the
    alphabet of each script present (the list's own locale's letters for its own scripts;
    the kana rows, ㄱ … ㅎ), #, and the letters of other languages that a name of FILE is
    under (contacts style rule 6: Ukrainian І, Serbian Ј, Kazakh Қ in an English list's
    Cyrillic group; Þ, which has no base letter, in its Latin one). --full is the same
    index, as `group --full` shows it. Contacts style also follows a language's
    alphabet where ICU's data does not: letters the CLDR index characters leave out (Tamil ஜ,
    Oromo CH … SH), Uyghur's hamza vowels ئا … ئى, Yiddish פּ under פ, Dzongkha by root letter
    as Tibetan (ContactsStyle.md, "Beyond ICU's data").
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        // Without FILE only the primary and --also groups: standard input is read only as "-".
        // Either way the names stay in the input buffer: no entry per line.
        let hasFile = !context.invocation.arguments.isEmpty
        switch context.options.format {
        case .json:
            // Which labels hold an entry takes the grouping, whose order lists every label too.
            let table = hasFile ? try context.readTable() : UTF8Table(bytes: [], ranges: [])
            try Memory.ensureAvailable(for: table, bytesPerLine: CommandContext.bytesPerGroupedLine, "grouping \(table.count) lines")
            let order = index.groupedOrder(table)
            let used = Set(order.entries.map(\.section))
            let shown = order.fullIndexSections
            JSONValue.writeArray(shown.map {
                .object([("label", .string(order.labels[$0])), ("empty", .bool(!used.contains($0)))])
            }, to: context.output)
        case .text, .tsv, .html:
            // Only the scripts of the names count, and, without --full, the letters of other
            // languages a name is under: the file is read in parts of a few hundred kilobytes,
            // so that no table of every line exists (a few bytes per line at most).
            let full = context.options.full
            let parts = hasFile ? try context.readTableParts() : nil
            // The groups of the scripts of the first part's names built on every core first.
            if let first = parts?.first(where: { _ in true }) { (index as? ContactsIndex)?.prepareGroups(for: first) }
            TextWriter.lines(parts.map { index.labels(ofParts: $0, full: full) } ?? index.labels(of: StringNames(names: []), full: full),
                             to: context.output)
        }
        return .success
    }
}
