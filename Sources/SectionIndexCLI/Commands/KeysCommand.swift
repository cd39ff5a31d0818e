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
    it), and the keys are the whole list's. With --offset above 0 the input continues a
    list: a U+FEFF at its start is kept as a character of the first name, as in the whole
    list, not dropped as a byte-order mark (with --offset 0 it is dropped). Keys depend on the settings and on the ICU and
    CLDR versions (`section-index --version`).
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        let offset = context.options.offset
        // A part after the first continues the list: a U+FEFF at its start is the first name's,
        // as it is in the whole list, not a byte-order mark.
        let table = try context.readTable(startsFile: offset == 0)
        guard UInt64(offset) + UInt64(table.count) <= UInt64(UInt32.max) + 1 else {
            throw UsageError("'--offset \(offset)' with \(table.count) entries numbers them past \(UInt32.max), the largest position a key holds", subcommand: .keys)
        }
        // Room for the keys and output blocks being made (measured peak beside the table).
        try Memory.ensureAvailable(for: table, bytesPerLine: CommandContext.bytesPerKeyedLine, "the keys of \(table.count) lines")
        let withLabel = context.options.label
        // The groups of the names' scripts built on every core first, not by each block.
        (index as? ContactsIndex)?.prepareGroups(for: table)
        // Keys from the input buffer, a block of lines on each core: nothing kept per line.
        let output = context.output
        switch context.options.format {
        case .json:
            BlockWriter.write(count: table.count, to: output) { rows, text in
                var hex: [UInt8] = []
                index.forEachSortKey(of: table, in: rows, tieBreakOffset: offset) { i, key, label in
                    hex.removeAll(keepingCapacity: true)
                    BlockWriter.appendHex(key, to: &hex)
                    var members: [(String, JSONValue)] = [("key", .string(String(decoding: hex, as: UTF8.self)))]
                    if withLabel { members.append(("label", .string(String(decoding: label, as: UTF8.self)))) }
                    members += [("name", .string(table.name(i))), ("reading", .string(table.reading(i))),
                                ("index", .number(Int(offset) + i)), ("line", .number(i + 1))]
                    BlockWriter.appendJSONElement(.object(members), at: i, to: &text)
                }
            }
            BlockWriter.finishJSONArray(count: table.count, to: output)
        case .text, .tsv, .html:
            BlockWriter.write(count: table.count, to: output) { rows, text in
                var lines = BlockWriter.LineBuffer()
                index.forEachSortKey(of: table, in: rows, tieBreakOffset: offset) { i, key, label in
                    table.withName(i) { name in
                        table.withReading(i) { reading in
                            lines.appendKeyLine(key: key, label: withLabel ? label : nil, name: name, reading: reading, to: &text)
                        }
                    }
                }
                lines.finish(into: &text)
            }
        }
        return .success
    }
}

extension CommandOptions {
    /// `keys --offset N`: a whole number that fits the key's 4-byte position.
    static var offset: Setting<CommandOptions> {
        .value("offset", "N", help: "number the entries from N (digits, default 0): the position of this part's first entry in a split list") {
            (options: inout CommandOptions, value: String) throws(SettingsError.Problem) in
            guard let offset = wholeNumber(value, as: UInt32.self) else {
                throw .other("'--offset' takes a whole number from 0 to \(UInt32.max), not '\(value)'")
            }
            options.offset = offset
        }
    }

    static var label: Setting<CommandOptions> {
        .flag("label", help: "add each entry's section label after the key (for GROUP BY, or sort | cut -f2-)") { $0.label = $1 }
    }
}
