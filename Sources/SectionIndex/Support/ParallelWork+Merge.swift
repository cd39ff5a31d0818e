extension ParallelWork {
    /// Sorts a buffer as two halves on two cores, then merges them with `less`: for one part
    /// too large to leave to a single core (the `#` section holding every Han name of an
    /// English list, the words of a large search table).
    ///
    /// Stable when `sortHalf` is: on ties the merge takes the first half's element first.
    ///
    /// ```swift
    /// var numbers = [5, 3, 9, 1]
    /// numbers.withUnsafeMutableBufferPointer { all in
    ///     ParallelWork.sortInHalves(all, sortHalf: { $0.sort() }, less: <)
    /// }
    /// numbers      // [1, 3, 5, 9]
    /// ```
    /// - Parameters:
    ///   - part: what to sort, in place.
    ///   - sortHalf: sorts one half in place, in the order `less` describes.
    ///   - less: the order, a strict weak ordering.
    /// - Complexity: the two half sorts, then (unless the halves are in order already) a copy
    ///   of the first half and one pass of `part.count` steps.
    package static func sortInHalves<T>(_ part: UnsafeMutableBufferPointer<T>,
                                        sortHalf: (UnsafeMutableBufferPointer<T>) -> Void,
                                        less: (T, T) -> Bool) {
        let count = part.count, middle = count / 2
        _ = mapParts(of: part, [0..<middle, middle..<count]) { _, half in sortHalf(half) }
        // Halves already in order (one name many times, in input order): nothing to merge,
        // and no scratch memory.
        guard middle > 0, middle < count, less(part[middle], part[middle - 1]) else { return }
        // Only the first half moves aside: the merge writes from the front, `out` never
        // passing the second half's next unread element.
        let first = Array(UnsafeMutableBufferPointer(rebasing: part[..<middle]))
        var i = 0, j = middle, out = 0
        while i < middle && j < count {
            if less(part[j], first[i]) { part[out] = part[j]; j += 1 } else { part[out] = first[i]; i += 1 }
            out += 1
        }
        while i < middle { part[out] = first[i]; i += 1; out += 1 }
    }
}
