import SectionIndex

/// `--format tsv`: tab-separated fields, one entry per line, bytes of names copied as read.
enum TSVWriter {
    /// One row: the fields joined by tabs.
    static func row(_ fields: [String], to output: OutputBuffer) {
        output.line(fields.joined(separator: "\t"))
    }

    /// `label<TAB>name[<TAB>reading]` per entry of a grouped order: the hot loop of a large
    /// run, formatted in blocks on every core.
    static func grouped(_ order: GroupedOrder, table: UTF8Table, to output: OutputBuffer) {
        let labels = BlockWriter.LinePrefixes(order.labels.map { $0 + "\t" })
        BlockWriter.write(count: order.entries.count, to: output) { rows, text in
            // ICU style places by the name alone, but the reading is part of the entry.
            BlockWriter.appendLines(order.entries[rows].lazy.map(\.position), of: table, to: &text, prefixes: labels) { k in
                order.entries[rows.lowerBound + k].section
            }
        }
    }
}
