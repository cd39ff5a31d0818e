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

    static func validate(_ invocation: Invocation) throws(UsageError) {
        try CommandOptions.validateSample(invocation, fileArgument: 0)
    }

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        let (table, isSample) = try context.inputTableOrSample()
        let options = context.options, output = context.output
        // A page holds every entry as strings several times over (sections, the search field's
        // forms, the page's text): measured 1.8 KB a line on the corpus' names.
        if options.format == .html {
            try Memory.ensureAvailable(for: table, bytesPerLine: CommandContext.bytesPerPageLine, "a page of \(table.count) lines")
        } else {
            try Memory.ensureAvailable(for: table, bytesPerLine: CommandContext.bytesPerGroupedLine, "grouping \(table.count) lines")
        }
        switch options.format {
        case .html:
            let entries = table.entries
            let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
            // A phone's side index: with --full every label, save letters of other languages no
            // name is under (contacts style rule 6), so sections and labels line up one to one.
            let sections = HTMLPreview.sideIndexSections(index.sections(of: entries, name: \.name, reading: \.reading,
                                                                        full: options.full), labels: labels)
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
            TextWriter.grouped(index.groupedOrder(table), table: table, full: options.full, to: output)
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
    ///
    /// The layout is ``JSONValue``'s (an array of section objects, each item on a line of its
    /// own), but written a block of items at a time on every core, names quoted straight from
    /// the input buffer: no value per entry, so a list of millions of names takes little more
    /// than `--format tsv` does.
    private static func writeJSON(_ order: GroupedOrder, table: UTF8Table, full: Bool, to output: OutputBuffer) {
        // The entries section by section in label order (a counting sort, stable), and where
        // each section's items start.
        var starts = [Int](repeating: 0, count: order.labels.count + 1)
        for entry in order.entries { starts[entry.section + 1] += 1 }
        for section in order.labels.indices { starts[section + 1] += starts[section] }
        var next = starts
        var positions = [UInt32](repeating: 0, count: order.entries.count)
        for entry in order.entries {
            positions[next[entry.section]] = UInt32(entry.position)
            next[entry.section] += 1
        }
        // What comes before the first item of each non-empty section: the end of the section
        // before, the empty sections between them (with --full), the section's own head.
        let ids = order.ids
        func head(_ section: Int, empty: Bool) -> String {
            "{\"label\":" + JSONValue.quoted(order.labels[section]) + ",\"id\":" + JSONValue.quoted(ids[section])
                + ",\"kind\":" + JSONValue.quoted(order.kinds[section].rawValue) + ",\"empty\":\(empty),\"items\":"
                + (empty ? "[]}" : "[")
        }
        var leads = [[UInt8]](repeating: [], count: order.labels.count)
        var pending = "", written = 0
        let inFullIndex = Set(order.fullIndexSections)
        for section in order.labels.indices {
            let empty = starts[section] == starts[section + 1]
            guard !empty || (full && inFullIndex.contains(section)) else { continue }
            pending += (written == 0 ? "[\n  " : ",\n  ") + head(section, empty: empty)
            written += 1
            if !empty {
                leads[section] = Array(pending.utf8)
                pending = "\n  ]}"
            }
        }
        let items = positions.count
        BlockWriter.write(count: items, to: output) { rows, text in
            // Row `row` is in section `s` when starts[s] <= row < starts[s + 1].
            var section = 0
            for row in rows {
                while starts[section + 1] <= row { section += 1 }
                if row == starts[section] { text += leads[section] } else { text.append(UInt8(ascii: ",")) }
                text += Self.itemIndent
                let position = Int(positions[row])
                text += Self.nameField
                table.withName(position) { appendQuoted($0, to: &text) }
                text += Self.readingField
                table.withReading(position) { reading in
                    if let reading { appendQuoted(reading, to: &text) } else { text += Self.null }
                }
                text += Array(",\"index\":\(position),\"line\":\(position + 1)}".utf8)
            }
        }
        output.line(pending + (written == 0 ? "[]" : "\n]"))
    }

    private static let itemIndent = Array("\n    ".utf8), nameField = Array("{\"name\":".utf8),
                       readingField = Array(",\"reading\":".utf8), null = Array("null".utf8)

    /// A JSON string literal of UTF-8 bytes, escaped as ``JSONValue/quoted(_:)`` escapes.
    private static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        // Only quotes, backslashes, controls and U+2028/U+2029 are escaped: the rest is copied.
        var plain = 0, i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let special = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
                || (byte == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9))
            guard special else { i += 1; continue }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<i]))
            let length = byte == 0xE2 ? 3 : 1
            text += Array(JSONValue.quoted(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]), as: UTF8.self)).utf8.dropFirst().dropLast())
            i += length
            plain = i
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plain..<bytes.count]))
        text.append(UInt8(ascii: "\""))
    }
}
