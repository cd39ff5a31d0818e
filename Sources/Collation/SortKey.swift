/// Bytes that order two strings exactly as their collator does, compared with `memcmp`.
///
/// Store keys to sort without ICU (a database column, a distributed sort), or compute them
/// once per element to sort a large collection with cheap comparisons.
///
/// ```swift
/// let german = try Collator(locale: "de")
/// german.sortKey("Ärger") < german.sortKey("Arzt")   // true, as compare says
/// ```
public struct SortKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The key's bytes.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }

    /// The key in lowercase hexadecimal, whose plain byte order is the key's order.
    public var description: String {
        var hex = ""
        hex.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            let digits = Array("0123456789abcdef".utf8)
            hex.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
            hex.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0xF)]))
        }
        return hex
    }
}

extension Collator {
    /// The full-strength sort key of a string.
    public func sortKey(_ string: String) -> SortKey {
        SortKey(bytes: handle.sortKey(string))
    }

    /// The primary-strength sort key: equal for strings that differ only in accents, case
    /// or width, the way sections are decided.
    public func primarySortKey(_ string: String) -> SortKey {
        SortKey(bytes: primaryHandle.sortKey(string))
    }
}
