import Collation
import Dispatch
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
    static let pool = LendingPool<String, ICU.Transliterator> { try? ICU.Transliterator(id: $0) }

    /// The text transliterated by the transliterator `id`; unchanged when ICU lacks it (a
    /// trimmed ICU build), so that a name is never lost.
    static func transliterate(_ text: String, id: String) -> String {
        pool.withResource(for: id) { $0?.transliterate(text) ?? text }
    }

    /// The ids that read Han as Chinese, Han-Latin first: its rules, which the others
    /// include or sit beside, take a quarter of a second to parse at the first opening.
    static let hanReadingIDs = ["Han-Latin", "Han-Latin/Names", "Traditional-Simplified", "Simplified-Traditional"]

    /// Transliterators opened on a thread of their own at the first demand, so that the
    /// threads that asked can go on with work that needs none of them meanwhile.
    ///
    /// ```swift
    /// let hanReadings = Transliteration.BackgroundOpening(ids: Transliteration.hanReadingIDs)
    /// if !hanReadings.isOpen() { /* keep the entry for later, take the next one */ }
    /// hanReadings.waitUntilOpen()   // before the entries kept for later
    /// ```
    final class BackgroundOpening: Sendable {
        /// Whether everything is open already (by an earlier search in this process).
        private let isOpenAlready: @Sendable () -> Bool
        /// Opens everything.
        private let open: @Sendable () -> Void
        private let state = Mutex(State.notStarted)
        /// Entered when the opening starts, left when the transliterators are in the pool.
        private let opening = DispatchGroup()

        private enum State {
            case notStarted, opening, open
        }

        /// The opening of the transliterators `ids`, in that order.
        convenience init(ids: [String]) {
            self.init(isOpenAlready: { ids.allSatisfy(Transliteration.pool.hasMadeFirst) },
                      open: { for id in ids { Transliteration.pool.withResource(for: id) { _ in } } })
        }

        /// An opening of anything: `open` runs once, on a thread of its own or the waiter's.
        init(isOpenAlready: @escaping @Sendable () -> Bool, open: @escaping @Sendable () -> Void) {
            self.isOpenAlready = isOpenAlready
            self.open = open
        }

        /// Whether the transliterators are open; the first call that finds them not yet
        /// opened starts opening them on another thread.
        func isOpen() -> Bool {
            let (isOpen, start) = state.withLock { state -> (Bool, Bool) in
                switch state {
                case .open: return (true, false)
                case .opening: return (false, false)
                case .notStarted:
                    // Opened before, by another search in this process: nothing to wait for.
                    if isOpenAlready() {
                        state = .open
                        return (true, false)
                    }
                    state = .opening
                    opening.enter()
                    return (false, true)
                }
            }
            if start {
                // A queue of its own gets a thread of its own, even while every core of the
                // shared pool is busy with the callers' work.
                DispatchQueue(label: "SectionIndex.Transliteration.BackgroundOpening").async { [self] in
                    open()
                    state.withLock { $0 = .open }
                    opening.leave()
                }
            }
            return isOpen
        }

        /// Returns once the transliterators are open, opening them on this thread when
        /// nobody has started to.
        func waitUntilOpen() {
            let opensHere = state.withLock { state -> Bool in
                guard case .notStarted = state else { return false }
                state = .opening
                opening.enter()
                return true
            }
            if opensHere {
                open()
                state.withLock { $0 = .open }
                opening.leave()
            } else {
                opening.wait()
            }
        }
    }
}
