import Collation
import Synchronization

/// ICU's transliterators for the whole package (pinyin for placement and search, romaji,
/// Hangul, Cyrillic and Greek spellings for search), in one pool.
///
/// ```swift
/// Transliteration.transliterate("たなか", id: "Any-Latin")   // "tanaka"
/// ```
enum Transliteration {
    /// Idle transliterators by id, each lent to one thread at a time: they keep state while
    /// they run.
    static let pool = LendingPool<String, ICU.Transliterator> { open($0) }

    /// One lock per id, held while a transliterator of that id is opened.
    ///
    /// ICU parses an id's rules at its first opening (a billion instructions for
    /// Han-Latin/Names) and keeps the result for every later one, which is cheap; but two
    /// threads that both open an id for the first time both parse. With the lock, the second
    /// waits for the first and then opens from the kept rules, and the other core's time goes
    /// to other work. Ids have locks of their own, so that the first opening of one does not
    /// hold up another's.
    private static let openingLocks = Mutex<[String: OpeningLock]>([:])

    /// A lock for the openings of one id.
    private final class OpeningLock: Sendable {
        let mutex = Mutex<Void>(())
    }

    /// Opens a transliterator, one opening of each id at a time; nil when ICU lacks the id.
    private static func open(_ id: String) -> ICU.Transliterator? {
        let lock = openingLocks.withLock { locks in
            if let known = locks[id] { return known }
            let lock = OpeningLock()
            locks[id] = lock
            return lock
        }
        // Openings are rare (a pool opens one only when every instance of the id is in use),
        // so every opening may take the lock, not only the first.
        return lock.mutex.withLock { _ in try? ICU.Transliterator(id: id) }
    }

    /// The text transliterated by the transliterator `id`; unchanged when ICU lacks it (a
    /// trimmed ICU build), so that a name is never lost.
    static func transliterate(_ text: String, id: String) -> String {
        pool.withResource(for: id) { $0?.transliterate(text) ?? text }
    }
}
