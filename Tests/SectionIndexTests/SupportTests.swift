import Collation
import Synchronization
import Testing
import TestSupport
@testable import SectionIndex

/// The shared machinery of Support/: the parallel slot writers and the sorts built on them,
/// each checked against a plain one-thread computation of the same thing.
@Suite struct ParallelWorkTests {
    /// Below, at and far above the threshold, so both the one-thread and the parallel paths run.
    static let counts = [0, 1, 2, 7, ParallelWork.threshold, 3 * ParallelWork.threshold + 5]

    @Test(arguments: counts)
    func mapKeepsOrder(count: Int) {
        let squares = ParallelWork.map(count: count) { $0 * $0 }
        #expect(squares == (0..<count).map { $0 * $0 }, "count \(count)")
    }

    @Test(arguments: counts)
    func updateVisitsEachElementOnce(count: Int) {
        var visits = [Int](repeating: 0, count: count)
        ParallelWork.update(&visits) { i, element in element += i + 1 }
        #expect(visits == (0..<count).map { $0 + 1 }, "count \(count)")
    }

    @Test(arguments: counts)
    func updateTwoArraysInStep(count: Int) {
        var numbers = [Int](repeating: -1, count: count)
        var texts = [String?](repeating: nil, count: count)
        ParallelWork.update(&numbers, &texts) { i, number, text in
            number = 2 * i
            text = String(i)
        }
        #expect(numbers == (0..<count).map { 2 * $0 })
        #expect(texts == (0..<count).map { String($0) })
    }

    @Test func partsAreTheirRangesExactly() {
        var values = Array(0..<1000)
        let ranges = [500..<1000, 0..<10, 10..<10, 10..<500]
        let seen = ParallelWork.mapParts(of: &values, ranges) { k, part in
            for j in part.indices { part[j] = -part[j] }
            return (k, part.count, part.first)
        }
        #expect(seen.map(\.0) == [0, 1, 2, 3])
        #expect(seen.map(\.1) == ranges.map(\.count))
        #expect(seen.map(\.2) == [-500, 0, nil, -10])
        #expect(values == (0..<1000).map { -$0 })
    }

    /// Few distinct keys: most comparisons are ties, which must keep input order. One key:
    /// the halves come out in order and are not merged; keys in order: the same.
    @Test(arguments: [(0, 5), (1, 5), (2, 5), (3, 5), (1001, 5), (20_000, 5), (20_000, 1), (4_001, 4_001)])
    func sortInHalvesIsAStableSort(count: Int, keys: Int) {
        var generator = SplitMix64(seed: UInt64(count) + 1)
        let items = (0..<count).map {
            (key: keys == count ? $0 / 2 : Int.random(in: 0..<keys, using: &generator), position: $0)
        }
        var sorted = items
        sorted.withUnsafeMutableBufferPointer { all in
            ParallelWork.sortInHalves(all, sortHalf: { half in
                var half = half
                half.sort { $0.key < $1.key || ($0.key == $1.key && $0.position < $1.position) }
            }, less: { $0.key < $1.key })
        }
        let expected = items.enumerated().sorted { a, b in
            a.element.key != b.element.key ? a.element.key < b.element.key : a.offset < b.offset
        }.map(\.element)
        #expect(sorted.map(\.position) == expected.map(\.position))
    }
}

@Suite struct RadixSortTests {
    /// Random keys over a three-byte alphabet (heavy ties, long shared prefixes that cross the
    /// eight-byte levels), some longer than the sort's 256-byte comparison cut-off, in groups
    /// one of which holds most records (sorted in halves on two cores).
    static func randomKeys(count: Int, seed: UInt64) -> (keys: [[UInt8]], groups: [Int32]) {
        var generator = SplitMix64(seed: seed)
        let sharedPrefix = [UInt8](repeating: 3, count: 300)
        let keys: [[UInt8]] = (0..<count).map { _ in
            let length = Int.random(in: 0...20, using: &generator)
            let tail = (0..<length).map { _ in UInt8.random(in: 2...4, using: &generator) }
            return Int.random(in: 0..<50, using: &generator) == 0 ? sharedPrefix + tail : tail
        }
        let groups: [Int32] = (0..<count).map { _ in
            Int.random(in: 0..<10, using: &generator) < 7 ? 0 : Int32.random(in: 1...5, using: &generator)
        }
        return (keys, groups)
    }

    static func reference(keys: [[UInt8]], groups: [Int32], ties: [[UInt8]?]) -> [Int] {
        keys.indices.sorted { a, b in
            if groups[a] != groups[b] { return groups[a] < groups[b] }
            if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
            let tieA = ties[a] ?? keys[a], tieB = ties[b] ?? keys[b]
            if tieA != tieB { return tieA.lexicographicallyPrecedes(tieB) }
            return a < b
        }
    }

