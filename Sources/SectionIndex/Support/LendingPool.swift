import Synchronization

/// Idle instances of a resource that one thread at a time may use (ICU transliterators and
/// search weighers keep state while they run), lent out by key and given back after use.
///
/// ```swift
/// let pool = LendingPool<String, ICU.Transliterator> { try? ICU.Transliterator(id: $0) }
/// pool.withResource(for: "Han-Latin") { $0?.transliterate("王") }   // "wáng"
/// ```
///
/// A pool never holds more instances than were in use at once; it keeps them for the life of
/// the process when it is a `static`.
///
/// The first instance of a key is made by one thread alone: a thread that wants the key
/// meanwhile waits for it, and makes its own instance after. The first opening of an ICU
/// transliterator parses its rules (Han-Latin: about a billion instructions) and leaves them
/// in ICU's registry, where every later opening finds them; two threads that met the first
/// opening at once would both parse them.
final class LendingPool<Key: Hashable & Sendable, Resource: Sendable>: Sendable {
    private let idle = Mutex<[Key: [Resource]]>([:])
    /// Per key, the lock its first making holds, until it is made.
    private let firstMakings = Mutex<[Key: FirstMaking]>([:])
    private let make: @Sendable (Key) -> Resource?

    /// Whether the first instance of a key is made; its lock serializes the makers until it is.
    private final class FirstMaking: Sendable {
        let isDone = Mutex(false)
    }

    /// - Parameter make: opens a new instance when none is idle; nil when it cannot.
    init(make: @escaping @Sendable (Key) -> Resource?) {
        self.make = make
    }

    /// Runs `body` with an instance for `key` that no other thread uses meanwhile, or with nil
    /// when none is idle and `make` gives none.
    func withResource<R>(for key: Key, _ body: (Resource?) -> R) -> R {
        guard let resource = idle.withLock({ $0[key]?.popLast() }) ?? newResource(for: key) else { return body(nil) }
        defer { giveBack(resource, for: key) }
        return body(resource)
    }

    /// Adds an instance made elsewhere (one opened early to report a failure at once).
    func giveBack(_ resource: Resource, for key: Key) {
        idle.withLock { $0[key, default: []].append(resource) }
    }

    /// Whether the first instance of `key` has been made: from then on, making another is
    /// cheap, and never waits for another thread.
    func hasMadeFirst(_ key: Key) -> Bool {
        guard let first = firstMakings.withLock({ $0[key] }) else { return false }
        return first.isDone.withLockIfAvailable { $0 } ?? false
    }

    /// A new instance; the first of a key is made under the key's lock, so that a thread that
    /// wants the key meanwhile waits and then makes its own from what the first left behind.
    private func newResource(for key: Key) -> Resource? {
        let first = firstMakings.withLock { makings in
            if let known = makings[key] { return known }
            let making = FirstMaking()
            makings[key] = making
            return making
        }
        if first.isDone.withLock({ $0 }) { return make(key) }
        return first.isDone.withLock { isDone in
            let resource = make(key)
            // A key that cannot be made (ICU lacks the transliterator) stays unmade: each
            // later attempt is tried, one at a time.
            if resource != nil { isDone = true }
            return resource
        }
    }
}
