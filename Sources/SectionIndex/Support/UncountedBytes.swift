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

/// A growable byte buffer owned by one loop, not reference counted: the scratch space each
/// key of a list is put together in, handed to the next step and then overwritten.
/// Non-copyable, so that exactly one owner frees it.
struct ScratchBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Room for `count` bytes, at the buffer's start; what was written before is dropped.
    @inline(__always)
    mutating func room(for count: Int) -> UnsafeMutablePointer<UInt8> {
        if count > capacity { grow(to: count) }
        return base
    }

    private mutating func grow(to count: Int) {
        base.deallocate()
        capacity = Swift.max(count, 2 * capacity)
        base = .allocate(capacity: capacity)
    }
}
