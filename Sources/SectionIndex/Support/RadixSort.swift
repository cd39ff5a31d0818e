/// The sort of the grouping paths: records ordered by group, then key bytes, then a tie key,
/// then input position — a radix sort on eight key bytes at a time, groups spread over every
/// core.

/// Raw views of the key tables that the sort reads: no reference counting in its loops.
struct KeyAccess {
    let keys: UnsafePointer<UInt8>
    let starts: UnsafePointer<Int>
    let ties: UnsafePointer<UInt8>
    let tieStarts: UnsafePointer<Int>
    let ownerBits: UnsafePointer<UInt64>
    let ownersBefore: UnsafePointer<Int32>
    let hasTies: Bool

    @inline(__always)
    func start(_ r: OrderRecord) -> Int { r.start != .max ? Int(r.start) : starts[Int(r.index)] }

    @inline(__always)
    func length(_ r: OrderRecord) -> Int {
        r.start != .max ? Int(r.length) : starts[Int(r.index) + 1] - starts[Int(r.index)]
    }

    /// Eight key bytes from `depth`, big-endian, zeros past the key's end.
    @inline(__always)
    func word(_ r: OrderRecord, at depth: Int) -> UInt64 {
        let base = keys + start(r), count = length(r)
        // Most keys reach past `depth + 8`: one load, no loop. The loads of a run then
        // overlap their cache misses, which at 10M names (keys scattered over hundreds of
        // megabytes) are most of the cost of a level.
        if depth + 8 <= count { return UInt64(bigEndian: UnsafeRawPointer(base + depth).loadUnaligned(as: UInt64.self)) }
        var value: UInt64 = 0
        for i in depth..<(depth + 8) { value = value << 8 | UInt64(i < count ? base[i] : 0) }
        return value
    }

    /// Key bytes from `depth` on, then ``equalKeysLess(_:_:)``.
    @inline(__always)
    func tailLess(_ a: OrderRecord, _ b: OrderRecord, from depth: Int) -> Bool {
        let la = length(a), lb = length(b)
        let byKey = compareBytes(UnsafeBufferPointer(start: keys + start(a) + min(depth, la), count: max(0, la - depth)),
                                 UnsafeBufferPointer(start: keys + start(b) + min(depth, lb), count: max(0, lb - depth)))
        return byKey != 0 ? byKey < 0 : equalKeysLess(a, b)
    }

    /// For equal keys: the tie key (the name's, or the main key when it has none), then the
    /// input position.
    @inline(__always)
    func equalKeysLess(_ a: OrderRecord, _ b: OrderRecord) -> Bool {
        if hasTies {
            let byTie = compareBytes(tieKey(a), tieKey(b))
            if byTie != 0 { return byTie < 0 }
        }
        return a.index < b.index
    }

    @inline(__always)
    private func tieKey(_ r: OrderRecord) -> UnsafeBufferPointer<UInt8> {
        let slot = TieOwners.slot(of: Int(r.index), bits: ownerBits, before: ownersBefore)
        if slot < 0 { return UnsafeBufferPointer(start: keys + start(r), count: length(r)) }
        return UnsafeBufferPointer(start: ties + tieStarts[slot], count: tieStarts[slot + 1] - tieStarts[slot])
    }
}

/// A record a radix sort orders by a 64-bit head: the grouping paths' ``OrderRecord`` and a
/// search part's words (``WeightTable/SortableWord``).
protocol HeadSorted {
    var head: UInt64 { get }
}

/// Orders records by their heads, keeping the order they came in among equal heads: an LSD
/// radix sort a byte at a time, skipping the bytes every head shares (most of them, deep in a
/// run of equal prefixes, or with two-byte codes). `scratch` holds at least as many records;
/// without it, one is allocated when the heads differ at all.
func radixSortByHead<Record: HeadSorted>(_ part: UnsafeMutableBufferPointer<Record>,
                                         scratch: UnsafeMutableBufferPointer<Record>? = nil) {
    guard let base = part.baseAddress else { return }
    let first = base.pointee.head
    var differing: UInt64 = 0
    for record in part { differing |= record.head ^ first }
    guard differing != 0 else { return }
    let owned = scratch == nil ? UnsafeMutableBufferPointer<Record>.allocate(capacity: part.count) : nil
    defer { owned?.deallocate() }
    var source = base, target = (scratch ?? owned!).baseAddress!
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { next in
        for byte in 0..<8 where (differing >> UInt64(8 * byte)) & 0xFF != 0 {
            let shift = UInt64(8 * byte)
            next.initialize(repeating: 0)
            for k in 0..<part.count { next[Int((source[k].head >> shift) & 0xFF)] += 1 }
            var sum = 0
            for digit in 0..<256 { (next[digit], sum) = (sum, sum + next[digit]) }
            for k in 0..<part.count {
                let digit = Int((source[k].head >> shift) & 0xFF)
                (target + next[digit]).initialize(to: source[k])
                next[digit] += 1
            }
            swap(&source, &target)
        }
    }
    if source != base { base.update(from: source, count: part.count) }
}

