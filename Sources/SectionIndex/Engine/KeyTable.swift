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

    @inline(__always)
    static func head(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for i in 0..<8 { value = value << 8 | UInt64(i < bytes.count ? bytes[i] : 0) }
        return value
    }
}

extension KeyTable {
    /// Orders records by group, then key bytes, then (when given) a second key table, then
    /// index: a total order. Keys contain no zero bytes, so padding a short head with zeros
    /// keeps byte order. The comparison reads raw pointers only: no reference counting in
    /// the hot loop.
    func sort(_ records: inout [OrderRecord], tieBreak: TieBreak? = nil) {
        let tie = tieBreak?.keys ?? KeyTable(bytes: [], starts: [0])
        let slots = tieBreak?.slots ?? []
        bytes.withUnsafeBufferPointer { keyBuffer in
            starts.withUnsafeBufferPointer { startBuffer in
                tie.bytes.withUnsafeBufferPointer { tieBuffer in
                    tie.starts.withUnsafeBufferPointer { tieStartBuffer in
                      slots.withUnsafeBufferPointer { slotBuffer in
                        let keys = keyBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                        let starts = startBuffer.baseAddress!
                        let ties = tieBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
                        let tieStarts = tieStartBuffer.baseAddress!
                        let slots = slotBuffer
                        let hasTies = tieBreak != nil
                        KeyTable.parallelSort(&records) { a, b in
                            if a.group != b.group { return a.group < b.group }
                            if a.head != b.head { return a.head < b.head }
                            let i = Int(a.index), j = Int(b.index)
                            let byKey = KeyTable.compareTails(keys, starts[i], starts[i + 1], starts[j], starts[j + 1], skipping: 8)
                            if byKey != 0 { return byKey < 0 }
                            if hasTies {
                                // An entry without a tie key of its own ties by its main key.
                                let si = Int(slots[i]), sj = Int(slots[j])
                                let (aBase, aStart, aEnd) = si < 0 ? (keys, starts[i], starts[i + 1]) : (ties, tieStarts[si], tieStarts[si + 1])
                                let (bBase, bStart, bEnd) = sj < 0 ? (keys, starts[j], starts[j + 1]) : (ties, tieStarts[sj], tieStarts[sj + 1])
                                let byTie = compareBytes(UnsafeBufferPointer(start: aBase + aStart, count: aEnd - aStart),
                                                         UnsafeBufferPointer(start: bBase + bStart, count: bEnd - bStart))
                                if byTie != 0 { return byTie < 0 }
                            }
                            return a.index < b.index
                        }
                      }
                    }
                }
            }
        }
    }

    /// Byte order of two keys of one buffer, from `skipping` bytes in.
    @inline(__always)
    private static func compareTails(_ base: UnsafePointer<UInt8>, _ aStart: Int, _ aEnd: Int, _ bStart: Int, _ bEnd: Int,
                                      skipping: Int) -> Int {
        let a = UnsafeBufferPointer(start: base + min(aStart + skipping, aEnd), count: max(0, aEnd - aStart - skipping))
        let b = UnsafeBufferPointer(start: base + min(bStart + skipping, bEnd), count: max(0, bEnd - bStart - skipping))
        return compareBytes(a, b)
    }

    /// A record per key: its group, its index, and the head of its key.
    func records(groups: [Int32]) -> [OrderRecord] {
        bytes.withUnsafeBufferPointer { all in
            (0..<count).map { i in
                OrderRecord(group: groups[i], index: Int32(i),
                            head: OrderRecord.head(of: UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]])))
            }
        }
    }

    /// Distributes the records by group (a counting sort, stable), then sorts each group's
    /// records on its own, the groups spread over every core. Sections are many and small
    /// next to the whole list, so each sort is short and stays in cache.
    static func parallelSort(_ records: inout [OrderRecord], by less: (OrderRecord, OrderRecord) -> Bool) {
        guard records.count >= parallelThreshold else {
            records.sort(by: less)
            return
        }
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
        // Largest groups first, so that no core is left with a big one at the end.
        let sizes = (0..<groupCount).map { bounds[$0 + 1] - bounds[$0] }
        let order = (0..<groupCount).sorted { (a: Int, b: Int) -> Bool in sizes[a] > sizes[b] }
        distributed.withUnsafeMutableBufferPointer { all in
            let base = all
            parallel(order.count) { k in
                let g = order[k]
                var part = UnsafeMutableBufferPointer(rebasing: base[bounds[g]..<bounds[g + 1]])
                part.sort(by: less)
            }
        }
        records = distributed
    }
}
