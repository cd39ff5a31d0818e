import Collation
import SectionIndex

/// `section-index keys [OPTIONS] [FILE]`: for each entry, in input order,
/// `KEY<TAB>name[<TAB>reading]` with KEY in lowercase hex, whose plain byte order is the
/// order `group` prints. `LC_ALL=C sort` over the output, or `ORDER BY` on the keys stored
/// as BLOBs, gives the grouped order without ICU.
enum KeysCommand: Command {
    static let name = "keys"
    static let summary = "a byte-ordered key per entry"
    static var arguments: [ArgumentSpec] { [.file] }
    static var options: [Setting<CommandOptions>] { CommandOptions.index + [CommandOptions.invalid] }
    static let formats: [OutputFormat] = [.text, .tsv, .json]
    static let notes = """
    formats: text and tsv (the same bytes), KEY<TAB>name[<TAB>reading] per entry in input
    order, KEY in lowercase hex; json, an array of {key, name, reading, index (0-based), line
    (1-based)}. The keys' plain byte order is the order `group` prints: `LC_ALL=C sort` or SQL
    `ORDER BY` over them gives it without ICU. Keys depend on the ICU and CLDR versions
    (`section-index --version`).
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        let entries = try context.readEntries()
        let keys = index.sortKeys(names: entries.map(\.name), readings: entries.map(\.reading))
        let output = context.output
        switch context.options.format {
        case .json:
            JSONValue.writeArray(zip(entries, keys).lazy.map { entry, key in .object([("key", .string("\(key)"))] + entry.jsonMembers) },
                                 to: output)
        case .text, .tsv, .html:
            for (entry, key) in zip(entries, keys) {
                TSVWriter.row(["\(key)", entry.name] + (entry.reading.map { [$0] } ?? []), to: output)
            }
        }
        return .success
    }
}