/// One record to order: its group (section or bucket), the first eight key bytes packed so
/// most comparisons are one integer comparison, and its index.
struct OrderRecord: HeadSorted {
    var group: Int32
    var index: Int32
    var head: UInt64
    /// Where the key's bytes are, so a comparison that gets past the head goes straight to
    /// them without a look-up in `starts` (one cache miss less on large lists). `start` is
    /// `UInt32.max` when the table is too large for 32-bit offsets; `starts` serves then.
    var start: UInt32 = .max
    var length: UInt32 = 0

    @inline(__always)
    static func head(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if bytes.count >= 8, let base = bytes.baseAddress {
            return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        }
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
        return value
    }
}

extension KeyTable {
    /// Orders records by group, then key bytes, then (when given) a second key table, then
    /// index: a total order.
    ///
    /// Records are distributed by group, then each group is sorted as a radix sort on eight
    /// key bytes at a time: sort by the head in hand, then, for each run of equal heads, load
    /// the next eight bytes of each key once and sort the run by those. Key bytes are read
    /// once per record per level instead of once per comparison, which matters when many
    /// names share long prefixes and the keys no longer fit in cache. Keys contain no zero
    /// bytes, so a key that ends reads as zeros and sorts before its extensions.
    func sort(_ records: inout [OrderRecord], tieBreak: TieBreak? = nil) {
        let tie = tieBreak?.keys ?? KeyTable(bytes: [], starts: [0], count: 0)
        let owners = tieBreak?.owners ?? TieOwners(count: 0, owners: [])
        bytes.withUnsafeBufferPointer { keyBuffer in
            starts.withUnsafeBufferPointer { startBuffer in
                tie.bytes.withUnsafeBufferPointer { tieBuffer in
                    tie.starts.withUnsafeBufferPointer { tieStartBuffer in
                        owners.bits.withUnsafeBufferPointer { bitBuffer in
                            owners.before.withUnsafeBufferPointer { beforeBuffer in
                                let access = KeyAccess(keys: keyBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                                                       starts: startBuffer.baseAddress!,
                                                       ties: tieBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                                                       tieStarts: tieStartBuffer.baseAddress!,
                                                       ownerBits: bitBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                                       ownersBefore: beforeBuffer.baseAddress ?? UnsafePointer(bitPattern: 4)!,
                                                       hasTies: tieBreak != nil)
                                KeyTable.sortByGroup(&records, sortGroup: { KeyTable.sortGroup($0, access) },
                                                     less: { access.tailLess($0, $1, from: 0) })
                            }
                        }
                    }
                }
            }
        }
    }

    /// Records by their head alone: ``radixSortByHead(_:scratch:)``; a comparison sort for a
    /// few records.
    static func sortByHead(_ part: UnsafeMutableBufferPointer<OrderRecord>) {
        guard part.count >= 64 else {
            var part = part
            part.sort { $0.head < $1.head }
            return
        }
        radixSortByHead(part)
    }

    /// Cuts a range of records, too large for one core, into consecutive ranges by the first
    /// 16 bits in which their heads differ (in place): each range sorts on its own, and the
    /// ranges are in key order. One range when every head is the same.
    static func subdivided(_ all: UnsafeMutableBufferPointer<OrderRecord>, _ range: Range<Int>) -> [Range<Int>] {
        let first = all[range.lowerBound].head
        var differing: UInt64 = 0
        for k in range { differing |= all[k].head ^ first }
        guard differing != 0 else { return [range] }
        let shift = UInt64((63 - differing.leadingZeroBitCount) / 16 * 16)
        @inline(__always) func digit(_ record: OrderRecord) -> Int { Int((record.head >> shift) & 0xFFFF) }
        var bounds = [Int](repeating: 0, count: 65_537)
        for k in range { bounds[digit(all[k]) + 1] += 1 }
        bounds[0] = range.lowerBound
        for d in 0..<65_536 { bounds[d + 1] += bounds[d] }
        var next = bounds
        for d in 0..<65_536 {
            while next[d] < bounds[d + 1] {
                let target = digit(all[next[d]])
                if target == d {
                    next[d] += 1
                } else {
                    all.swapAt(next[d], next[target])
                    next[target] += 1
                }
            }
        }
        return (0..<65_536).map { bounds[$0]..<bounds[$0 + 1] }.filter { !$0.isEmpty }
    }

