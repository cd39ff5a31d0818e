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
        var formatted: [[UInt8]] = []
        var first = 0
        while first < blockCount || !formatted.isEmpty {
            let blocks = first..<min(blockCount, first + batch)
            let written = formatted
            // The batch is formatted while one more worker writes the batch before it: the
            // writes overlap the formatting. That worker is the only one that touches `output`,
            // and the caller waits for all of them (``ParallelWork``'s rule for a slot).
            let writer = written.isEmpty ? 0 : 1
            let texts = ParallelWork.map(count: writer + blocks.count, concurrently: blocks.count + writer > 1) { k -> [UInt8] in
                if k < writer {
                    for text in written { text.withUnsafeBufferPointer { output.write(bytes: $0) } }
                    return []
                }
                let block = blocks.lowerBound + k - writer
                let rows = (block * blockSize)..<min(count, (block + 1) * blockSize)
                var text: [UInt8] = []
                text.reserveCapacity(rows.count * 40)
                format(rows, &text)
                return text
            }
            formatted = Array(texts.dropFirst(writer))
            first = blocks.upperBound
        }
    }

    /// Byte strings put before lines (the section labels of `group --format tsv`), in one
    /// buffer: string `p` is `bytes[starts[p]..<starts[p + 1]]`.
    struct LinePrefixes {
        let bytes: [UInt8]
        let starts: [Int]

        init(_ strings: [String]) {
            var bytes: [UInt8] = [], starts = [0]
            for string in strings {
                bytes += string.utf8
                starts.append(bytes.count)
            }
            self.bytes = bytes
            self.starts = starts
        }

        /// No prefix at all.
        static let none = LinePrefixes([""])
    }

    /// The lines of the entries at `positions` (a sorted order: scattered over the input), each
    /// as read and after prefix `prefix(k)` of `prefixes` for the `k`-th: their ranges are
    /// gathered first, every load independent of the last, so that the cache misses of a
    /// scattered read overlap instead of queueing; then the block's exact size is known and
    /// the lines are copied into it without a check per byte string.
    static func appendLines(_ positions: some Collection<Int>, of table: UTF8Table, to text: inout [UInt8],
                            prefixes: LinePrefixes = .none, prefix: (Int) -> Int = { _ in 0 }) {
        // Per line: name start, name end, reading start, reading end, prefix.
        var spans = [UInt32](repeating: 0, count: 5 * positions.count)
        var total = 0
        var touched: UInt8 = 0
        table.bytes.withUnsafeBufferPointer { bytes in
            table.ranges.withUnsafeBufferPointer { ranges in
                prefixes.starts.withUnsafeBufferPointer { starts in
                    spans.withUnsafeMutableBufferPointer { spans in
                        var k = 0
                        for position in positions {
                            let base = 4 * position, slot = 5 * k
                            let nameStart = ranges[base], nameEnd = ranges[base + 1]
                            let readingStart = ranges[base + 2], readingEnd = ranges[base + 3]
                            // Touch the name's first byte now, so that its line is on its way too.
                            if nameEnd > nameStart { touched |= bytes[Int(nameStart)] }
                            let p = prefix(k)
                            (spans[slot], spans[slot + 1], spans[slot + 2], spans[slot + 3], spans[slot + 4])
                                = (nameStart, nameEnd, readingStart, readingEnd, UInt32(p))
                            total += starts[p + 1] - starts[p] + Int(nameEnd - nameStart) + 1
                                + (readingEnd > readingStart ? Int(readingEnd - readingStart) + 1 : 0)
                            k += 1
                        }
                    }
                }
            }
        }
        let first = text.count
        text.append(contentsOf: repeatElement(0, count: total))
        text.withUnsafeMutableBufferPointer { out in
            table.bytes.withUnsafeBufferPointer { bytes in
                prefixes.bytes.withUnsafeBufferPointer { prefixBytes in
                    prefixes.starts.withUnsafeBufferPointer { starts in
                        spans.withUnsafeBufferPointer { spans in
                            var at = out.baseAddress! + first
                            @inline(__always) func copy(_ from: UnsafePointer<UInt8>?, _ count: Int) {
                                guard count > 0 else { return }
                                at.update(from: from!, count: count)
                                at += count
                            }
                            for slot in stride(from: 0, to: spans.count, by: 5) {
                                let p = Int(spans[slot + 4])
                                copy(prefixBytes.baseAddress.map { $0 + starts[p] }, starts[p + 1] - starts[p])
                                copy(bytes.baseAddress! + Int(spans[slot]), Int(spans[slot + 1] - spans[slot]))
                                if spans[slot + 3] > spans[slot + 2] {
                                    at.pointee = 0x09
                                    at += 1
                                    copy(bytes.baseAddress! + Int(spans[slot + 2]), Int(spans[slot + 3] - spans[slot + 2]))
                                }
                                at.pointee = 0x0A
                                at += 1
                            }
                        }
                    }
                }
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
