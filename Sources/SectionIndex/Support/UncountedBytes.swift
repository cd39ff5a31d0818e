import Collation

/// Byte strings packed into one allocation and read without reference counting: what a
/// per-name loop looks up by number (a section's label, a key's prefix), where reading an
/// element of an array of arrays or strings costs a retain and a release a name, on objects
/// every core shares.
///
/// A plain value holding pointers: its owner frees it once, with ``deallocate()``, when the
/// last reader is done (``ContactsIndex/ScriptSections`` does it in its `deinit`).
///
/// ```swift
/// let labels = PackedByteStrings(["A", "Å"].map { Array($0.utf8) })
/// defer { labels.deallocate() }
/// String(decoding: labels[1], as: UTF8.self)   // "Å"
/// ```
struct PackedByteStrings: @unchecked Sendable {
    /// Every string's bytes, one after another.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// By string: where it ends in ``bytes`` (it starts where the one before ends).
    private let ends: UnsafeMutableBufferPointer<Int>

    init(_ strings: [[UInt8]]) {
        bytes = .allocate(capacity: strings.reduce(0) { $0 + $1.count })
        ends = .allocate(capacity: strings.count)
        var end = 0
        for (number, string) in strings.enumerated() {
            _ = UnsafeMutableBufferPointer(rebasing: bytes[end...]).initialize(fromContentsOf: string)
            end += string.count
            ends.initializeElement(at: number, to: end)
        }
    }

    /// The bytes of string `number`, valid until ``deallocate()``.
    @inline(__always)
    subscript(number: Int) -> UnsafeBufferPointer<UInt8> {
        let end = ends[number], start = number == 0 ? 0 : ends[number - 1]
        return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: end - start)
    }

    func deallocate() {
        bytes.deallocate()
        ends.deallocate()
    }
}

/// Bytes a name's sort key can be appended to, in place: a key table's `[UInt8]`, or the
/// ``ScratchBytes`` a key of `keys` is put together in. What lets one placing routine
/// (``ContactsIndex/appendPlacingKey(_:placement:primary:to:)``) serve both.
protocol SortKeyBytes: ~Copyable {
    var count: Int { get }
    /// Appends the collator's sort key of UTF-8 bytes; nothing when ICU fails (out of memory).
    mutating func appendSortKey(_ utf8: UnsafeBufferPointer<UInt8>, by collator: ICU.CollatorHandle)
    /// Runs `body` over the bytes from `start` to the end.
    func withBytes<R>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
    /// Drops the bytes from `start` to the end.
    mutating func removeBytes(from start: Int)
}

extension Array: SortKeyBytes where Element == UInt8 {
    @inline(__always)
    mutating func appendSortKey(_ utf8: UnsafeBufferPointer<UInt8>, by collator: ICU.CollatorHandle) {
        collator.appendSortKey(utf8, to: &self)
    }

    @inline(__always)
    func withBytes<R>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    @inline(__always)
    mutating func removeBytes(from start: Int) { removeSubrange(start...) }
}

/// A growable byte buffer owned by one loop, not reference counted: the scratch space each
/// key of a list is put together in, part after part, handed to the next step and then
/// overwritten. Sort keys are written straight into it (no copy through an array, as
/// `[UInt8]` costs). Non-copyable, so that exactly one owner frees it.
///
/// ```swift
/// var scratch = ScratchBytes()
/// scratch.append(0x03)
/// scratch.appendSortKey(nameBytes, by: collator)
/// scratch.withBytes(from: 0) { record in … }
/// scratch.removeBytes(from: 0)   // ready for the next name
/// ```
struct ScratchBytes: ~Copyable, SortKeyBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    /// The room a sort key is written into: with this much, the shim's fast path writes the
    /// key in place (``ICU/CollatorHandle/writeSortKey(_:to:capacity:source:)``).
    private static var keyRoom: Int { 1024 }

    init(capacity: Int = 4096) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(bigEndian value: UInt32) {
        reserve(4)
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.bigEndian, as: UInt32.self)
        count += 4
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends a copy of the bytes `range` already written.
    @inline(__always)
    mutating func appendCopy(of range: Range<Int>) {
        reserve(range.count)
        (base + count).update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// Leaves `count` bytes unwritten at the end, to be filled with ``write(_:at:)``.
    @inline(__always)
    mutating func skip(_ count: Int) {
        reserve(count)
        self.count += count
    }

    /// Overwrites bytes already counted, from `offset`.
    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        precondition(offset >= 0 && offset + bytes.count <= count, "write beyond the bytes written")
        guard let source = bytes.baseAddress else { return }
        (base + offset).update(from: source, count: bytes.count)
    }

    @inline(__always)
    mutating func appendSortKey(_ utf8: UnsafeBufferPointer<UInt8>, by collator: ICU.CollatorHandle) {
        reserve(Self.keyRoom)
        guard let needed = collator.writeSortKey(utf8, to: base + count, capacity: capacity - count) else { return }
        if needed > capacity - count {
            // Longer than the room: made again into room of its length.
            reserve(needed)
            guard collator.writeSortKey(utf8, to: base + count, capacity: capacity - count) == needed else { return }
        }
        count += needed
    }

    @inline(__always)
    func withBytes<R>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    @inline(__always)
    mutating func removeBytes(from start: Int) {
        precondition(start >= 0 && start <= count, "removing bytes never written")
        count = start
    }

    /// Room for `more` bytes after those written.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if more > capacity - count { grow(toHold: count + more) }
    }

    private mutating func grow(toHold total: Int) {
        let larger = Swift.max(total, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
