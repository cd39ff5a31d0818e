import Collation
import SectionIndex

extension CommandContext {
    /// The index the options describe.
    func makeIndex() throws -> ConfiguredIndex {
        let settings = try IndexSettings(options: invocation.options)
        let index = try settings.makeIndex()
        if index.collator.usesRootFallback {
            errors.line("section-index: warning: ICU has no data for locale '\(settings.locale)'; using root collation (--strict refuses this)")
        }
        for other in settings.also where (try? LocaleIdentifier(other))?.hasICUData == false {
            errors.line("section-index: warning: ICU has no data for locale '\(other)' (--also); using root's labels (--strict refuses this)")
        }
        return index
    }

    /// The entries to group: FILE, standard input, or the built-in sample when standard input
    /// is a terminal and no FILE was given; as one buffer of lines, without a string per line.
    func inputTableOrSample() throws -> (table: UTF8Table, isSample: Bool) {
        if invocation.arguments.isEmpty && isInteractive {
            var text = ""
            for entry in BuiltInSample.entries {
                text += entry.name + (entry.reading.map { "\t" + $0 } ?? "") + "\n"
            }
            return (try InputDecoding.table(from: Array(text.utf8), source: "the built-in sample", invalid: .fail), true)
        }
        return (try readTable(), false)
    }

    /// `section-index group`: every entry once, in sections.
    func runGroup() throws -> ExitCode {
        let index = try makeIndex()
        let (table, isSample) = try inputTableOrSample()
        let full = invocation.flag("full")
        let format = invocation.value("format", default: "text")
        if format == "html" {
            let entries = (0..<table.count).map { InputEntry(name: table.name($0), reading: table.reading($0), line: $0 + 1) }
            let sections = index.sections(of: entries, name: \.name, reading: \.reading, full: full)
            let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
            output.write(HTMLPreview.page(sections: sections, labels: labels, localeTag: index.collator.locale.languageTag,
                                          full: full))
            return .success
        }
        // The other formats print from positions, the names straight from the input buffer.
        let order = index.order(table)
        switch format {
        case "tsv":
            writeTSV(order, table: table)
        case "json":
            writeJSON(order, table: table, full: full)
        default:
            var current = -1
            for (position, section) in order.entries {
                if section != current {
                    current = section
                    output.line(order.labels[section])
                }
                output.write("  ")
                table.withName(position) { output.write(bytes: $0) }
                // ICU style places by the name alone, but the reading is part of the entry.
                table.withReading(position) { reading in
                    guard let reading else { return }
                    output.write("  (")
                    output.write(bytes: reading)
                    output.write(")")
                }
                output.newline()
            }
            if isSample {
                let names = (0..<table.count).map(table.name), readings = (0..<table.count).map(table.reading)
                output.line("")
                output.line("Index: " + index.labels(forNames: names, readings: readings).joined(separator: " "))
                output.line("")
                output.line("(the built-in sample, grouped for locale \(index.collator.locale.languageTag); give a FILE or pipe names in to group your own)")
            }
        }
        return .success
    }

    /// `label<TAB>name[<TAB>reading]` per entry: the hot loop of a large run. Blocks of lines
    /// are formatted on every core (each into its own buffer, bytes copied straight from the
    /// input), then written in order.
    private func writeTSV(_ order: GroupedOrder, table: UTF8Table) {
        let labels = order.labels.map { Array(($0 + "\t").utf8) }
        let ranges = table.ranges
        let blockSize = 1 << 16
        let blockCount = (order.entries.count + blockSize - 1) / blockSize
        let batch = 16
        var first = 0
        while first < blockCount {
            let blocks = first..<min(blockCount, first + batch)
            var texts = [[UInt8]](repeating: [], count: blocks.count)
            texts.withUnsafeMutableBufferPointer { buffer in
                let out = buffer
                table.bytes.withUnsafeBufferPointer { all in
                    ParallelWork.forEach(count: blocks.count) { k in
                        var text: [UInt8] = []
                        text.reserveCapacity(blockSize * 40)
                        let block = blocks.lowerBound + k
                        for (position, section) in order.entries[(block * blockSize)..<min(order.entries.count, (block + 1) * blockSize)] {
                            text.append(contentsOf: labels[section])
                            let at = 4 * position
                            text.append(contentsOf: UnsafeBufferPointer(rebasing: all[Int(ranges[at])..<Int(ranges[at + 1])]))
                            if ranges[at + 3] > ranges[at + 2] {
                                text.append(contentsOf: UnsafeBufferPointer(rebasing: all[Int(ranges[at + 2] - 1)..<Int(ranges[at + 3])]))
                            }
                            text.append(0x0A)
                        }
                        out[k] = text
                    }
                }
            }
            for text in texts { text.withUnsafeBufferPointer { output.write(bytes: $0) } }
            first = blocks.upperBound
        }
    }

    /// JSON a client can use as it is: sections with label, id, kind and items (name, reading,
    /// input index); with --full, empty sections too, flagged `"empty": true`.
    private func writeJSON(_ order: GroupedOrder, table: UTF8Table, full: Bool) {
        var members = [[Int]](repeating: [], count: order.labels.count)
        for (position, section) in order.entries { members[section].append(position) }
        output.write("[")
        var first = true
        let ids = order.ids
        for (section, positions) in members.enumerated() where full || !positions.isEmpty {
            output.write(first ? "\n" : ",\n")
            first = false
            let label = order.labels[section]
            output.write("  {\"label\":\(JSON.quoted(label)),\"id\":\(JSON.quoted(ids[section])),\"kind\":\"\(order.kinds[section].rawValue)\",\"empty\":\(positions.isEmpty),\"items\":[")
            for (i, position) in positions.enumerated() {
                output.write(i == 0 ? "\n" : ",\n")
                let reading = table.reading(position).map(JSON.quoted) ?? "null"
                output.write("    {\"name\":\(JSON.quoted(table.name(position))),\"reading\":\(reading),\"index\":\(position)}")
            }
            output.write(positions.isEmpty ? "]}" : "\n  ]}")
        }
        output.line(first ? "]" : "\n]")
    }
}
