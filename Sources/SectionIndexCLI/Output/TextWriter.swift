import SectionIndex

/// `--format text`: for people.
enum TextWriter {
    /// Each section's label on a line, then its entries indented, a reading in parentheses
    /// after the name.
    static func grouped(_ order: GroupedOrder, table: UTF8Table, full: Bool = false, to output: OutputBuffer) {
        // With --full, the empty sections of the full index too, each a heading alone.
        let sections = full ? order.fullIndexSections : []
        var nextEmpty = 0
        func headingsOfEmptySections(before section: Int) {
            while nextEmpty < sections.count && sections[nextEmpty] < section {
                output.line(order.labels[sections[nextEmpty]])
                nextEmpty += 1
            }
            if nextEmpty < sections.count && sections[nextEmpty] == section { nextEmpty += 1 }
        }
        var current = -1
        for (position, section) in order.entries {
            if section != current {
                current = section
                headingsOfEmptySections(before: section)
                output.line(order.labels[section])
            }
            output.write("  ")
            table.withName(position) { output.write(bytes: $0) }
            table.withReading(position) { reading in
                guard let reading else { return }
                output.write("  (")
                output.write(bytes: reading)
                output.write(")")
            }
            output.newline()
        }
        headingsOfEmptySections(before: Int.max)
    }

    /// One line each.
    static func lines(_ lines: some Sequence<String>, to output: OutputBuffer) {
        for line in lines { output.line(line) }
    }
}

extension InputEntry {
    /// `name`, `reading`, the 0-based `index` and 1-based `line` of the entry, for JSON.
    var jsonMembers: [(String, JSONValue)] {
        [("name", .string(name)), ("reading", .string(reading)), ("index", .number(line - 1)), ("line", .number(line))]
    }
}
