import Collation
import SectionIndex

/// `section-index sort`: the lines ordered by the collator, stably; each line printed as it
/// was read.
enum SortCommand: Command {
    static let name = "sort"
    static let summary = "the lines sorted by the collator"
    static var arguments: [ArgumentSpec] { [.file] }
    static var options: [Setting<CommandOptions>] {
        [
            CommandOptions.locale,
            .choice("numeric", Toggle.self, help: "digits compare as numbers (default on)") { $0.collation.numeric = $1 == .on },
            .choice("strength", Collator.Options.Strength.self, spelled: { "\($0)" },
                    help: "differences that count (default tertiary)") { $0.collation.strength = $1 },
            .choice("case-first", Collator.Options.CaseFirst.self, spelled: caseFirstSpelling,
                    help: "which case sorts first among equals") { $0.collation.caseFirst = $1 },
            .flag("ignore-punctuation", help: "spaces and punctuation do not count (alternate shifted)") {
                $0.collation.ignoresPunctuation = $1 ? true : nil
            },
            CommandOptions.invalid,
            CommandOptions.index("strict"),
        ]
    }
    static let formats: [OutputFormat] = [.text, .tsv, .json]
    static let notes = """
    formats: text, each line as it was read (further columns and an empty reading's tab
    kept); tsv, name<TAB>reading per entry, the reading column left out when the line had
    none (the same bytes as text for lines of one column or two);
    json, an array of {name, reading (only when the line has one), index (0-based), line
    (1-based)}.

    sort orders by the collator alone, by the name: it has no sections. Under zh the collation
    puts Han names (by pinyin) before Latin ones, so `sort` lists Lily after every Han name
    while `group` files Lily in L among the Han names read with L; `group` and `keys` give the
    sectioned order.

    sort keeps the locale's collation as ICU ships it, also where contacts style corrects it
    for grouping (Oromo SH written in capitals, Uyghur vowels after hamza, Dzongkha root
    letters): under om, `sort` lists SHAGGAR among the S names and Shaggar after T, while
    `group` and `keys` file both under SH.
    """

    static func caseFirstSpelling(_ value: Collator.Options.CaseFirst) -> String {
        switch value {
        case .off: "off"
        case .lowerFirst: "lower"
        case .upperFirst: "upper"
        }
    }

    static func run(_ context: CommandContext) throws -> ExitCode {
        let collator = try context.collator(options: context.options.collation)
        let table = try context.readTable()
        try Memory.ensureAvailable(for: table, bytesPerLine: CommandContext.bytesPerSortedLine, "sorting \(table.count) lines")
        // One key per line from the input buffer on every core, a radix sort on the keys, the
        // lines copied from the buffer in blocks on every core: no string per line.
        let order = collator.sortedPositions(table)
        let output = context.output
        switch context.options.format {
        case .json:
            // A line without a reading has no "reading" member, as before `line` was added.
            BlockWriter.writeJSONArray(count: order.count, to: output) { k in
                let position = Int(order[k])
                let reading = table.reading(position)
                return .object([("name", .string(table.name(position)))] + (reading.map { [("reading", .string($0))] } ?? [])
                    + [("index", .number(position)), ("line", .number(position + 1))])
            }
        case .text, .tsv, .html:
            // text is each line as read; tsv is name<TAB>reading, the column left out when empty.
            let wholeLines = context.options.format != .tsv
            BlockWriter.write(count: order.count, to: output) { rows, text in
                BlockWriter.appendLines(order[rows].lazy.map { Int($0) }, of: table, to: &text, wholeLines: wholeLines)
            }
        }
        return .success
    }
}
