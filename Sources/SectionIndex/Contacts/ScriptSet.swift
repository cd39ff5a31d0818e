import Collation

/// The scripts found among many names, as bits by script code: inserting one per name costs
/// a shift and an or, where a `Set<Script>` hashes every name.
///
/// ```swift
/// var found = ScriptSet()
/// found.insert(.latin)
/// found.insert(.latin)
/// found.scripts   // [.latin]
/// ```
struct ScriptSet {
    /// Script codes below this are bits; ICU 72 has about 200.
    static let codeLimit = 512

    @inline(__always)
    static func fits(_ script: Script) -> Bool { script.rawValue >= 0 && Int(script.rawValue) < codeLimit }

    private var bits = [UInt64](repeating: 0, count: codeLimit / 64)
    /// Codes outside the bits (none in ICU 72's data; kept so that nothing is lost).
    private var others = Set<Script>()

    @inline(__always)
    mutating func insert(_ script: Script) {
        guard Self.fits(script) else { others.insert(script); return }
        let code = Int(script.rawValue)
        bits[code >> 6] |= 1 << UInt64(code & 63)
    }

    mutating func formUnion(_ other: ScriptSet) {
        for word in bits.indices { bits[word] |= other.bits[word] }
        others.formUnion(other.others)
    }

    /// The scripts inserted.
    var scripts: Set<Script> {
        var result = others
        for word in bits.indices where bits[word] != 0 {
            for bit in 0..<64 where bits[word] & (1 << UInt64(bit)) != 0 {
                result.insert(Script(rawValue: Int32(word * 64 + bit)))
            }
        }
        return result
    }
}
