internal import CICU

extension ICU {
    /// Owns one `SICUSearchWeigher`: turns text into the primary weights collation-aware
    /// search compares, split into words (see `sicu_search_weights_utf8`).
    ///
    /// The weigher keeps a `CollationElementIterator`'s state while it runs, so one instance
    /// must never be used by two threads at once. It is `@unchecked Sendable` only so that a
    /// pool guarded by a lock can hand an instance from thread to thread; whoever holds it uses
    /// it alone. It holds its collator, which must outlive it.
    package final class SearchWeigher: @unchecked Sendable {
        private let pointer: OpaquePointer
        private let collator: CollatorHandle
        private var weightBuffer = [UInt32](repeating: 0, count: 64)
        private var startBuffer = [Int32](repeating: 0, count: 64)

        /// With `fastPath: false`, every weight comes from ICU's collation elements, which
        /// the fast path's table otherwise gives for most words (the same weights).
        package init(collator: CollatorHandle, fastPath: Bool = true) throws(ICUError) {
            var status: Int32 = 0
            let handle = sicu_search_weigher_open(collator.pointer, &status)
            try ICU.check(status, "opening a search weigher", input: (try? collator.actualLocaleID()) ?? "")
            guard let handle else {
                throw ICUError(operation: "opening a search weigher", input: (try? collator.actualLocaleID()) ?? "", code: status)
            }
            pointer = handle
            self.collator = collator
            if !fastPath { sicu_search_weigher_set_fast_path(handle, false) }
        }

        deinit { sicu_search_weigher_close(pointer) }

        /// Appends the weights of `text` to `weights`, and the positions in `weights` where
        /// its words begin to `wordStarts`; returns how many weights were appended.
        @discardableResult
        package func appendWeights(of text: String, to weights: inout [UInt32],
                                   wordStarts: inout [UInt32]) -> Int {
            let (count, words) = weigh(text)
            let base = UInt32(weights.count)
            weights.append(contentsOf: weightBuffer[0..<count])
            for start in startBuffer[0..<words] { wordStarts.append(base + UInt32(start)) }
            return count
        }

        /// The weights of `text`, without word starts.
        package func weights(of text: String) -> [UInt32] {
            let (count, _) = weigh(text)
            return Array(weightBuffer[0..<count])
        }

        /// Fills the buffers, growing them once when the text needs more room.
        private func weigh(_ text: String) -> (count: Int, words: Int) {
            while true {
                var status: Int32 = 0
                var words: Int32 = 0
                let capacity = Int32(weightBuffer.count)
                let count = text.withUTF8Bytes { chars, length in
                    weightBuffer.withUnsafeMutableBufferPointer { weights in
                        startBuffer.withUnsafeMutableBufferPointer { starts in
                            sicu_search_weights_utf8(pointer, chars, length, weights.baseAddress,
                                                     starts.baseAddress, capacity, &words, &status)
                        }
                    }
                }
                // A failure inside ICU (out of memory) leaves the text without weights.
                guard ICU.isSuccess(status) else { return (0, 0) }
                if count <= capacity { return (Int(count), Int(words)) }
                weightBuffer = [UInt32](repeating: 0, count: Int(count))
                startBuffer = [Int32](repeating: 0, count: Int(count))
            }
        }
    }
}

extension ICU.CollatorHandle {
    /// Every contraction of two or more code points (tailored and root): "ch" in Czech,
    /// "aa" in Danish.
    package func allContractions() throws(ICUError) -> [String] {
        try ICU.strings("listing contractions", input: (try? actualLocaleID()) ?? "") {
            sicu_collator_contractions_starting_with(pointer, -1, $0, $1, $2)
        }
    }
}
