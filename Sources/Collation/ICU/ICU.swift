internal import CICU

/// The namespace of the thin Swift layer over the `CICU` shim.
///
/// Every call into ICU in this package goes through a type in this folder: owning wrappers
/// for ICU handles (``ICU/CollatorHandle``, ``ICU/Transliterator``, ``ICU/ReferenceIndex``)
/// and free functions for stateless look-ups. Status codes become ``ICUError`` in one place,
/// ``ICU/check(_:_:input:)``, and the grow-and-retry dance for output buffers is written once,
/// in ``ICU/bytes(_:input:initialCapacity:_:)``, which checks the status itself: a caller
/// gets the output or an ``ICUError``, never an unchecked status.
package enum ICU {}

/// A failed ICU call: which function, with which input, and ICU's status.
///
/// It reaches callers inside ``CollationError/icu(_:)``:
///
/// ```swift
/// do {
///     _ = try Collator(locale: "sv")
/// } catch .icu(let failure) {
///     print(failure.operation, failure.input, failure.codeName)   // e.g. "opening a collator", "sv", "U_MEMORY_ALLOCATION_ERROR"
/// } catch {
///     print(error)
/// }
/// ```
public struct ICUError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done ("opening a collator").
    public var operation: String
    /// The input that failed (a locale id, a transliterator id).
    public var input: String
    /// ICU's UErrorCode value.
    public var code: Int32

    /// ICU's name for the status ("U_ILLEGAL_ARGUMENT_ERROR").
    public var codeName: String { String(cString: sicu_error_name(code)) }

    public var description: String { "ICU failed \(operation) for '\(input)': \(codeName)" }
}

extension ICU {
    /// ICU's success test: warnings are negative, errors positive.
    @inline(__always)
    package static func isSuccess(_ status: Int32) -> Bool { status <= 0 }

    /// Throws when `status` is an ICU error; warnings pass.
    package static func check(_ status: Int32, _ operation: @autoclosure () -> String,
                              input: @autoclosure () -> String = "") throws(ICUError) {
        if status > 0 { throw ICUError(operation: operation(), input: input(), code: status) }
    }

    /// The signature of the shim's "fill a buffer, return the length needed" functions.
    package typealias Fill<Element> = (UnsafeMutablePointer<Element>, Int32, UnsafeMutablePointer<Int32>) -> Int32

    /// Calls a "fill a UTF-8 buffer, return the length needed" function, growing the buffer
    /// once when it was too small.
    ///
    /// - Throws: ``ICUError`` naming `operation` and `input` when ICU fails.
    package static func string(_ operation: @autoclosure () -> String, input: @autoclosure () -> String = "",
                               _ fill: Fill<CChar>) throws(ICUError) -> String {
        let bytes = try bytes(operation(), input: input(), initialCapacity: 128) { buffer, capacity, status in
            buffer.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) { fill($0, capacity, status) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Like ``string(_:input:_:)`` for a NUL-separated list of strings.
    package static func strings(_ operation: @autoclosure () -> String, input: @autoclosure () -> String = "",
                                _ fill: Fill<CChar>) throws(ICUError) -> [String] {
        let bytes = try bytes(operation(), input: input(), initialCapacity: 4096) { buffer, capacity, status in
            buffer.withMemoryRebound(to: CChar.self, capacity: Int(capacity)) { fill($0, capacity, status) }
        }
        return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The grow-and-retry loop itself, over raw bytes; the one place a buffer-filling call's
    /// status is checked.
    package static func bytes(_ operation: @autoclosure () -> String, input: @autoclosure () -> String = "",
                              initialCapacity: Int, _ fill: Fill<UInt8>) throws(ICUError) -> [UInt8] {
        var capacity = max(initialCapacity, 1)
        while true {
            var status: Int32 = 0
            var needed: Int32 = 0
            let buffer = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                needed = fill(buffer.baseAddress!, Int32(capacity), &status)
                count = status > 0 ? 0 : min(Int(needed), capacity)
            }
            if status > 0 && status != Int32(SICU_BUFFER_OVERFLOW_ERROR) {
                throw ICUError(operation: operation(), input: input(), code: status)
            }
            if Int(needed) <= capacity && status <= 0 { return buffer }
            capacity = Int(needed) + 1
        }
    }
}

extension String {
    /// Runs `body` over the string's UTF-8 bytes without copying when the string is native.
    @inline(__always)
    package func withUTF8Bytes<R, E: Error>(_ body: (UnsafePointer<CChar>, Int32) throws(E) -> R) throws(E) -> R {
        // Borrowed where it is: a third of the instructions of withUTF8 on a copy, which
        // retains and releases the string's storage (a short name's comparison paid that
        // twice). Every native string is contiguous; the copy is for any other.
        if let result = utf8.withContiguousStorageIfAvailable({ Self.run(body, over: $0) }) { return try result.get() }
        var copy = self
        return try copy.withUTF8 { Self.run(body, over: $0) }.get()
    }

    @inline(__always)
    private static func run<R, E: Error>(_ body: (UnsafePointer<CChar>, Int32) throws(E) -> R,
                                         over bytes: UnsafeBufferPointer<UInt8>) -> Result<R, E> {
        bytes.withMemoryRebound(to: CChar.self) { chars in
            do throws(E) {
                if let base = chars.baseAddress { return .success(try body(base, Int32(chars.count))) }
                // An empty string may have no storage; ICU needs a pointer even for length 0.
                var zero: CChar = 0
                return .success(try body(&zero, 0))
            } catch {
                return .failure(error)
            }
        }
    }
}
