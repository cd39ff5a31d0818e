/// A sort key compared with `memcmp`: the bytes ICU gives, in a value that orders them.
struct PrimaryKey: Comparable, Hashable, Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func < (lhs: PrimaryKey, rhs: PrimaryKey) -> Bool {
        compareBytes(lhs.bytes, rhs.bytes) < 0
    }
}

/// memcmp order over two byte arrays; a prefix sorts first.
@inline(__always)
func compareBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
    a.withUnsafeBufferPointer { pa in
        b.withUnsafeBufferPointer { pb in compareBytes(pa, pb) }
    }
}

@inline(__always)
func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(a.count, b.count)
    if common > 0 {
        let result = memcmpBytes(a.baseAddress!, b.baseAddress!, common)
        if result != 0 { return result }
    }
    return a.count - b.count
}

@inline(__always)
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int {
    var i = 0
    // Eight bytes at a time, compared big-endian so the first differing byte decides.
    while i + 8 <= count {
        let x = UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
        let y = UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
        if x != y {
            let bx = x.bigEndian, by = y.bigEndian
            return bx < by ? -1 : 1
        }
        i += 8
    }
    while i < count {
        if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        i += 1
    }
    return 0
}