    /// The table and records of `keys`, with `groups`, and tie keys made in the same pass.
    static func built(keys: [[UInt8]], groups: [Int32], ties: [[UInt8]?]? = nil,
                      offsetLimit: Int = Int(UInt32.max)) -> (table: KeyTable, records: [OrderRecord], tieBreak: TieBreak?) {
        let built = KeyTable.records(count: keys.count, offsetLimit: offsetLimit, state: {}) { i, _, bytes, group, tie in
            bytes += keys[i]
            group = groups[i]
            guard let own = ties?[i] else { return false }
            tie += own
            return true
        }
        return (built.table, built.records, built.tieBreak)
    }

    @Test(arguments: [(0, 1), (1, 2), (300, 3), (ParallelWork.threshold * 3, 4)] as [(Int, UInt64)])
    func matchesAReferenceSort(count: Int, seed: UInt64) {
        let (keys, groups) = Self.randomKeys(count: count, seed: seed)
        let noTies = [[UInt8]?](repeating: nil, count: count)
        // Offsets in the records, and (a limit of 0) the starts in the table, as past 4 GiB of keys.
        for offsetLimit in [Int(UInt32.max), 0] {
            let (table, records, tieBreak) = Self.built(keys: keys, groups: groups, offsetLimit: offsetLimit)
            #expect(tieBreak == nil)
            #expect(table.starts.count == (offsetLimit == 0 ? count + 1 : 1))
            #expect(table.count == count, "a key per record, with or without starts")
            var sorted = records
            table.sort(&sorted)
            #expect(sorted.map { Int($0.index) } == Self.reference(keys: keys, groups: groups, ties: noTies))
            #expect(sorted.map(\.group) == sorted.map(\.group).sorted())
        }
    }

    @Test(arguments: [(50, 5), (ParallelWork.threshold * 2, 6)] as [(Int, UInt64)])
    func tieKeysBreakTiesBeforePosition(count: Int, seed: UInt64) {
        let (keys, groups) = Self.randomKeys(count: count, seed: seed)
        var generator = SplitMix64(seed: seed * 7)
        let ties: [[UInt8]?] = (0..<count).map { _ in
            Bool.random(using: &generator) ? [UInt8.random(in: 2...3, using: &generator)] : nil
        }
        let reference = Self.reference(keys: keys, groups: groups, ties: ties)
        // Tie keys made in the same pass as the keys.
        let (table, records, tieBreak) = Self.built(keys: keys, groups: groups, ties: ties)
        var sorted = records
        table.sort(&sorted, tieBreak: tieBreak)
        #expect(sorted.map { Int($0.index) } == reference)
        // And in a table of their own.
        let needing = ties.indices.filter { ties[$0] != nil }
        let owners = TieOwners(count: count, owners: needing)
        #expect((0..<count).map(owners.slot(of:)) == (0..<count).map { i in needing.firstIndex(of: i) ?? -1 })
        let tieTable = KeyTable.build(count: needing.count) { slot, bytes in bytes += ties[needing[slot]]! }
        #expect(tieTable.count == needing.count)
        sorted = records
        table.sort(&sorted, tieBreak: TieBreak(keys: tieTable, owners: owners))
        #expect(sorted.map { Int($0.index) } == reference)
    }

    /// More records than one radix pass takes at once: cut by their heads' leading bits first,
    /// at several levels where the leading bits are shared.
    @Test func sortsManyHeadsInPieces() {
        var generator = SplitMix64(seed: 9)
        let count = KeyTable.scratchLimit * 3
        let heads: [UInt64] = (0..<count).map { i in
            // A few common leading bytes, as names under one letter, then random bytes.
            let lead = UInt64(Int.random(in: 0..<3, using: &generator)) << 56 | 0x0042_4300_0000_0000
            return i % 5 == 0 ? lead : lead | UInt64.random(in: 0..<(1 << 40), using: &generator)
        }
        var records = heads.enumerated().map { OrderRecord(group: 0, index: Int32($0.offset), head: $0.element) }
        records.withUnsafeMutableBufferPointer { KeyTable.sortByHeadInPieces($0) }
        #expect(records.map(\.head) == heads.sorted())
        #expect(Set(records.map(\.index)).count == count)
    }

    @Test(arguments: [10, ParallelWork.threshold + 1])
    func recordsHoldGroupsAndTheirKeys(count: Int) {
        let keys = (0..<count).map { i in [UInt8](repeating: UInt8(2 + i % 7), count: i % 5) }
        let groups = (0..<count).map { Int32($0 % 3) }
        for offsetLimit in [Int(UInt32.max), 0] {
            let (table, records, _) = Self.built(keys: keys, groups: groups, offsetLimit: offsetLimit)
            #expect(records.map(\.index) == (0..<count).map { Int32($0) })
            #expect(records.map(\.group) == groups)
            #expect(records.indices.allSatisfy { i in
                let r = records[i]
                let start = r.start != .max ? Int(r.start) : table.starts[i]
                let length = r.start != .max ? Int(r.length) : table.starts[i + 1] - table.starts[i]
                return Array(table.bytes[start..<(start + length)]) == keys[i]
            })
        }
    }
}