    /// The most records ``sortByHead(_:)`` sorts at once where the heads allow (its scratch
    /// buffer: 6 MB).
    static let scratchLimit = 1 << 18

    /// ``sortByHead(_:)``, a range of more than ``scratchLimit`` records first cut by
    /// ``subdivided(_:_:)`` (its pieces in head order): a radix sort of one large group (`#`
    /// with every Han name of an English list, 1.5M records of the 10M-name benchmark) took a
    /// scratch copy of it (36 MB) beside the keys and records at the peak of grouping, and
    /// scattered its records over tens of megabytes on each of its passes.
    static func sortByHeadInPieces(_ part: UnsafeMutableBufferPointer<OrderRecord>) {
        guard part.count > scratchLimit else { return sortByHead(part) }
        let pieces = subdivided(part, part.indices)
        // One piece: every head is the same.
        guard pieces.count > 1 else { return }
        for piece in pieces { sortByHeadInPieces(UnsafeMutableBufferPointer(rebasing: part[piece])) }
    }

    /// One group's records, by key (eight bytes a level), then by ``KeyAccess/equalKeysLess(_:_:)``.
    private static func sortGroup(_ part: UnsafeMutableBufferPointer<OrderRecord>, _ access: KeyAccess) {
        var pending: [(range: Range<Int>, depth: Int)] = [(0..<part.count, 0)]
        while let (range, depth) = pending.popLast() {
            sortByHeadInPieces(UnsafeMutableBufferPointer(rebasing: part[range]))
            var i = range.lowerBound
            while i < range.upperBound {
                let head = part[i].head
                var j = i + 1
                while j < range.upperBound, part[j].head == head { j += 1 }
                if j - i > 1 {
                    var run = UnsafeMutableBufferPointer(rebasing: part[i..<j])
                    let next = depth + 8
                    if run.allSatisfy({ access.length($0) <= next }) {
                        // Equal heads and every key ended: the keys are equal.
                        run.sort(by: access.equalKeysLess)
                    } else if next >= 256 {
                        // A long shared prefix (a very long name): finish by comparison.
                        run.sort { access.tailLess($0, $1, from: next) }
                    } else {
                        for k in i..<j { part[k].head = access.word(part[k], at: next) }
                        pending.append((i..<j, next))
                    }
                }
                i = j
            }
        }
    }

    /// Distributes the records by group (in place, as an American flag sort: the order inside
    /// a group does not matter, since each group's sort gives a total order), then sorts each
    /// group on its own, the groups spread over every core, the largest handed out first. A
    /// group too large for one core (`#` holding every Han name of an English list) is sorted
    /// in halves on two cores and merged with `less`, the full order.
    static func sortByGroup(_ records: inout [OrderRecord], sortGroup: (UnsafeMutableBufferPointer<OrderRecord>) -> Void,
                            less: (OrderRecord, OrderRecord) -> Bool) {
        let groupCount = Int(records.lazy.map(\.group).max() ?? 0) + 1
        var bounds = [Int](repeating: 0, count: groupCount + 1)
        for record in records { bounds[Int(record.group) + 1] += 1 }
        for g in 0..<groupCount { bounds[g + 1] += bounds[g] }
        var next = bounds
        records.withUnsafeMutableBufferPointer { all in
            for g in 0..<groupCount {
                // Each swap puts one record into its group's range for good.
                while next[g] < bounds[g + 1] {
                    let target = Int(all[next[g]].group)
                    if target == g {
                        next[g] += 1
                    } else {
                        all.swapAt(next[g], next[target])
                        next[target] += 1
                    }
                }
            }
        }
        var distributed = records
        records = []
        let total = distributed.count
        let parallel = total >= ParallelWork.threshold && ParallelWork.processorCount > 1
        let share = total / ParallelWork.processorCount
        var parts = (0..<groupCount).map { bounds[$0]..<bounds[$0 + 1] }.filter { !$0.isEmpty }
        distributed.withUnsafeMutableBufferPointer { all in
            if parallel {
                // A group too large to share the cores out evenly splits by key prefix; what
                // is still too large for one core (one name many times) is sorted in halves on
                // two cores and merged.
                parts = parts.flatMap { $0.count > share / 2 ? subdivided(all, $0) : [$0] }
                for part in parts where part.count > share {
                    ParallelWork.sortInHalves(UnsafeMutableBufferPointer(rebasing: all[part]), sortHalf: sortGroup, less: less)
                }
                parts.removeAll { $0.count > share }
            }
        }
        parts.sort { $0.count > $1.count }
        _ = ParallelWork.mapParts(of: &distributed, parts, concurrently: total >= ParallelWork.threshold) { _, part in sortGroup(part) }
        records = distributed
    }
}
