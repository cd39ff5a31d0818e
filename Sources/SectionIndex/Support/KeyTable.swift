/// Sort keys of many strings in one flat buffer, computed on every core.
///
/// Keys are computed once per string and never again: placing a name (binary search with the
/// key's primary part) and ordering it (byte comparison of the whole key) both read the same
/// bytes. ICU allows one collator to be used from several threads for keys, so the work
/// splits into chunks that each fill their own buffer.
struct KeyTable {
    private(set) var bytes: [UInt8]
    /// `starts[i]..<starts[i + 1]` are the bytes of key `i`; only `[0]` when the table was
    /// built with its records and every record holds its key's offset and length.
    private(set) var starts: [Int]
    /// The number of keys, in a table of either kind: stored, since a table built with its
    /// records has no starts to count them by.
    private(set) var count: Int

    init(bytes: [UInt8], starts: [Int], count: Int) {
        self.bytes = bytes
        self.starts = starts
        self.count = count
    }

    /// Frees the keys once the records are sorted: the order does not need them.
    mutating func release() {
        bytes = []
        starts = [0]
        count = 0
    }

    /// Builds the table: `append(i, &buffer)` appends key `i` to the buffer.
    static func build(count: Int, append: (Int, inout [UInt8]) -> Void) -> KeyTable {
        let ranges = ParallelWork.chunks(of: count, into: ParallelWork.chunkCount(for: count))
        return joined(ParallelWork.map(count: ranges.count) { k in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(ranges[k].count * 32)
            var ends: [Int] = []
            ends.reserveCapacity(ranges[k].count)
            for i in ranges[k] {
                append(i, &bytes)
                ends.append(bytes.count)
            }
            return (bytes, ends)
        })
    }

    /// Builds the table and a record per key for ``sort(_:tieBreak:)``: `append(i, &buffer,
    /// &group)` appends key `i` to the buffer and sets its record's group (the section a key
    /// places its name in).
    static func records(count: Int, append: (Int, inout [UInt8], inout Int32) -> Void) -> (table: KeyTable, records: [OrderRecord]) {
        let built = records(count: count, state: {}) { i, _, bytes, group, _ in
            append(i, &bytes, &group)
            return false
        }
        return (built.table, built.records)
    }

