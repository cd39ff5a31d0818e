internal import CICU

extension ICU {
    /// Owns one ICU transliterator.
    ///
    /// Transliterators keep mutable state while they run, so this type is not `Sendable`:
    /// each thread opens (or is handed) its own.
    package final class Transliterator {
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

        package func transliterate(_ s: String) -> String {
            s.withUTF8Bytes { chars, length in
                ICU.string { sicu_transliterate_utf8(pointer, chars, length, $0, $1, $2) }.0
            }
        }
    }
}
