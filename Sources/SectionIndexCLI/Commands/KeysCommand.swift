import Collation
import SectionIndex

/// `section-index keys [OPTIONS] [FILE]`: for each entry, in input order,
/// `KEY<TAB>name[<TAB>reading]` with KEY in lowercase hex, whose plain byte order is the
/// order `group` prints. `LC_ALL=C sort` over the output, or `ORDER BY` on the keys stored
/// as BLOBs, gives the grouped order without ICU.
///
/// `--offset N` numbers the entries from N (the tie-break in the key's last 4 bytes), so the
/// parts of a split list, each given its first entry's position in the whole, get the keys of
/// the whole; `--label` puts each entry's section label after the key, which makes
/// `LC_ALL=C sort | cut -f2-` print what `group --format tsv` prints.
enum KeysCommand: Command {
    static let name = "keys"
    static let summary = "a byte-ordered key per entry"
    static var arguments: [ArgumentSpec] { [.file] }
    static var options: [Setting<CommandOptions>] {
        CommandOptions.index + [CommandOptions.offset, CommandOptions.label, CommandOptions.invalid]
    }
    static let formats: [OutputFormat] = [.text, .tsv, .json]
    static let notes = """
    formats: text and tsv (the same bytes), KEY<TAB>name[<TAB>reading] per entry in input
    order, KEY in lowercase hex; with --label, KEY<TAB>label<TAB>name[<TAB>reading]. json, an
    array of {key, label (with --label), name, reading, index (0-based, from --offset), line
    (1-based, in this input)}. The keys' plain byte order is the order `group` prints:
    `LC_ALL=C sort` or SQL `ORDER BY` over them gives it without ICU. Split a list, run keys on
    each part with --offset set to the part's first position in the whole (the lines before
    it), and the keys are the whole list's. Keys depend on the settings and on the ICU and
    CLDR versions (`section-index --version`).
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        let entries = try context.readEntries()
        let offset = context.options.offset
        guard UInt64(offset) + UInt64(entries.count) <= UInt64(UInt32.max) + 1 else {
            throw UsageError("'--offset \(offset)' with \(entries.count) entries numbers them past \(UInt32.max), the largest position a key holds", subcommand: .keys)
        }
        let keyed = index.labeledSortKeys(names: entries.map(\.name), readings: entries.map(\.reading), firstTieBreak: offset)
        let withLabel = context.options.label
        let output = context.output
        switch context.options.format {
        case .json:
            JSONValue.writeArray(zip(entries, keyed).lazy.map { entry, keyed in
                var members = [("key", JSONValue.string("\(keyed.key)"))]
                if withLabel { members.append(("label", .string(keyed.label))) }
                return .object(members + entry.jsonMembers.map { $0.0 == "index" ? ($0.0, .number(Int(offset) + entry.line - 1)) : $0 })
            }, to: output)
        case .text, .tsv, .html:
            for (entry, keyed) in zip(entries, keyed) {
                TSVWriter.row(["\(keyed.key)"] + (withLabel ? [keyed.label] : []) + [entry.name] + (entry.reading.map { [$0] } ?? []), to: output)
            }
        }
        return .success
    }
}

extension CommandOptions {
    /// `keys --offset N`: a whole number that fits the key's 4-byte position.
    static var offset: Setting<CommandOptions> {
        .value("offset", "N", help: "number the entries from N (default 0): the position of this part's first entry in a split list") {
            (options: inout CommandOptions, value: String) throws(SettingsError.Problem) in
            guard let offset = UInt32(value) else {
                throw .other("'--offset' takes a whole number from 0 to \(UInt32.max), not '\(value)'")
            }
            options.offset = offset
        }
    }

    static var label: Setting<CommandOptions> {
        .flag("label", help: "add each entry's section label after the key (for GROUP BY, or sort | cut -f2-)") { $0.label = $1 }
    }
}
