#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

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

    /// Cores to use for bulk work.
    static let processorCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Below this many strings one thread is faster than dispatching.
    static let parallelThreshold = 8_192

    /// Builds the table: `append(i, &buffer)` appends key `i` to the buffer (and may record
    /// side results for `i` through memory the caller owns, one slot per index).
    static func build(count: Int, append: (Int, inout [UInt8]) -> Void) -> KeyTable {
        let chunkCount = count < parallelThreshold ? 1 : processorCount * 4
        let chunkSize = (count + chunkCount - 1) / max(chunkCount, 1)
        var chunks = [(bytes: [UInt8], ends: [Int])](repeating: ([], []), count: chunkCount)
        chunks.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            func run(_ chunk: Int) {
                let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
                var bytes: [UInt8] = []
                bytes.reserveCapacity(range.count * 32)
                var ends: [Int] = []
                ends.reserveCapacity(range.count)
                for i in range {
                    append(i, &bytes)
                    ends.append(bytes.count)
                }
                slots[chunk] = (bytes, ends)
            }
            if chunkCount == 1 { run(0) } else { parallel(chunkCount, run) }
        }
        var table = KeyTable(bytes: [], starts: [0])
        table.bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.bytes.count })
        table.starts.reserveCapacity(count + 1)
        for c in chunks.indices {
            let base = table.bytes.count
            table.bytes.append(contentsOf: chunks[c].bytes)
            for end in chunks[c].ends { table.starts.append(base + end) }
            // Freed as soon as copied: the table's pages fill as the chunks' are returned.
            chunks[c] = ([], [])
        }
        return table
    }

    /// Runs `body` for every index, on every core for large counts.
    static func forEach(count: Int, _ body: (Int) -> Void) {
        guard count >= parallelThreshold else {
            for i in 0..<count { body(i) }
            return
        }
        let chunkCount = processorCount * 4
        let chunkSize = (count + chunkCount - 1) / chunkCount
        parallel(chunkCount) { chunk in
            for i in (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize) { body(i) }
        }
    }

    /// `DispatchQueue.concurrentPerform` for a closure that is not `@Sendable`.
    ///
    /// Safe for the callers in this package because each iteration writes only to its own
    /// slots of memory the caller owns, reads shared state that nobody writes meanwhile
    /// (strings, immutable indexes, collators used through ICU's const APIs), and
    /// `concurrentPerform` returns only after every iteration has finished.
    static func parallel(_ iterations: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { escapable in
            let box = UncheckedSendableBox(value: escapable)
            DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
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

/// Second keys for the few records that need one: `slots[i]` is record `i`'s key in `keys`,
/// or -1 when its main key serves.
struct TieBreak {
    var keys: KeyTable
    var slots: [Int32]
}

/// Raw views of the key tables that the sort reads: no reference counting in its loops.
struct KeyAccess {
    let keys: UnsafePointer<UInt8>
    let starts: UnsafePointer<Int>
    let ties: UnsafePointer<UInt8>
    let tieStarts: UnsafePointer<Int>
    let slots: UnsafeBufferPointer<Int32>
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
        let slot = Int(slots[Int(r.index)])
        if slot < 0 { return UnsafeBufferPointer(start: keys + start(r), count: length(r)) }
        return UnsafeBufferPointer(start: ties + tieStarts[slot], count: tieStarts[slot + 1] - tieStarts[slot])
    }
}

/// Carries a value into `concurrentPerform`; see ``KeyTable/parallel(_:_:)`` for why that is safe.
private struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
}

