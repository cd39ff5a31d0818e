/// A text as a dictionary key compared code point for code point, byte for byte in its
/// UTF-8, never by Swift's `==`, which takes canonically equivalent strings as one.
///
/// What search derives from a text can differ between two such forms: "e\u{301}" has
/// another initial than "é", and ICU transliterates "и" + U+0306 as Ananiĭ where it
/// transliterates "й" Ananiy. A memo keyed by `String` would give one form what was made
/// for the other, whichever a list met first.
///
/// ```swift
/// ExactText(text: "й") == ExactText(text: "и\u{306}")   // false
/// "й" == "и\u{306}"                                     // true
/// ```
struct ExactText: Hashable {
    var text: String

    /// Compared in the strings' own buffers: every word and head of a name is looked up, and
    /// comparing through the UTF-8 views an element at a time cost more than the hashing.
    static func == (a: ExactText, b: ExactText) -> Bool {
        var a = a.text, b = b.text
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
    }

    /// Hashed in one call over the bytes.
    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
