import Collation

/// ICU's transliterators for the whole package (pinyin for placement and search, romaji,
/// Hangul, Cyrillic and Greek spellings for search), in one pool.
///
/// ```swift
/// Transliteration.transliterate("たなか", id: "Any-Latin")   // "tanaka"
/// ```
enum Transliteration {
    /// Idle transliterators by id, each lent to one thread at a time: they keep state while
    /// they run.
    static let pool = LendingPool<String, ICU.Transliterator> { try? ICU.Transliterator(id: $0) }

    /// The text transliterated by the transliterator `id`; unchanged when ICU lacks it (a
    /// trimmed ICU build), so that a name is never lost.
    static func transliterate(_ text: String, id: String) -> String {
        pool.withResource(for: id) { $0?.transliterate(text) ?? text }
    }
}
