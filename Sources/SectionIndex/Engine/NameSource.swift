/// Names (and their readings) as UTF-8 bytes: what the bulk grouping paths read. Strings
/// serve through `StringNames`; the command line hands over its input file as it was read,
/// without a `String` per line, through `UTF8Table`. Any ``NameIndex`` groups one with
/// ``NameIndex/groupedOrder(_:)``.
///
/// ```swift
/// struct Lines: NameSource {
///     var names: [String]
///     var count: Int { names.count }
///     func withName<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
///         Array(names[i].utf8).withUnsafeBufferPointer(body)
///     }
///     func withReading<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R { body(nil) }
/// }
/// let order = try ContactsIndex(locale: "sv").groupedOrder(Lines(names: ["Åsa", "Anna"]))
/// order.entries.map(\.position)   // [1, 0]
/// ```
///
/// The entry points that read a source (grouping, keys, labels, sorted positions, matches)
/// carry `@_specialize` for `UTF8Table` and `StringNames`: called from another module, a
/// generic function otherwise runs unspecialized, every name read through the witness table
/// and its closures (callgrind: 4-5 % of `sort`, `keys` and `group` per name).
public protocol NameSource {
    /// How many names.
    var count: Int { get }
    /// Runs `body` over the UTF-8 bytes of name `i`.
    func withName<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// Runs `body` over the UTF-8 bytes of reading `i`, or nil when it has none (an empty
    /// reading counts as none).
    func withReading<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R
}

extension NameSource {
    package func name(_ i: Int) -> String { withName(i) { String(decoding: $0, as: UTF8.self) } }
    package func reading(_ i: Int) -> String? { withReading(i) { $0.map { String(decoding: $0, as: UTF8.self) } } }
}

/// Names and readings held as Swift strings.
package struct StringNames: NameSource {
    let names: [String]
    let readings: [String?]?

    package init(names: [String], readings: [String?]? = nil) {
        self.names = names
        self.readings = readings
    }

    package var count: Int { names.count }

    package func withName<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        names[i].withUTF8Buffer(body)
    }

    package func withReading<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        guard let reading = readings?[i], !reading.isEmpty else { return body(nil) }
        return reading.withUTF8Buffer(body)
    }
}

/// Lines of one UTF-8 buffer: each entry a name range and an optional reading range.
package struct UTF8Table: NameSource, Sendable {
    package let bytes: [UInt8]
    /// Per entry: name start, name end, reading start, reading end (equal ends: no reading).
    package let ranges: [UInt32]

    package init(bytes: [UInt8], ranges: [UInt32]) {
        self.bytes = bytes
        self.ranges = ranges
    }

    package var count: Int { ranges.count / 4 }

    @inline(__always)
    package func withName<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(ranges[4 * i])..<Int(ranges[4 * i + 1])])) }
    }

    @inline(__always)
    package func withReading<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        let start = Int(ranges[4 * i + 2]), end = Int(ranges[4 * i + 3])
        guard end > start else { return body(nil) }
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }
}

extension String {
    /// The string's UTF-8 bytes without copying a native string. Through `withUTF8` on a
    /// copy of the string value (a retain), not `utf8.withContiguousStorageIfAvailable`:
    /// its closure, passed on through a thunk, made grouping copy the whole `ContactsIndex`
    /// its per-name closure captures, once a name (callgrind: 880 instructions).
    @inline(__always)
    func withUTF8Buffer<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var string = self
        return string.withUTF8(body)
    }
}
