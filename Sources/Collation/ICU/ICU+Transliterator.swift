internal import CICU

extension ICU {
    /// Owns one ICU transliterator.
    ///
    /// Transliterators keep mutable state while they run, so one instance must never be used
    /// by two threads at once. It is `@unchecked Sendable` only so that a pool guarded by a
    /// lock can hand an instance from thread to thread; whoever holds it uses it alone.
    package final class Transliterator: @unchecked Sendable {
        private let pointer: OpaquePointer
        package let id: String

        package init(id: String) throws(ICUError) {
            var status: Int32 = 0
            let handle = sicu_transliterator_open(id, &status)
            try ICU.check(status, "opening a transliterator", input: id)
            guard let handle else {
                throw ICUError(operation: "opening a transliterator", input: id, code: status)
            }
            pointer = handle
            self.id = id
        }

        deinit { sicu_transliterator_close(pointer) }

        /// The text transliterated; the text itself when ICU fails (out of memory), as when
        /// ICU lacks the transliterator.
        package func transliterate(_ s: String) -> String {
            (try? s.withUTF8Bytes { (chars, length) throws(ICUError) in
                try ICU.string("transliterating", input: id) { sicu_transliterate_utf8(pointer, chars, length, $0, $1, $2) }
            }) ?? s
        }
    }
}
