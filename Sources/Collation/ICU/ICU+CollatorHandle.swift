internal import CICU

extension ICU {
    /// Owns one `UCollator`. Configured once, then only read.
    ///
    /// `@unchecked Sendable` is safe because after `init` and the `set…` calls made while
    /// building a ``Collator`` (before it is shared), the handle is only passed to ICU functions
    /// that take a `const UCollator*` (compare, sort keys, contractions, collation elements);
    /// ICU documents those as safe to call from several threads at once on one collator.
    package final class CollatorHandle: @unchecked Sendable {
        let pointer: OpaquePointer

        package init(localeID: String) throws(ICUError) {
            var status: Int32 = 0
            let handle = sicu_collator_open(localeID, &status)
            try ICU.check(status, "opening a collator", input: localeID)
            guard let handle else {
                throw ICUError(operation: "opening a collator", input: localeID, code: status)
            }
            pointer = handle
        }

        /// A collator with `base`'s order and `rules` (ICU rule syntax) applied after its own
        /// tailoring: "&Г<ґ<<<Ґ" gives ґ a primary weight of its own after г. Run-time
        /// attributes of `base` are not carried over.
        package init(tailoring base: CollatorHandle, rules: String) throws(ICUError) {
            var status: Int32 = 0
            var offset: Int32 = -1
            let handle = rules.withUTF8Bytes { chars, length in
                sicu_collator_open_tailoring(base.pointer, chars, length, &offset, &status)
            }
            try ICU.check(status, "opening a collator with the rules (error at offset \(offset))", input: rules)
            guard let handle else {
                throw ICUError(operation: "opening a collator with rules", input: rules, code: status)
            }
            pointer = handle
        }

        private init(pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit { sicu_collator_close(pointer) }

        /// A configurable copy (ICU ≥ 71 `ucol_clone`).
        package func copy() throws(ICUError) -> CollatorHandle {
            var status: Int32 = 0
            let copy = sicu_collator_clone(pointer, &status)
            try ICU.check(status, "cloning a collator")
            guard let copy else { throw ICUError(operation: "cloning a collator", input: "", code: status) }
            return CollatorHandle(pointer: copy)
        }

        /// Sets an attribute; only while the collator is being configured, before it is shared.
        package func set(_ attribute: CollatorAttribute, _ value: CollatorAttributeValue) throws(ICUError) {
            var status: Int32 = 0
            sicu_collator_set_attribute(pointer, attribute.rawValue, value.rawValue, &status)
            try ICU.check(status, "setting the collator's \(attribute) to \(value)")
        }

        /// The collator's tailoring rules (ICU rule syntax; empty for root).
        package func rules() throws(ICUError) -> String {
            try ICU.string("reading a collator's rules") { sicu_collator_rules(pointer, $0, $1, $2) }
        }

        /// The locale whose data the collator uses, as an ICU id ("root" after a fallback).
        package func actualLocaleID() throws(ICUError) -> String {
            try ICU.string("reading a collator's locale") { sicu_collator_locale(pointer, false, $0, $1, $2) }
        }

        @inline(__always)
        package func compare(_ a: UnsafePointer<CChar>, _ aLength: Int32,
                             _ b: UnsafePointer<CChar>, _ bLength: Int32) -> Int32 {
            var status: Int32 = 0
            let order = sicu_collator_compare_utf8(pointer, a, aLength, b, bLength, &status)
            guard ICU.isSuccess(status) else {
                // ICU failed (out of memory): order by code point, so the order stays total.
                let x = UnsafeRawPointer(a).assumingMemoryBound(to: UInt8.self)
                let y = UnsafeRawPointer(b).assumingMemoryBound(to: UInt8.self)
                for i in 0..<Int(min(aLength, bLength)) where x[i] != y[i] { return x[i] < y[i] ? -1 : 1 }
                return aLength < bLength ? -1 : aLength > bLength ? 1 : 0
            }
            return order
        }

        package func compare(_ a: String, _ b: String) -> Int32 {
            a.withUTF8Bytes { a, aLength in
                b.withUTF8Bytes { b, bLength in compare(a, aLength, b, bLength) }
            }
        }

        /// The stack buffer a key is made in: the fast path writes a name's key into it in
        /// place (up to some 70 collation elements), and few of ICU's keys are longer. At
        /// most 1 KB, which Swift puts on the stack without asking the thread how much is left.
        private var scratchCapacity: Int { 1024 }

        /// The sort key of a string from `source`; empty when ICU fails (out of memory), which
        /// sorts first.
        package func sortKey(_ s: String, source: KeySource = .fastPathOrICU) -> [UInt8] {
            s.withUTF8Bytes { chars, length in
                let utf8 = UnsafeBufferPointer(start: UnsafeRawPointer(chars).assumingMemoryBound(to: UInt8.self), count: Int(length))
                // Into a stack buffer, then one allocation of the key's exact size: for a short
                // name, growing an empty array cost a fifth of the key.
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { scratch in
                    guard let needed = writeSortKey(utf8, to: scratch.baseAddress!, capacity: scratchCapacity, source: source) else { return [] }
                    // Array(_:) of a buffer: the cheapest of the ways to make the array.
                    if needed <= scratchCapacity { return Array(UnsafeBufferPointer(rebasing: scratch[..<needed])) }
                    // Longer than the stack buffer: made again, into an array of its length.
                    return [UInt8](unsafeUninitializedCapacity: needed) { buffer, count in
                        count = writeSortKey(utf8, to: buffer.baseAddress!, capacity: needed, source: source) == needed ? needed : 0
                    }
                }
            }
        }

        /// Appends the sort key of a string to `bytes`, through a stack buffer: the bulk path
        /// that computes one key per name without a heap allocation per key.
        @inline(__always)
        package func appendSortKey(_ s: String, to bytes: inout [UInt8], source: KeySource = .fastPathOrICU) {
            s.withUTF8Bytes { chars, length in
                appendSortKey(UnsafeBufferPointer(start: UnsafeRawPointer(chars).assumingMemoryBound(to: UInt8.self),
                                                  count: Int(length)), to: &bytes, source: source)
            }
        }

        /// Appends the sort key of UTF-8 bytes to `bytes`; nothing when ICU fails (out of
        /// memory): the key is then empty and sorts first. The shim's fast path makes most keys
        /// (ICU's exact bytes); `source: .icu` asks ICU for every one, as the benchmark's floor
        /// and the parity tests do.
        @inline(__always)
        package func appendSortKey(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8],
                                   source: KeySource = .fastPathOrICU) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { scratch in
                guard let needed = writeSortKey(utf8, to: scratch.baseAddress!, capacity: scratchCapacity, source: source) else { return }
                if needed <= scratchCapacity {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<needed]))
                } else {
                    let start = bytes.count
                    bytes.append(contentsOf: repeatElement(0, count: needed))
                    let written = bytes.withUnsafeMutableBufferPointer {
                        writeSortKey(utf8, to: $0.baseAddress! + start, capacity: needed, source: source)
                    }
                    if written != needed { bytes.removeSubrange(start...) }
                }
            }
        }

        /// Writes the sort key of UTF-8 bytes at `out`, which has room for `capacity` bytes,
        /// and returns the key's length: when that exceeds `capacity`, only the first
        /// `capacity` bytes were written. Nil when ICU fails (out of memory). With room for
        /// 1 KB or more, the fast path writes the key in place (no copy from its own buffer):
        /// the way to build a key straight into a larger record.
        @inline(__always)
        package func writeSortKey(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, capacity: Int,
                                  source: KeySource = .fastPathOrICU) -> Int? {
            let key = source == .icu ? sicu_collator_icu_sort_key_utf8 : sicu_collator_sort_key_utf8
            var status: Int32 = 0
            let needed: Int32
            if let base = utf8.baseAddress {
                needed = key(pointer, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(utf8.count), out,
                             Int32(clamping: capacity), &status)
            } else {
                // An empty buffer may have no address; ICU needs one even for length 0. Not by
                // calling itself with one: a recursive function is not inlined.
                var zero: CChar = 0
                needed = key(pointer, &zero, 0, out, Int32(clamping: capacity), &status)
            }
            return ICU.isSuccess(status) ? Int(needed) : nil
        }

        /// Where a sort key comes from.
        package enum KeySource: Sendable {
            /// The shim's fast path when the string's code points allow it, else ICU.
            case fastPathOrICU
            /// ICU alone (`ucol_nextSortKeyPart`).
            case icu
        }

        /// The fast path's key alone, or nil when the string needs ICU (a contraction, a
        /// combining mark, …) or the collator's strength has no fast path.
        package func fastPathSortKey(_ s: String) -> [UInt8]? {
            s.withUTF8Bytes { chars, length -> [UInt8]? in
                var key = [UInt8](repeating: 0, count: 256)
                var written = sicu_collator_fast_sort_key_utf8(pointer, chars, length, &key, Int32(key.count))
                if Int(written) > key.count {
                    key = [UInt8](repeating: 0, count: Int(written))
                    written = sicu_collator_fast_sort_key_utf8(pointer, chars, length, &key, Int32(key.count))
                }
                return written < 0 ? nil : Array(key[..<Int(written)])
            }
        }

        /// ICU's `ucol_strcollUTF8` alone, without the fast path.
        package func icuCompare(_ a: String, _ b: String) -> Int32 {
            a.withUTF8Bytes { a, aLength in
                b.withUTF8Bytes { b, bLength in
                    var status: Int32 = 0
                    return sicu_collator_icu_compare_utf8(pointer, a, aLength, b, bLength, &status)
                }
            }
        }

        /// Writes the first bytes of the sort key of UTF-8 bytes into `buffer`, as many as fit,
        /// computing no more of the key than that; returns how many (0 when ICU fails).
        package func sortKeyPrefix(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var zero: UInt8 = 0
            return withUnsafePointer(to: &zero) { empty in
                // An empty buffer may have no address; ICU needs one even for length 0.
                let base = UnsafeRawPointer(utf8.baseAddress ?? empty).assumingMemoryBound(to: CChar.self)
                var status: Int32 = 0
                let written = sicu_collator_sort_key_prefix_utf8(pointer, base, Int32(utf8.count), buffer.baseAddress!,
                                                                 Int32(buffer.count), &status)
                return ICU.isSuccess(status) ? Int(written) : 0
            }
        }

        /// Which of the code points the collator's tailoring places (ICU's tailored set): the
        /// locale's rules say where each goes, as Faroese says ä is a variant of æ.
        package func tailors(_ scalars: [Unicode.Scalar]) throws(ICUError) -> [Bool] {
            let codePoints = scalars.map { Int32(bitPattern: $0.value) }
            var flags = [Bool](repeating: false, count: scalars.count)
            var status: Int32 = 0
            sicu_collator_tailors_code_points(pointer, codePoints, Int32(codePoints.count), &flags, &status)
            try ICU.check(status, "reading a collator's tailored set")
            return flags
        }

        /// How many non-ignorable primary weights the string has (ICU's test for labels such
        /// as "Æ" or "Sch" that need a hidden redirect bucket).
        package func primaryWeightCount(_ s: String) throws(ICUError) -> Int {
            try s.withUTF8Bytes { (chars, length) throws(ICUError) in
                var status: Int32 = 0
                let count = sicu_collator_primary_weight_count_utf8(pointer, chars, length, &status)
                try ICU.check(status, "counting primary weights", input: s)
                return Int(count)
            }
        }

        /// Strings of the collator's tailoring (not root) that start with the code point.
        package func tailoredStrings(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
            try ICU.strings("listing tailored strings", input: String(first)) {
                sicu_collator_tailored_strings_starting_with(pointer, Int32(first.value), $0, $1, $2)
            }
        }

        /// Strings of the collator's tailoring that start with a code point that is no letter:
        /// Hausa's `'y`, a way of typing ƴ.
        package func tailoredStringsStartingWithNonLetters() throws(ICUError) -> [String] {
            try ICU.strings("listing tailored strings", input: "") {
                sicu_collator_tailored_strings_starting_with(pointer, -1, $0, $1, $2)
            }
        }

        /// Contractions (tailored and root) that start with the code point.
        package func contractions(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
            try ICU.strings("listing contractions", input: String(first)) {
                sicu_collator_contractions_starting_with(pointer, Int32(first.value), $0, $1, $2)
            }
        }
    }
}
