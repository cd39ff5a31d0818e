import SectionIndex

/// `--format tsv`: tab-separated fields, one entry per line, bytes of names copied as read.
enum TSVWriter {
    /// One row: the fields joined by tabs.
    static func row(_ fields: [String], to output: OutputBuffer) {
        output.line(fields.joined(separator: "\t"))
    }

    /// `label<TAB>name[<TAB>reading]` per entry of a grouped order: the hot loop of a large
    /// run. Blocks of lines are formatted on every core (each into its own buffer, bytes
    /// copied straight from the input), then written in order.
    static func grouped(_ order: GroupedOrder, table: UTF8Table, to output: OutputBuffer) {
        let labels = order.labels.map { Array(($0 + "\t").utf8) }
        let blockSize = 1 << 16
        let blockCount = (order.entries.count + blockSize - 1) / blockSize
        let batch = 16
        var first = 0
        while first < blockCount {
            let blocks = first..<min(blockCount, first + batch)
            let texts = ParallelWork.map(count: blocks.count) { k in
                var text: [UInt8] = []
                text.reserveCapacity(blockSize * 40)
                let block = blocks.lowerBound + k
                for (position, section) in order.entries[(block * blockSize)..<min(order.entries.count, (block + 1) * blockSize)] {
                    text.append(contentsOf: labels[section])
                    table.withName(position) { text.append(contentsOf: $0) }
                    // ICU style places by the name alone, but the reading is part of the entry.
                    table.withReading(position) { reading in
                        guard let reading else { return }
                        text.append(0x09)
                        text.append(contentsOf: reading)
                    }
                    text.append(0x0A)
                }
                return text
            }
            for text in texts { text.withUnsafeBufferPointer { output.write(bytes: $0) } }
            first = blocks.upperBound
        }
    }
}