/// One record to order: its group (section or bucket), the first eight key bytes packed so
/// most comparisons are one integer comparison, and its index.
struct OrderRecord {
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
        let tie = tieBreak?.keys ?? KeyTable(bytes: [], starts: [0])
        let slots = tieBreak?.slots ?? []
        bytes.withUnsafeBufferPointer { keyBuffer in
            starts.withUnsafeBufferPointer { startBuffer in
                tie.bytes.withUnsafeBufferPointer { tieBuffer in
                    tie.starts.withUnsafeBufferPointer { tieStartBuffer in
                        slots.withUnsafeBufferPointer { slotBuffer in
                            let access = KeyAccess(keys: keyBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                                                   starts: startBuffer.baseAddress!,
                                                   ties: tieBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                                                   tieStarts: tieStartBuffer.baseAddress!, slots: slotBuffer,
                                                   hasTies: tieBreak != nil)
                            KeyTable.sortByGroup(&records, sortGroup: { KeyTable.sortGroup($0, access) },
                                                 less: { access.tailLess($0, $1, from: 0) })
                        }
                    }
                }
            }
        }
    }

    /// One group's records, by key (eight bytes a level), then by ``KeyAccess/equalKeysLess(_:_:)``.
    private static func sortGroup(_ part: UnsafeMutableBufferPointer<OrderRecord>, _ access: KeyAccess) {
        var pending: [(range: Range<Int>, depth: Int)] = [(0..<part.count, 0)]
        while let (range, depth) = pending.popLast() {
            var slice = UnsafeMutableBufferPointer(rebasing: part[range])
            slice.sort { $0.head < $1.head }
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

    /// Distributes the records by group (a counting sort, stable), then sorts each group on
    /// its own, the groups spread over every core, the largest handed out first. A group too
    /// large for one core (`#` holding every Han name of an English list) is sorted in halves
    /// on two cores and merged with `less`, the full order.
    static func sortByGroup(_ records: inout [OrderRecord], sortGroup: (UnsafeMutableBufferPointer<OrderRecord>) -> Void,
                            less: (OrderRecord, OrderRecord) -> Bool) {
        let groupCount = Int(records.lazy.map(\.group).max() ?? 0) + 1
        var bounds = [Int](repeating: 0, count: groupCount + 1)
        for record in records { bounds[Int(record.group) + 1] += 1 }
        for g in 0..<groupCount { bounds[g + 1] += bounds[g] }
        var next = bounds
        var distributed = [OrderRecord](unsafeUninitializedCapacity: records.count) { buffer, initialized in
            for record in records {
                let slot = next[Int(record.group)]
                (buffer.baseAddress! + slot).initialize(to: record)
                next[Int(record.group)] = slot + 1
            }
            initialized = records.count
        }
        records = []
        let sizes = (0..<groupCount).map { bounds[$0 + 1] - bounds[$0] }
        let total = distributed.count
        let oversized = total >= parallelThreshold && processorCount > 1
            ? (0..<groupCount).filter { sizes[$0] > total / processorCount } : []
        let order = (0..<groupCount).filter { !oversized.contains($0) }
            .sorted { (a: Int, b: Int) -> Bool in sizes[a] > sizes[b] }
        distributed.withUnsafeMutableBufferPointer { all in
            let base = all
            for g in oversized {
                let range = bounds[g]..<bounds[g + 1]
                let middle = range.lowerBound + range.count / 2
                parallel(2) { half in
                    sortGroup(UnsafeMutableBufferPointer(rebasing: half == 0 ? base[range.lowerBound..<middle] : base[middle..<range.upperBound]))
                }
                var merged: [OrderRecord] = []
                merged.reserveCapacity(range.count)
                var i = range.lowerBound, j = middle
                while i < middle && j < range.upperBound {
                    if less(base[j], base[i]) { merged.append(base[j]); j += 1 } else { merged.append(base[i]); i += 1 }
                }
                merged.append(contentsOf: base[i..<middle])
                merged.append(contentsOf: base[j..<range.upperBound])
                for (offset, record) in merged.enumerated() { base[range.lowerBound + offset] = record }
            }
            func work(_ k: Int) {
                let g = order[k]
                sortGroup(UnsafeMutableBufferPointer(rebasing: base[bounds[g]..<bounds[g + 1]]))
            }
            if total < parallelThreshold {
                for k in order.indices { work(k) }
            } else {
                parallel(order.count, work)
            }
        }
        records = distributed
    }

    /// A record per key: its group, its index, and the head of its key.
    func records(groups: [Int32]) -> [OrderRecord] {
        let offsetsFit = bytes.count < Int(UInt32.max)
        return bytes.withUnsafeBufferPointer { all in
            (0..<count).map { i in
                var record = OrderRecord(group: groups[i], index: Int32(i),
                                         head: OrderRecord.head(of: UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]])))
                if offsetsFit {
                    record.start = UInt32(starts[i])
                    record.length = UInt32(starts[i + 1] - starts[i])
                }
                return record
            }
        }
    }

}