@Suite struct LendingPoolTests {
    /// A resource that notices being used by two threads at once.
    final class Resource: Sendable {
        let inUse = Mutex(false)
        let number: Int
        init(number: Int) { self.number = number }
    }

    @Test func lendsEachInstanceToOneUserAtATime() {
        let made = Mutex(0)
        let pool = LendingPool<String, Resource> { _ in
            Resource(number: made.withLock { count in count += 1; return count })
        }
        let clashes = ParallelWork.map(count: 2_000) { i in
            pool.withResource(for: i % 2 == 0 ? "even" : "odd") { resource -> Bool in
                guard let resource else { return true }
                let clash = resource.inUse.withLock { busy in defer { busy = true }; return busy }
                defer { resource.inUse.withLock { $0 = false } }
                return clash
            }
        }
        #expect(!clashes.contains(true))
        // Never more instances than users at once: two keys, at most one per core each.
        #expect(made.withLock { $0 } <= 2 * ParallelWork.processorCount)
    }

    @Test("A key's first instance is made by one thread while the others wait for it")
    func makesTheFirstInstanceAlone() {
        let making = Mutex((inProgress: 0, made: 0, clashes: 0))
        let pool = LendingPool<String, Resource> { _ in
            making.withLock { state in
                // Another making under way before any instance exists: two first makings.
                if state.made == 0, state.inProgress > 0 { state.clashes += 1 }
                state.inProgress += 1
            }
            // Slow enough that the other workers ask while the first is being made.
            for _ in 0..<20_000 { _ = making.withLock { $0.made } }
            return making.withLock { state in
                state.inProgress -= 1
                state.made += 1
                return Resource(number: state.made)
            }
        }
        #expect(!pool.hasMadeFirst("key"))
        let numbers = ParallelWork.map(count: 4 * ParallelWork.processorCount) { _ in
            pool.withResource(for: "key") { $0?.number ?? 0 }
        }
        #expect(!numbers.contains(0))
        #expect(pool.hasMadeFirst("key"))
        #expect(making.withLock { $0.clashes } == 0, "no second making began before the first instance was made")
    }

    @Test func givesNilWhenNoneCanBeMade() {
        let pool = LendingPool<String, Resource> { _ in nil }
        #expect(pool.withResource(for: "x") { $0 == nil })
    }
}

@Suite struct ScriptTableTests {
    /// The table's own example, and what it must keep: a value per script whether its code is
    /// kept in the array or (beyond ``ScriptSet/codeLimit``) in the dictionary.
    @Test func valuesByScript() {
        var groups = ScriptTable<Int32>()
        groups[.latin] = 0
        #expect(groups[.latin] == 0)
        #expect(groups[.cyrillic] == nil)
        let beyond = Script(rawValue: Int32(ScriptSet.codeLimit) + 7), negative = Script(rawValue: -1)
        groups[beyond] = 5
        groups[negative] = 6
        groups[.han] = 2
        #expect([groups[.latin], groups[.han], groups[beyond], groups[negative], groups[.greek]] == [0, 2, 5, 6, nil])
        groups[.latin] = nil
        #expect(groups[.latin] == nil && groups[.han] == 2)
    }
}

/// ``GroupedOrder/Entries`` holds each entry as two 32-bit numbers; what it hands out must be
/// what went in, and a grouping of a list larger than one core's share must still place every
/// name once, in the section its label names.
@Suite struct GroupedOrderEntriesTests {
    @Test func entriesReadBackWhatWentIn() {
        let pairs: [(position: Int, section: Int)] = [(3, 0), (0, 2), (70_000, 41), (Int(UInt32.max), 1)]
        let entries = GroupedOrder.Entries(pairs)
        #expect(entries.count == 4)
        #expect(entries.map(\.position) == [3, 0, 70_000, Int(UInt32.max)])
        #expect(entries.map(\.section) == [0, 2, 41, 1])
        #expect(entries == [(3, 0), (0, 2), (70_000, 41), (Int(UInt32.max), 1)])
        #expect(entries != [(3, 0), (0, 2), (70_000, 41)])
        #expect(Array(entries[1...].map(\.position)) == [0, 70_000, Int(UInt32.max)])
    }

    @Test(arguments: [IndexSettings.Style.contacts, .icu])
    func everyNameOnceUnderItsOwnLabel(style: IndexSettings.Style) throws {
        let index = try IndexSettings(locale: "sv", style: style).makeIndex()
        let base = ["Åsa", "Anna", "Östen", "Zoë", "Bo", "", "42", "Ärla", "李", "Иван"]
        let names = (0..<70_000).map { base[$0 % base.count] + ($0 % 3 == 0 ? "" : " \($0)") }
        let order = index.groupedOrder(names: names, readings: names.map { _ in nil })
        #expect(order.entries.count == names.count)
        #expect(Set(order.entries.map(\.position)).count == names.count)
        let misplaced = order.entries.first { order.labels[$0.section] != index.label(for: names[$0.position], reading: nil) }
        #expect(misplaced == nil, "\(misplaced.map { names[$0.position] } ?? "")")
    }
}
