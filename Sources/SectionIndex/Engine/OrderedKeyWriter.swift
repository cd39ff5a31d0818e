/// Builds a key out of parts so that comparing whole keys byte by byte (`memcmp`, a BLOB
/// column, `LC_ALL=C sort` on the hex) compares the parts one after the other.
///
/// Fixed-width parts are written big-endian. A variable-length part must not be able to run
/// into the next one, so it is made prefix-free without changing its order: each 0x00 byte in
/// it becomes 0x00 0xFF and the part ends with 0x00 0x00. ICU's sort keys contain no 0x00
/// (ICU ends them with one and uses no other, so that `strcmp` works on them), so for them the
/// escape never fires; it is there so that the order cannot silently break if a part ever
/// holds a zero byte.
struct OrderedKeyWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Empties the writer for the next key, keeping its capacity.
    mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    /// Bytes another writer already encoded.
    mutating func appendBytes(_ encoded: [UInt8]) { bytes += encoded }

    mutating func append(bigEndian value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func append(bigEndian value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    /// A variable-length part, escaped and terminated.
    mutating func appendTerminated(_ part: [UInt8]) {
        part.withUnsafeBufferPointer { appendTerminated($0) }
    }

    mutating func appendTerminated(_ part: UnsafeBufferPointer<UInt8>) {
        if !Self.containsZero(part) {
            // ICU's keys: no zero inside, so the bytes go as they are.
            bytes.append(contentsOf: part)
        } else {
            for byte in part {
                bytes.append(byte)
                if byte == 0 { bytes.append(0xFF) }
            }
        }
        bytes.append(0)
        bytes.append(0)
    }

    /// Whether any byte is 0, looked for eight bytes at a time (every key is checked, and
    /// a byte-at-a-time loop cost as much as copying the key).
    @inline(__always)
    static func containsZero(_ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = part.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= part.count {
            // A word has a zero byte exactly when this leaves a high bit set.
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if (word &- ones) & ~word & highs != 0 { return true }
            offset += 8
        }
        while offset < part.count {
            if base[offset] == 0 { return true }
            offset += 1
        }
        return false
    }
}