    /// Builds the table, a record per key and, for the keys that need one, a second key that
    /// breaks ties between equal first keys, all in one pass over the entries:
    /// `append(i, &state, &key, &group, &tie)` appends key `i`, sets its record's group, and
    /// returns true when it appended a tie key. Each chunk has a `state` of its own (a cache,
    /// what it found), returned in chunk order.
    ///
    /// Each record is made as soon as its key is, into the one array of records, with its
    /// key's offset inside its chunk; the join moves the offsets to the table. So no key
    /// starts and no side array of groups exist beside the records (12 bytes a key less at
    /// the sort's peak, 120 MB at 10M names), and no pass over the table makes the records.
    /// A table of `offsetLimit` bytes or more (`UInt32.max`: 32-bit offsets) keeps its starts
    /// instead, the records pointing to them.
    static func records<State>(count: Int, offsetLimit: Int = Int(UInt32.max), state makeState: () -> State,
                               append: (Int, inout State, inout [UInt8], inout Int32, inout [UInt8]) -> Bool)
        -> (table: KeyTable, records: [OrderRecord], tieBreak: TieBreak?, states: [State]) {
        let ranges = ParallelWork.chunks(of: count, into: ParallelWork.chunkCount(for: count))
        var chunks: [(keys: [UInt8], ties: (bytes: [UInt8], ends: [Int]), owners: [Int32], state: State)] = []
        var records: [OrderRecord] = FreshMemory.array(count: count) { all in
            chunks = ParallelWork.mapParts(of: all, ranges) { k, part in
                let first = ranges[k].lowerBound
                var state = makeState()
                var keys: [UInt8] = []
                keys.reserveCapacity(part.count * 32)
                var ties: (bytes: [UInt8], ends: [Int]) = ([], [])
                var owners: [Int32] = []
                for j in part.indices {
                    let i = first + j, start = keys.count
                    var group: Int32 = 0
                    if append(i, &state, &keys, &group, &ties.bytes) {
                        ties.ends.append(ties.bytes.count)
                        owners.append(Int32(i))
                    }
                    // The head while the key's bytes are at hand.
                    let head = keys.withUnsafeBufferPointer { OrderRecord.head(of: UnsafeBufferPointer(rebasing: $0[start...])) }
                    part.initializeElement(at: j, to: OrderRecord(group: group, index: Int32(i), head: head,
                                                                  start: UInt32(truncatingIfNeeded: start),
                                                                  length: UInt32(keys.count - start)))
                }
                return (keys, ties, owners, state)
            }
        }
        let states = chunks.map(\.state)
        var tieBreak: TieBreak?
        if chunks.contains(where: { !$0.owners.isEmpty }) {
            // The owners first: the join empties the chunks.
            let owners = TieOwners(count: count, owners: chunks.lazy.flatMap(\.owners).map { Int($0) })
            tieBreak = TieBreak(keys: joined(chunks.indices.map { c in
                defer { chunks[c].ties = ([], []); chunks[c].owners = [] }
                return chunks[c].ties
            }), owners: owners)
        }
        var keys = chunks.indices.map { c in
            defer { chunks[c].keys = [] }
            return chunks[c].keys
        }
        chunks = []
        let byteCount = keys.reduce(0) { $0 + $1.count }
        let table = records.withUnsafeMutableBufferPointer { all in
            let parts = ranges.map { UnsafeMutableBufferPointer(rebasing: all[$0]) }
            if byteCount < min(offsetLimit, Int(UInt32.max)) {
                // Chunk k's records, its own: its worker moves their offsets by where its keys went.
                return KeyTable(bytes: joined(&keys) { k, base in
                    for j in parts[k].indices { parts[k][j].start += UInt32(base) }
                }, starts: [0], count: count)
            }
            // Too large for 32-bit offsets: the starts, from the lengths.
            var bytes: [UInt8] = []
            let starts: [Int] = FreshMemory.array(count: count + 1) { allStarts in
                allStarts.initializeElement(at: 0, to: 0)
                let startParts = ranges.map { UnsafeMutableBufferPointer(rebasing: allStarts[($0.lowerBound + 1)..<($0.upperBound + 1)]) }
                bytes = joined(&keys) { k, base in
                    var end = base
                    for j in parts[k].indices {
                        end += Int(parts[k][j].length)
                        startParts[k].initializeElement(at: j, to: end)
                        parts[k][j].start = .max
                    }
                }
            }
            return KeyTable(bytes: bytes, starts: starts, count: count)
        }
        return (table, records, tieBreak, states)
    }

    /// The chunks' keys in one table, in chunk order: the keys' ends become the table's starts.
    private static func joined(_ parts: consuming [(bytes: [UInt8], ends: [Int])]) -> KeyTable {
        var parts = parts
        var chunks = parts.indices.map { k in
            defer { parts[k].bytes = [] }
            return parts[k].bytes
        }
        var bytes: [UInt8] = []
        let starts: [Int] = FreshMemory.array(count: parts.reduce(0) { $0 + $1.ends.count } + 1) { allStarts in
            allStarts.initializeElement(at: 0, to: 0)
            var first = 1
            // Chunk k's own range of the starts, disjoint as the chunks are.
            let startParts = parts.map { part in
                defer { first += part.ends.count }
                return UnsafeMutableBufferPointer(rebasing: allStarts[first..<(first + part.ends.count)])
            }
            bytes = joined(&chunks) { k, base in
                for (j, end) in parts[k].ends.enumerated() { startParts[k].initializeElement(at: j, to: base + end) }
            }
        }
        return KeyTable(bytes: bytes, starts: starts, count: starts.count - 1)
    }

