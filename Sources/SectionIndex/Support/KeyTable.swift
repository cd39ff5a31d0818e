/// Sort keys of many strings in one flat buffer, computed on every core.
///
/// Keys are computed once per string and never again: placing a name (binary search with the
/// key's primary part) and ordering it (byte comparison of the whole key) both read the same
/// bytes. ICU allows one collator to be used from several threads for keys, so the work
/// splits into chunks that each fill their own buffer.
struct KeyTable {
    private(set) var bytes: [UInt8]
    /// `starts[i]..<starts[i + 1]` are the bytes of key `i`.
    private(set) var starts: [Int]

    var count: Int { starts.count - 1 }

    /// Frees the key starts when every record holds its key's offset and length: eight bytes
    /// a key less at the sort's peak. Only ``sort(_:tieBreak:)`` may use the table afterwards.
    mutating func releaseStartsIfRecordsHoldOffsets() {
        if bytes.count < Int(UInt32.max) { starts = [0] }
    }

    /// Frees the keys once the records are sorted: the order does not need them.
    mutating func release() {
        bytes = []
        starts = [0]
    }

    /// Builds the table: `append(i, &buffer)` appends key `i` to the buffer.
    static func build(count: Int, append: (Int, inout [UInt8]) -> Void) -> KeyTable {
        let ranges = ParallelWork.chunks(of: count, into: ParallelWork.chunkCount(for: count))
        return joined(ParallelWork.map(count: ranges.count) { k in
            fill(ranges[k]) { i, bytes in append(i, &bytes) }
        })
    }

    /// Builds the table and a side result per key: `append(i, &buffer, &side[i])` appends
    /// key `i` to the buffer and may set `side[i]` (the section a key places its name in).
    static func build<Side>(count: Int, recording side: inout [Side],
                            append: (Int, inout [UInt8], inout Side) -> Void) -> KeyTable {
        precondition(side.count == count, "KeyTable.build: one side result per key")
        let ranges = ParallelWork.chunks(of: count, into: ParallelWork.chunkCount(for: count))
        return joined(ParallelWork.mapParts(of: &side, ranges) { k, sides in
            let first = ranges[k].lowerBound
            return fill(ranges[k]) { i, bytes in append(i, &bytes, &sides[i - first]) }
        })
    }

    /// The keys of one chunk, in a buffer of its own.
    private static func fill(_ range: Range<Int>, _ append: (Int, inout [UInt8]) -> Void) -> (bytes: [UInt8], ends: [Int]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * 32)
        var ends: [Int] = []
        ends.reserveCapacity(range.count)
        for i in range {
            append(i, &bytes)
            ends.append(bytes.count)
        }
        return (bytes, ends)
    }

    /// The chunks' keys in one table, in chunk order.
    private static func joined(_ chunks: consuming [(bytes: [UInt8], ends: [Int])]) -> KeyTable {
        var table = KeyTable(bytes: [], starts: [0])
        table.bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.bytes.count })
        table.starts.reserveCapacity(chunks.reduce(1) { $0 + $1.ends.count })
        for c in chunks.indices {
            let base = table.bytes.count
            table.bytes.append(contentsOf: chunks[c].bytes)
            for end in chunks[c].ends { table.starts.append(base + end) }
            // Freed as soon as copied: the table's pages fill as the chunks' are returned.
            chunks[c] = ([], [])
        }
        return table
    }
}

extension Array where Element == UInt8 {
    /// The primary part of an ICU sort key: the bytes before the first level separator (01).
    /// ICU's primary weights never contain 00 or 01, so this part orders exactly as a
    /// primary-strength key of the same collator (checked for every locale by the tests).
    @inline(__always)
    func primaryLength(from start: Int, to end: Int) -> Int {
        var i = start
        while i < end, self[i] > 1 { i += 1 }
        return i - start
    }
}

/// Second keys for the few records that need one: `slots[i]` is record `i`'s key in `keys`,
/// or -1 when its main key serves.
struct TieBreak {
    var keys: KeyTable
    var slots: [Int32]
}

