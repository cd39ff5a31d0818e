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
        /// `SICU_USING_DEFAULT_WARNING` when ICU serves the locale from root.
        package let openStatus: Int32

        package init(localeID: String) throws(ICUError) {
            var status: Int32 = 0
            let handle = sicu_collator_open(localeID, &status)
            try ICU.check(status, "opening a collator", input: localeID)
            guard let handle else {
                throw ICUError(operation: "opening a collator", input: localeID, code: status)
            }
            pointer = handle
            openStatus = status
        }

        private init(pointer: OpaquePointer, openStatus: Int32) {
            self.pointer = pointer
            self.openStatus = openStatus
        }

        deinit { sicu_collator_close(pointer) }

        /// A configurable copy (ICU ≥ 71 `ucol_clone`).
        package func copy() throws(ICUError) -> CollatorHandle {
            var status: Int32 = 0
            let copy = sicu_collator_clone(pointer, &status)
            try ICU.check(status, "cloning a collator")
            guard let copy else { throw ICUError(operation: "cloning a collator", input: "", code: status) }
            return CollatorHandle(pointer: copy, openStatus: openStatus)
        }

        package func set(_ attribute: Int32, _ value: Int32) throws(ICUError) {
            var status: Int32 = 0
            sicu_collator_set_attribute(pointer, attribute, value, &status)
            try ICU.check(status, "setting collator attribute \(attribute) to \(value)")
        }

        package func attribute(_ attribute: Int32) -> Int32 {
            var status: Int32 = 0
            return sicu_collator_get_attribute(pointer, attribute, &status)
        }

        /// The locale whose data the collator uses, as an ICU id ("root" after a fallback).
        package var actualLocaleID: String {
            ICU.string { sicu_collator_locale(pointer, false, $0, $1, $2) }.0
        }

        @inline(__always)
        package func compare(_ a: UnsafePointer<CChar>, _ aLength: Int32,
                             _ b: UnsafePointer<CChar>, _ bLength: Int32) -> Int32 {
            var status: Int32 = 0
            return sicu_collator_compare_utf8(pointer, a, aLength, b, bLength, &status)
        }

        package func compare(_ a: String, _ b: String) -> Int32 {
            a.withUTF8Bytes { a, aLength in
                b.withUTF8Bytes { b, bLength in compare(a, aLength, b, bLength) }
            }
        }

        /// Writes the sort key of UTF-8 bytes into `buffer`; returns its full length, which may
        /// exceed `capacity` (then only `capacity` bytes were written).
        @inline(__always)
        package func writeSortKey(_ s: UnsafePointer<CChar>, _ length: Int32,
                                  into buffer: UnsafeMutablePointer<UInt8>, capacity: Int32) -> Int32 {
            var status: Int32 = 0
            return sicu_collator_sort_key_utf8(pointer, s, length, buffer, capacity, &status)
        }

        package func sortKey(_ s: String) -> [UInt8] {
            s.withUTF8Bytes { chars, length in
                ICU.bytes(initialCapacity: Int(length) * 4 + 16) { buffer, capacity, status in
                    sicu_collator_sort_key_utf8(pointer, chars, length, buffer, capacity, status)
                }.0
            }
        }

        /// Appends the sort key of a string to `bytes`, through a stack buffer: the bulk path
        /// that computes one key per name without a heap allocation per key.
        @inline(__always)
        package func appendSortKey(_ s: String, to bytes: inout [UInt8]) {
            s.withUTF8Bytes { chars, length in
                appendSortKey(UnsafeBufferPointer(start: UnsafeRawPointer(chars).assumingMemoryBound(to: UInt8.self),
                                                  count: Int(length)), to: &bytes)
            }
        }

        /// Appends the sort key of UTF-8 bytes to `bytes`.
        @inline(__always)
        package func appendSortKey(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
            guard let base = utf8.baseAddress else {
                // An empty buffer may have no address; ICU needs one even for length 0.
                var zero: UInt8 = 0
                withUnsafePointer(to: &zero) { appendSortKey(UnsafeBufferPointer(start: $0, count: 0), to: &bytes) }
                return
            }
            let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            let length = Int32(utf8.count)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { scratch in
                var status: Int32 = 0
                let needed = sicu_collator_sort_key_utf8(pointer, chars, length, scratch.baseAddress!, 256, &status)
                if needed <= 256 {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<Int(needed)]))
                } else {
                    bytes.append(contentsOf: ICU.bytes(initialCapacity: Int(needed)) { buffer, capacity, status in
                        sicu_collator_sort_key_utf8(pointer, chars, length, buffer, capacity, status)
                    }.0)
                }
            }
        }

        /// How many non-ignorable primary weights the string has (ICU's test for labels such
        /// as "Æ" or "Sch" that need a hidden redirect bucket).
        package func primaryWeightCount(_ s: String) -> Int {
            s.withUTF8Bytes { chars, length in
                var status: Int32 = 0
                return Int(sicu_collator_primary_weight_count_utf8(pointer, chars, length, &status))
            }
        }

        /// Strings of the collator's tailoring (not root) that start with the code point.
        package func tailoredStrings(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
            let (list, status) = ICU.strings {
                sicu_collator_tailored_strings_starting_with(pointer, Int32(first.value), $0, $1, $2)
            }
            try ICU.check(status, "listing tailored strings")
            return list
        }

        /// Contractions (tailored and root) that start with the code point.
        package func contractions(startingWith first: Unicode.Scalar) throws(ICUError) -> [String] {
            let (list, status) = ICU.strings {
                sicu_collator_contractions_starting_with(pointer, Int32(first.value), $0, $1, $2)
            }
            try ICU.check(status, "listing contractions")
            return list
        }
    }
}
