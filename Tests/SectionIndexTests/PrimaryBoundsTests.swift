import Testing
import TestSupport
@testable import SectionIndex

/// `PrimaryBounds` against ICU's own search, written out plainly: `AlphabeticIndex::
/// getBucketIndex`'s binary search with its midpoints, comparing whole keys by memcmp.
@Suite struct PrimaryBoundsTests {
    /// ICU's search over the bounds as byte arrays.
    static func icuSearch(_ key: [UInt8], bounds: [[UInt8]], displayIndices: [Int]) -> Int {
        var start = 0
        var limit = bounds.count
        while start + 1 < limit {
            let i = (start + limit) / 2
            if compareBytes(key, bounds[i]) < 0 { limit = i } else { start = i }
        }
        return displayIndices[start]
    }

    /// Bytes from a small alphabet, so that bounds and keys share prefixes, tie in their first
    /// eight bytes and differ only beyond them; 0 and 0xFF included, lengths 0 to 12.
    static func bytes(using random: inout SplitMix64) -> [UInt8] {
        let alphabet: [UInt8] = [0x00, 0x01, 0x02, 0x05, 0x29, 0x2A, 0x7F, 0x80, 0xFE, 0xFF]
        let length = Int.random(in: 0...12, using: &random)
        var bytes = (0..<length).map { _ in alphabet.randomElement(using: &random)! }
        // Often a long run of one byte: keys that tie with a bound in all eight first bytes.
        if length > 8, Bool.random(using: &random) { bytes.replaceSubrange(0..<8, with: repeatElement(0x29, count: 8)) }
        return bytes
    }

    @Test(arguments: [(ascending: true, seed: UInt64(1)), (ascending: true, seed: 2),
                      (ascending: false, seed: 3), (ascending: false, seed: 4)])
    func findsWhatICUsSearchFinds(ascending: Bool, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<300 {
            var bounds = (0..<Int.random(in: 1...40, using: &random)).map { _ in Self.bytes(using: &random) }
            if ascending {
                bounds.sort { compareBytes($0, $1) < 0 }
                // Equal bounds side by side, as a hidden bucket and the visible one it shows as.
                if bounds.count > 2 { bounds[1] = bounds[2] }
            }
            let displayIndices = bounds.indices.map { _ in Int.random(in: 0..<1000, using: &random) }
            let search = PrimaryBounds(keys: bounds, displayIndices: displayIndices)
            let inOrder = zip(bounds, bounds.dropFirst()).allSatisfy { compareBytes($0, $1) <= 0 }
            #expect(search.narrowsByFirstByte == inOrder)
            // Every bound itself, each with a byte more and a byte less, and random keys.
            var keys = bounds + bounds.map { $0 + [0x00] } + bounds.map { $0 + [0xFF] } + bounds.map { Array($0.dropLast()) }
            keys += (0..<100).map { _ in Self.bytes(using: &random) }
            for key in keys {
                let found = key.withUnsafeBufferPointer { search.bucketIndex(forPrimaryKey: $0) }
                let expected = Self.icuSearch(key, bounds: bounds, displayIndices: displayIndices)
                #expect(found == expected, "key \(key) in bounds \(bounds)")
                if found != expected { return }
            }
        }
    }

    /// An index's own bounds are in order, so that every index searches through the table
    /// by first byte.
    @Test(arguments: ["en", "ja", "zh@collation=stroke", "ko", "sv", "ar", "th", "hi"])
    func indexBoundsAreInOrder(locale: String) throws {
        let index = try AlphabeticIndex(locale: locale)
        #expect(index.bounds.narrowsByFirstByte)
    }
}
