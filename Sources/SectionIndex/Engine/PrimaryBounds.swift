/// The primary-strength lower bounds of an index's buckets, laid out for the search every
/// name makes: each bound's first eight bytes as one big-endian integer in a flat array, so
/// that the search compares integers without following a pointer to each bound's bytes, and
/// the whole bounds only when the first eight bytes tie.
///
/// The answer is that of ICU's binary search (`AlphabeticIndex::getBucketIndex`): over bounds
/// in ascending order, the last bound after the first that is at or before the key, else the
/// first. For such bounds a table by the key's first byte narrows the search to the bounds
/// that start with that byte (most often one to three); bounds out of order get ICU's search
/// with its own midpoints. The order is memcmp's (a prefix sorts first), for any bytes.
struct PrimaryBounds: Equatable, Sendable {
    /// The first eight bytes of each bound, big-endian, zero after a bound's end.
    private let heads: [UInt64]
    /// Every bound's bytes, one after another.
    private let bytes: [UInt8]
    /// Where each bound starts in ``bytes``, and where the last ends.
    private let starts: [Int]
    /// For each bound, the visible bucket it shows as.
    private let displayIndices: [Int]
    /// For each byte value and one more, the first bound after the first whose first byte
    /// is at least that value (a bound with no bytes counts as starting with 0); nil when the
    /// bounds are not in ascending order.
    private let firstByteStarts: [Int32]?

    /// - Parameters:
    ///   - keys: the bounds in ascending order.
    ///   - displayIndices: for each bound, the visible bucket it shows as.
    init(keys: [[UInt8]], displayIndices: [Int]) {
        precondition(keys.count == displayIndices.count, "one display index per bound")
        heads = keys.map { key in key.withUnsafeBufferPointer(Self.head) }
        bytes = keys.flatMap { $0 }
        var starts = [0]
        starts.reserveCapacity(keys.count + 1)
        for key in keys { starts.append(starts[starts.count - 1] + key.count) }
        self.starts = starts
        self.displayIndices = displayIndices
        let ascending = zip(keys, keys.dropFirst()).allSatisfy { compareBytes($0, $1) <= 0 }
        if ascending && keys.count < Int(Int32.max) {
            var firstByteStarts = [Int32](repeating: 0, count: 257)
            var bound = 1
            for byte in 0...256 {
                while bound < keys.count, Int(keys[bound].first ?? 0) < byte { bound += 1 }
                firstByteStarts[byte] = Int32(max(bound, 1))
            }
            self.firstByteStarts = firstByteStarts
        } else {
            firstByteStarts = nil
        }
    }

    /// Whether the search starts from the table by first byte (the bounds are in order).
    var narrowsByFirstByte: Bool { firstByteStarts != nil }

    /// The visible bucket of a primary key: the last bound at or before it.
    ///
    /// - Complexity: O(log *b*) integer comparisons for the *b* bounds that start with the
    ///   key's first byte, when the bounds are in order; else for all the bounds.
    func bucketIndex(forPrimaryKey key: UnsafeBufferPointer<UInt8>) -> Int {
        let keyHead = Self.head(key)
        if let firstByteStarts {
            // The bounds that start with a smaller byte are before the key, those that start
            // with a larger one after it: only those between need comparing.
            let firstByte = Int(keyHead >> 56)
            var low = Int(firstByteStarts[firstByte])
            var high = Int(firstByteStarts[firstByte + 1])
            while low < high {
                let i = (low + high) / 2
                if isBelow(key, keyHead, bound: i) { high = i } else { low = i + 1 }
            }
            return displayIndices[low - 1]
        }
        var start = 0
        var limit = heads.count
        while start + 1 < limit {
            let i = (start + limit) / 2
            if isBelow(key, keyHead, bound: i) { limit = i } else { start = i }
        }
        return displayIndices[start]
    }

    /// Whether the key (its ``head(_:)`` beside it) sorts before bound `i`: by the heads when
    /// they differ, else by the whole bytes.
    @inline(__always)
    private func isBelow(_ key: UnsafeBufferPointer<UInt8>, _ keyHead: UInt64, bound i: Int) -> Bool {
        let head = heads[i]
        if keyHead != head { return keyHead < head }
        return bytes.withUnsafeBufferPointer { all in
            compareBytes(key, UnsafeBufferPointer(rebasing: all[starts[i]..<starts[i + 1]])) < 0
        }
    }

    /// The first eight bytes as a big-endian integer, zero after the end: integers that
    /// differ order their bytes as memcmp does.
    @inline(__always)
    private static func head(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = key.baseAddress else { return 0 }
        if key.count >= 8 { return UnsafeRawPointer(base).loadUnaligned(as: UInt64.self).bigEndian }
        var head: UInt64 = 0
        for k in 0..<key.count { head |= UInt64(base[k]) << (56 - 8 * k) }
        return head
    }
}
