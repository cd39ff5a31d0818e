#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Byte order (`memcmp`), a shorter key first when it is a prefix of the other.
    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.bytes.withUnsafeBytes { a in
            rhs.bytes.withUnsafeBytes { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
    }

    /// The key in lowercase hexadecimal, whose plain byte order is the key's order.
    public var description: String {
        var hex = ""
        hex.reserveCapacity(bytes.count * 2)
        let digits = Array("0123456789abcdef".unicodeScalars)
        for byte in bytes {
            hex.unicodeScalars.append(digits[Int(byte >> 4)])
            hex.unicodeScalars.append(digits[Int(byte & 0xF)])
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
