import SectionIndex

/// Output lines formatted on every core: rows cut into blocks, each block formatted into a
/// buffer of its own (names copied straight from the input buffer), the blocks written in
/// order. Sixteen blocks at a time, so that the output never exists whole.
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
        let batch = 16
        var first = 0
        while first < blockCount {
            let blocks = first..<min(blockCount, first + batch)
            let texts = ParallelWork.map(count: blocks.count) { k in
                var text: [UInt8] = []
                text.reserveCapacity(blockSize * 40)
                let block = blocks.lowerBound + k
                format((block * blockSize)..<min(count, (block + 1) * blockSize), &text)
                return text
            }
            for text in texts { text.withUnsafeBufferPointer { output.write(bytes: $0) } }
            first = blocks.upperBound
        }
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
        for byte in bytes {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0xF)])
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
