/// Knuth–Morris–Pratt search for one pattern: every occurrence in a text in one pass, so a
/// search is linear in the text plus the pattern whatever both hold (a 60 KB query over a
/// megabyte line of one repeated letter included). It serves weights (substring and long
/// prefix queries) and UTF-8 bytes (queries of symbols, matched as written).
///
/// ```swift
/// let pattern = PatternSearch(Array("aab".utf8))
/// Array("aaab aab".utf8).withUnsafeBufferPointer { text in
///     var starts: [Int] = []
///     pattern.forEachOccurrence(in: text) { starts.append($0); return nil }
///     return starts                     // [1, 5]
/// }
/// ```
struct PatternSearch<Element: Equatable> {
    let pattern: [Element]
    /// For each prefix length − 1, the length of its longest proper border.
    private let borders: [Int]

    init(_ pattern: [Element]) {
        self.pattern = pattern
        var borders = [Int](repeating: 0, count: pattern.count)
        var length = 0
        var i = 1
        while i < pattern.count {
            if pattern[i] == pattern[length] {
                length += 1
                borders[i] = length
                i += 1
            } else if length > 0 {
                length = borders[length - 1]
            } else {
                i += 1
            }
        }
        self.borders = borders
    }

    /// Calls `found` with the start of each occurrence, left to right; `found` returns nil to
    /// go on (overlapping occurrences included) or an offset in `text` to resume from, past the
    /// occurrence, to skip the rest of what it was looking at.
    ///
    /// - Complexity: O(*n* + *m*) for a text of *n* and a pattern of *m* elements.
    func forEachOccurrence(in text: UnsafeBufferPointer<Element>, _ found: (Int) -> Int?) {
        let m = pattern.count
        guard m > 0, text.count >= m else { return }
        pattern.withUnsafeBufferPointer { pattern in
            borders.withUnsafeBufferPointer { borders in
                var matched = 0
                var i = 0
                while i < text.count {
                    let element = text[i]
                    while matched > 0 && pattern[matched] != element { matched = borders[matched - 1] }
                    if pattern[matched] == element { matched += 1 }
                    i += 1
                    guard matched == m else { continue }
                    if let resume = found(i - m) {
                        i = max(resume, i - m + 1)
                        matched = 0
                    } else {
                        matched = borders[m - 1]
                    }
                }
            }
        }
    }

    /// Whether the pattern occurs in the text.
    func occurs(in text: UnsafeBufferPointer<Element>) -> Bool {
        var found = false
        forEachOccurrence(in: text) { _ in found = true; return text.count }
        return found
    }
}
