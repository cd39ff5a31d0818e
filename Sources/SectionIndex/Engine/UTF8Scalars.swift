/// Decoding one Unicode scalar from UTF-8 bytes in place. An ill-formed sequence reads as one
/// U+FFFD per byte, as ICU reads it, so bytes that were not checked cannot derail a scan.
enum UTF8Scalars {
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return ("\u{FFFD}", 1)
        }
        guard offset + length <= bytes.count else { return ("\u{FFFD}", 1) }
        for k in 1..<length {
            let next = bytes[offset + k]
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        // The shortest form only: an array literal here cost two retains a scalar.
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard let scalar = Unicode.Scalar(value), value >= smallest else { return ("\u{FFFD}", 1) }
        return (scalar, length)
    }
}
