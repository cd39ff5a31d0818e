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

    /// Builds the table, a side result per key and, for the keys that need one, a second key
    /// that breaks ties between equal first keys, all in one pass over the entries:
    /// `append(i, &state, &key, &side[i], &tie)` appends key `i`, may set `side[i]`, and
    /// returns true when it appended a tie key. Each chunk has a `state` of its own (a cache,
    /// what it found), returned in chunk order.
    static func build<Side, State>(count: Int, recording side: inout [Side], state makeState: () -> State,
                                   append: (Int, inout State, inout [UInt8], inout Side, inout [UInt8]) -> Bool)
        -> (table: KeyTable, tieBreak: TieBreak?, states: [State]) {
        precondition(side.count == count, "KeyTable.build: one side result per key")
        let ranges = ParallelWork.chunks(of: count, into: ParallelWork.chunkCount(for: count))
        var chunks = ParallelWork.mapParts(of: &side, ranges) { k, sides in
            let first = ranges[k].lowerBound
            var state = makeState()
            var ties: (bytes: [UInt8], ends: [Int]) = ([], [])
            var owners: [Int32] = []
            let keys = fill(ranges[k]) { i, bytes in
                if append(i, &state, &bytes, &sides[i - first], &ties.bytes) {
                    ties.ends.append(ties.bytes.count)
                    owners.append(Int32(i))
                }
            }
            return (keys: keys, ties: ties, owners: owners, state: state)
        }
        let states = chunks.map(\.state)
        var tieBreak: TieBreak?
        if chunks.contains(where: { !$0.owners.isEmpty }) {
            var slots = LargePages.array(repeating: Int32(-1), count: count)
            var slot: Int32 = 0
            for chunk in chunks {
                for owner in chunk.owners {
                    slots[Int(owner)] = slot
                    slot += 1
                }
            }
            tieBreak = TieBreak(keys: joined(chunks.indices.map { c in
                defer { chunks[c].ties = ([], []); chunks[c].owners = [] }
                return chunks[c].ties
            }), slots: slots)
        }
        let table = joined(chunks.indices.map { c in
            defer { chunks[c].keys = ([], []) }
            return chunks[c].keys
        })
        return (table, tieBreak, states)
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

    /// The chunks' keys in one table, in chunk order, the chunks copied on every core, each
    /// freed as soon as copied: the table's pages fill as the chunks' are returned.
    private static func joined(_ parts: consuming [(bytes: [UInt8], ends: [Int])]) -> KeyTable {
        var chunks = parts
        var byteRanges: [Range<Int>] = [], startRanges: [Range<Int>] = []
        var byteCount = 0, keyCount = 0
        for chunk in chunks {
            byteRanges.append(byteCount..<(byteCount + chunk.bytes.count))
            startRanges.append((1 + keyCount)..<(1 + keyCount + chunk.ends.count))
            byteCount += chunk.bytes.count
            keyCount += chunk.ends.count
        }
        var starts: [Int] = []
        // On large pages: the sort reads keys all over the table.
        let bytes: [UInt8] = LargePages.array(count: byteCount) { allBytes in
            starts = LargePages.array(count: keyCount + 1) { allStarts in
                allStarts.initializeElement(at: 0, to: 0)
                // Chunk k's own ranges of the two tables, disjoint as the chunks are: worker k
                // writes them and frees chunk k, its slot (as `ParallelWork.update(_:_:_:)` does).
                let byteParts = byteRanges.map { UnsafeMutableBufferPointer(rebasing: allBytes[$0]) }
                let startParts = startRanges.map { UnsafeMutableBufferPointer(rebasing: allStarts[$0]) }
                _ = ParallelWork.mapParts(of: &chunks, chunks.indices.map { $0..<($0 + 1) }) { k, chunk in
                    chunk[0].bytes.withUnsafeBufferPointer { _ = byteParts[k].initialize(fromContentsOf: $0) }
                    let base = byteRanges[k].lowerBound
                    for (j, end) in chunk[0].ends.enumerated() { startParts[k].initializeElement(at: j, to: base + end) }
                    chunk[0] = ([], [])
                }
            }
        }
        return KeyTable(bytes: bytes, starts: starts)
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

