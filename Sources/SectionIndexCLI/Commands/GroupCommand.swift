import Collation
import SectionIndex

/// `section-index [group]`: every entry once, in sections; the default subcommand.
enum GroupCommand: Command {
    static let name = "group"
    static let summary = "every entry once, in sections (the default subcommand)"
    static var arguments: [ArgumentSpec] { [.file] }
    static var options: [Setting<CommandOptions>] {
        CommandOptions.index + [CommandOptions.full, CommandOptions.sample, CommandOptions.invalid]
    }
    static let formats: [OutputFormat] = [.text, .tsv, .json, .html]
    static let notes = """
    formats: text, a line per label and the names under it, indented, a reading in
    parentheses; tsv, label<TAB>name[<TAB>reading] per entry; json, an array of
    sections {label, id, kind, empty, items: [{name, reading, index (0-based), line (1-based)}]};
    html, a phone-style page with a side index.

    Without FILE on a terminal, or with --sample, the built-in sample is grouped.

    \(hanNotes)
    """

    /// Where Han names go, said where users look first.
    static let hanNotes = """
    Han names (漢字): under zh they are filed by pinyin (A–Z); under zh-Hant, zh-TW, zh-HK and
    yue by stroke count; under ja by their kana reading (no reading: 他 after the kana rows, or
    # with --unread-kanji overflow) and under ko by their Hangul reading (a surname by its
    surname reading: 李 이); under every other locale they go to # unless --han pinyin (or stroke, zhuyin) or
    --also zh is given. Inside a section a Chinese locale orders by pinyin too, so `sort` (which
    uses the collator alone, without sections) may order Latin and Han names differently:
    `sort` puts each script where the collation does, `group` puts each name in its section.
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        let (table, isSample) = try context.inputTableOrSample()
        try Memory.ensureAvailable(table.count * CommandContext.bytesPerGroupedLine, for: "grouping \(table.count) lines")
        let options = context.options, output = context.output
        switch options.format {
        case .html:
            let entries = table.entries
            let sections = index.sections(of: entries, name: \.name, reading: \.reading, full: options.full)
            let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
            // The search field's tables, computed by the engine, in the order of the rows.
            let rows = sections.flatMap(\.items)
            let search = try NameMatcher(index: index).searchForms(names: rows.map(\.name), readings: rows.map(\.reading),
                                                                   extraCharacters: HTMLPreview.queryCharacters)
            output.write(HTMLPreview.page(sections: sections, labels: labels, localeTag: index.collator.locale.languageTag,
                                          full: options.full, search: search))
        case .tsv:
            TSVWriter.grouped(index.groupedOrder(table), table: table, to: output)
        case .json:
            writeJSON(index.groupedOrder(table), table: table, full: options.full, to: output)
        case .text:
            TextWriter.grouped(index.groupedOrder(table), table: table, to: output)
            if isSample {
                let entries = table.entries
                output.line("")
                output.line("Index: " + index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading)).joined(separator: " "))
                output.line("")
                output.line("(the built-in sample, grouped for locale \(index.collator.locale.languageTag); give a FILE or pipe names in to group your own)")
            }
        }
        return .success
    }

    /// JSON a client can use as it is: sections with label, id, kind and items (name, reading,
    /// input index and line); with --full, empty sections too, flagged `"empty": true`.
    private static func writeJSON(_ order: GroupedOrder, table: UTF8Table, full: Bool, to output: OutputBuffer) {
        var members = [[Int]](repeating: [], count: order.labels.count)
        for (position, section) in order.entries { members[section].append(position) }
        let ids = order.ids
        let sections = members.enumerated().lazy.filter { full || !$0.element.isEmpty }.map { section, positions -> JSONValue in
            let label = order.labels[section]
            let items = positions.map { position -> JSONValue in
                .object([("name", .string(table.name(position))), ("reading", .string(table.reading(position))),
                         ("index", .number(position)), ("line", .number(position + 1))])
            }
            return .object([("label", .string(label)), ("id", .string(ids[section])), ("kind", .string(order.kinds[section].rawValue)),
                            ("empty", .bool(positions.isEmpty)), ("items", .array(items))])
        }
        JSONValue.writeArray(sections, to: output)
    }
}
