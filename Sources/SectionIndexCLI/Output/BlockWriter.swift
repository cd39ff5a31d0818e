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
    /// Rows a block: a `keys` line is about 140 bytes, so a block of 16,384 of them is about
    /// 2 MB and the eight blocks in flight on two cores about 19 MB. Blocks four times the
    /// size held 75 MB of buffers, whose first touch (the kernel zeroing each page) cost
    /// `keys` about 22,000 page faults at 1M names and took its peak from 91 MB to 159 MB.
    static let blockSize = 1 << 14

    /// Writes rows `0..<count`: `format(rows, &text)` appends the lines of a block of rows.
    static func write(count: Int, to output: OutputBuffer, format: (Range<Int>, inout [UInt8]) -> Void) {
        let blockCount = (count + blockSize - 1) / blockSize
        // Two blocks a core at a time: every core busy, little output held at once.
        let batch = 2 * ParallelWork.processorCount
        // Slots `0..<batch` hold the blocks formatted last round, to be written now; slots
        // `batch...` get this round's blocks. The buffers are swapped, never freed, between
        // rounds: a block is formatted into memory already touched (no page faults, no
        // growth once the first blocks have set the size).
        var buffers = [[UInt8]](repeating: [], count: 2 * batch)
        var toWrite = 0
        // Bytes a row took so far, to size a fresh buffer at once instead of growing it.
        var formattedBytes = 0, formattedRows = 0
        var first = 0
        while first < blockCount || toWrite > 0 {
            let blocks = first..<min(blockCount, first + batch)
            let bytesPerRow = formattedRows == 0 ? 40 : formattedBytes / formattedRows + 1
            // The batch is formatted while one more worker writes the batch before it: the
            // writes overlap the formatting. That worker is the only one that touches `output`,
            // and each worker touches only its own slots (``ParallelWork``'s rule for a slot).
            let writer = toWrite > 0 ? 1 : 0
            let slots = (writer > 0 ? [0..<toWrite] : []) + blocks.indices.map { (batch + $0 - blocks.lowerBound)..<(batch + $0 - blocks.lowerBound + 1) }
            _ = ParallelWork.mapParts(of: &buffers, slots, concurrently: slots.count > 1) { k, slot in
                if k < writer {
                    for j in slot.indices {
                        slot[j].withUnsafeBufferPointer { output.write(bytes: $0) }
                        slot[j].removeAll(keepingCapacity: true)
                    }
                    return
                }
                let block = blocks.lowerBound + k - writer
                let rows = (block * blockSize)..<min(count, (block + 1) * blockSize)
                slot[0].reserveCapacity(rows.count * bytesPerRow + rows.count * bytesPerRow / 8)
                format(rows, &slot[0])
            }
            for j in batch..<(batch + blocks.count) {
                formattedBytes += buffers[j].count
            }
            formattedRows += blocks.reduce(0) { $0 + min(count, ($1 + 1) * blockSize) - $1 * blockSize }
            // This round's blocks are written next round, into the buffers just written.
            for j in 0..<batch { buffers.swapAt(j, batch + j) }
            toWrite = blocks.count
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
    ///
    /// - Parameter wholeLines: each line exactly as read (before its LF or CRLF), with an
    ///   empty reading's tab and any further columns; otherwise `name[<TAB>reading]`.
    static func appendLines(_ positions: some Collection<Int>, of table: UTF8Table, to text: inout [UInt8],
                            prefixes: LinePrefixes = .none, wholeLines: Bool = false, prefix: (Int) -> Int = { _ in 0 }) {
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
                            let nameStart = ranges[base]
                            var nameEnd = ranges[base + 1], readingStart = ranges[base + 2], readingEnd = ranges[base + 3]
                            // A line with a tab has a reading start past it (never 0): the line
                            // as read may go on past the reading, or hold an empty one.
                            if wholeLines, readingStart != 0 {
                                (nameEnd, readingStart, readingEnd) = (UInt32(lineEnd(from: Int(readingEnd), in: bytes)), 0, 0)
                            }
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

    /// Where the line that goes on at `offset` ends as read: at its LF, before a CR that
    /// precedes the LF, or at the end of the input.
    @inline(__always)
    static func lineEnd(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return end > offset && bytes[end - 1] == 0x0D ? end - 1 : end
    }

    /// Lowercase hex, two digits a byte.
    @inline(__always)
    static func appendHex(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * bytes.count) { hex in
            writeHex(bytes, to: hex.baseAddress!)
            text.append(contentsOf: hex)
        }
    }

    /// Lines put together in a buffer of their own and handed to a block's text a batch at a
    /// time: a line costs its bytes' stores, not an append to an array (a check of its
    /// uniqueness and capacity) for each. Holds at most ``batchBytes`` (more only for a longer
    /// line); ``finish(into:)`` hands over the rest and frees the buffer.
    ///
    /// ```swift
    /// var lines = BlockWriter.LineBuffer()
    /// lines.appendKeyLine(key: key, label: nil, name: name, reading: nil, to: &text)
    /// lines.finish(into: &text)
    /// ```
    struct LineBuffer {
        static let batchBytes = 1 << 16
        private var buffer: UnsafeMutableBufferPointer<UInt8>
        private var count = 0

        init() { buffer = .allocate(capacity: Self.batchBytes) }

        /// A line of `keys`, `KEY<TAB>[label<TAB>]name[<TAB>reading]`, KEY in lowercase hex;
        /// the batch goes to `text` first when the line does not fit after it.
        @inline(__always)
        mutating func appendKeyLine(key: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>?,
                                    name: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?,
                                    to text: inout [UInt8]) {
            let length = 2 * key.count + 1 + (label.map { $0.count + 1 } ?? 0) + name.count + (reading.map { $0.count + 1 } ?? 0) + 1
            if count + length > buffer.count { makeRoom(for: length, flushingInto: &text) }
            var at = buffer.baseAddress! + count
            @inline(__always) func copy(_ part: UnsafeBufferPointer<UInt8>) {
                guard let base = part.baseAddress, !part.isEmpty else { return }
                at.update(from: base, count: part.count)
                at += part.count
            }
            writeHex(key, to: at)
            at += 2 * key.count
            at.pointee = 0x09
            at += 1
            if let label {
                copy(label)
                at.pointee = 0x09
                at += 1
            }
            copy(name)
            if let reading {
                at.pointee = 0x09
                at += 1
                copy(reading)
            }
            at.pointee = 0x0A
            count += length
        }

        /// Hands the batch to `text`, and grows the buffer if `length` bytes would not fit in it.
        private mutating func makeRoom(for length: Int, flushingInto text: inout [UInt8]) {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            count = 0
            if length > buffer.count {
                buffer.deallocate()
                buffer = .allocate(capacity: length)
            }
        }

        /// Hands the rest to `text` and frees the buffer: the last use of the value.
        mutating func finish(into text: inout [UInt8]) {
            text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
            count = 0
            buffer.deallocate()
            buffer = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
    }

    /// Writes `2 * bytes.count` lowercase hex digits at `target`, eight bytes' digits at a
    /// time with word arithmetic (``hexDigits(of:)``): no table load a byte.
    @inline(__always)
    fileprivate static func writeHex(_ bytes: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let source = UnsafeRawPointer(base), raw = UnsafeMutableRawPointer(target)
        var i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            raw.storeBytes(of: hexDigits(of: UInt32(truncatingIfNeeded: word)).littleEndian, toByteOffset: 2 * i, as: UInt64.self)
            raw.storeBytes(of: hexDigits(of: UInt32(truncatingIfNeeded: word >> 32)).littleEndian, toByteOffset: 2 * i + 8, as: UInt64.self)
            i += 8
        }
        if i + 4 <= bytes.count {
            let word = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            raw.storeBytes(of: hexDigits(of: word).littleEndian, toByteOffset: 2 * i, as: UInt64.self)
            i += 4
        }
        while i < bytes.count {
            raw.storeBytes(of: UInt16(truncatingIfNeeded: hexDigits(of: UInt32(bytes[i]))).littleEndian, toByteOffset: 2 * i, as: UInt16.self)
            i += 1
        }
    }

    /// The lowercase hex digits of four bytes (the first in the low byte), the first byte's
    /// two digits in the low two bytes of the result: each byte spread to two bytes, a nibble
    /// in each, then 0x30 added to every nibble and 0x27 more to those of 10 and above (adding
    /// 6 carries exactly those into bit 4). No carry crosses a byte.
    @inline(__always)
    static func hexDigits(of bytes: UInt32) -> UInt64 {
        var spread = UInt64(bytes)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        let nibbles = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
    }

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