    /// The chunks' bytes in one buffer, in chunk order, the chunks copied on every core, each
    /// given back as it is copied: the buffer's pages fill as the chunks' are returned. Then
    /// `placed(k, base)` runs on chunk k's worker, `base` being where chunk k's bytes start;
    /// it may write only what belongs to chunk k.
    ///
    /// A chunk is copied 2 MB at a time, and the pages copied are given back at once
    /// (``FreshMemory/discard(_:)``), not when the whole chunk is freed: with a chunk of keys on
    /// each core held until its copy ended, two chunks more than the keys were resident while
    /// the records were too, and that was the peak of `group` at 10M names (57 MB over it).
    private static func joined(_ chunks: inout [[UInt8]], placed: (Int, Int) -> Void) -> [UInt8] {
        var ranges: [Range<Int>] = []
        var count = 0
        for chunk in chunks {
            ranges.append(count..<(count + chunk.count))
            count += chunk.count
        }
        return FreshMemory.array(count: count) { all in
            // Chunk k's own range of the buffer, disjoint as the chunks are: worker k writes it
            // and frees chunk k, its slot (as `ParallelWork.update(_:_:)` does).
            let parts = ranges.map { UnsafeMutableBufferPointer(rebasing: all[$0]) }
            _ = ParallelWork.mapParts(of: &chunks, chunks.indices.map { $0..<($0 + 1) }) { k, chunk in
                chunk[0].withUnsafeMutableBufferPointer { source in
                    var copied = 0
                    while copied < source.count {
                        let step = copied..<min(source.count, copied + FreshMemory.discardStep)
                        _ = UnsafeMutableBufferPointer(rebasing: parts[k][step]).initialize(fromContentsOf: source[step])
                        // From the start of the chunk: a page that straddles two steps goes
                        // with the second.
                        FreshMemory.discard(UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: source[..<step.upperBound])))
                        copied = step.upperBound
                    }
                }
                chunk[0] = []
                placed(k, ranges[k].lowerBound)
            }
        }
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

/// Second keys for the few records that need one, in the order of their records: record
/// `i`'s is key `owners.slot(of: i)` of `keys`, or its main key serves when that is -1.
struct TieBreak {
    var keys: KeyTable
    var owners: TieOwners
}

/// The records that own a tie key, a bit a record. The tie keys are in their owners' order,
/// so an owner's key is the number of owners before it: the owners before its word of bits
/// and those before it in the word. A 32-bit slot a record, for the tenth of the names of a
/// large list that have a tie key, held 38 MB at 10M names at the sort's peak; these hold 2.
struct TieOwners {
    /// Bit `i % 64` of word `i / 64` is set when record `i` owns a tie key.
    private(set) var bits: [UInt64]
    /// The owners before each word of `bits`.
    private(set) var before: [Int32]

    /// - Parameter owners: increasing, each below `count`.
    init(count: Int, owners: some Sequence<Int>) {
        bits = [UInt64](repeating: 0, count: (count + 63) / 64)
        for owner in owners { bits[owner >> 6] |= 1 << UInt64(owner & 63) }
        before = [Int32](repeating: 0, count: bits.count)
        var total: Int32 = 0
        for w in bits.indices {
            before[w] = total
            total += Int32(bits[w].nonzeroBitCount)
        }
    }

    /// Record `i`'s tie key, or -1.
    func slot(of i: Int) -> Int {
        guard i >> 6 < bits.count else { return -1 }
        return bits.withUnsafeBufferPointer { b in before.withUnsafeBufferPointer { Self.slot(of: i, bits: b.baseAddress!, before: $0.baseAddress!) } }
    }

    /// ``slot(of:)`` from raw views of the two arrays, for the sort's loops.
    @inline(__always)
    static func slot(of i: Int, bits: UnsafePointer<UInt64>, before: UnsafePointer<Int32>) -> Int {
        let word = bits[i >> 6], bit = UInt64(1) << UInt64(i & 63)
        guard word & bit != 0 else { return -1 }
        return Int(before[i >> 6]) + (word & (bit &- 1)).nonzeroBitCount
    }
}

