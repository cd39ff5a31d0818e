import SectionIndex

/// Output lines formatted on every core: rows cut into blocks, each block formatted into a
/// buffer of its own (names copied straight from the input buffer), the blocks written in
/// order. Two blocks a core at a time, so that the output never exists whole.
///
/// ```swift
/// BlockWriter.write(count: 3, to: output) { rows, text in
///     for row in rows { text += Array("row \(row)\n".utf8) }
/// }
/// // row 0, row 1, row 2, each on its own line
/// ```
enum BlockWriter {
    static let blockSize = 1 << 16

    /// Writes rows `0..<count`: `format(rows, &text)` appends the lines of a block of rows.
    static func write(count: Int, to output: OutputBuffer, format: (Range<Int>, inout [UInt8]) -> Void) {
        let blockCount = (count + blockSize - 1) / blockSize
        // Two blocks a core at a time: every core busy, little output held at once.
        let batch = 2 * ParallelWork.processorCount
        var first = 0
        while first < blockCount {
            let blocks = first..<min(blockCount, first + batch)
            let texts = ParallelWork.map(count: blocks.count) { k in
                let block = blocks.lowerBound + k
                let rows = (block * blockSize)..<min(count, (block + 1) * blockSize)
                var text: [UInt8] = []
                text.reserveCapacity(rows.count * 40)
                format(rows, &text)
                return text
            }
            for text in texts { text.withUnsafeBufferPointer { output.write(bytes: $0) } }
            first = blocks.upperBound
        }
    }

    /// The lines of the entries at `positions` (a sorted order: scattered over the input), each
    /// as read and after `prefix(k, &text)` for the `k`-th: their ranges are gathered first, every load independent
    /// of the last, so that the cache misses of a scattered read overlap instead of queueing.
    static func appendLines(_ positions: some Collection<Int>, of table: UTF8Table, to text: inout [UInt8],
                            prefix: (Int, inout [UInt8]) -> Void = { _, _ in }) {
        var spans: [(name: Range<Int>, reading: Range<Int>)] = []
        spans.reserveCapacity(positions.count)
        var touched: UInt8 = 0
        table.bytes.withUnsafeBufferPointer { bytes in
            table.ranges.withUnsafeBufferPointer { ranges in
                for position in positions {
                    let base = 4 * position
                    let name = Int(ranges[base])..<Int(ranges[base + 1]), reading = Int(ranges[base + 2])..<Int(ranges[base + 3])
                    // Touch the name's first byte now, so that its line is on its way too.
                    if !name.isEmpty { touched |= bytes[name.lowerBound] }
                    spans.append((name, reading))
                }
            }
            for k in spans.indices {
                prefix(k, &text)
                let (name, reading) = spans[k]
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[name]))
                if !reading.isEmpty {
                    text.append(0x09)
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[reading]))
                }
                text.append(0x0A)
            }
        }
        // Keeps the touching loads from being optimised away.
        if touched == 0xFF, text.isEmpty { text.reserveCapacity(1) }
    }

    /// The entry's line as read: `name`, or `name<TAB>reading` (further columns left out).
    @inline(__always)
    static func appendAsRead(_ position: Int, of table: UTF8Table, to text: inout [UInt8]) {
        table.withName(position) { text.append(contentsOf: $0) }
        table.withReading(position) { reading in
            guard let reading else { return }
            text.append(0x09)
            text.append(contentsOf: reading)
        }
    }

    /// Lowercase hex, two digits a byte.
    @inline(__always)
    static func appendHex(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * bytes.count) { hex in
            hexDigits.withUnsafeBufferPointer { digits in
                for (i, byte) in bytes.enumerated() {
                    hex[2 * i] = digits[Int(byte >> 4)]
                    hex[2 * i + 1] = digits[Int(byte & 0xF)]
                }
            }
            text.append(contentsOf: hex)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON array written a block of elements at a time, in the layout of
    /// ``JSONValue/writeArray(_:to:)``: `element(i)` is element `i`.
    static func writeJSONArray(count: Int, to output: OutputBuffer, element: (Int) -> JSONValue) {
        write(count: count, to: output) { rows, text in
            for i in rows { appendJSONElement(element(i), at: i, to: &text) }
        }
        finishJSONArray(count: count, to: output)
    }

    /// Element `i` of a JSON array in the layout of ``JSONValue/writeArray(_:to:)``, with what
    /// goes before it (the opening bracket for the first).
    static func appendJSONElement(_ element: JSONValue, at i: Int, to text: inout [UInt8]) {
        text += Array(((i == 0 ? "[\n  " : ",\n  ") + element.encoded(depth: 1)).utf8)
    }

    /// What follows the last element of an array of `count` elements (all of it when empty).
    static func finishJSONArray(count: Int, to output: OutputBuffer) {
        output.line(count == 0 ? "[]" : "\n]")
    }
}
