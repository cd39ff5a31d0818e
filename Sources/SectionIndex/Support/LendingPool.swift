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
final class LendingPool<Key: Hashable & Sendable, Resource: Sendable>: Sendable {
    private let idle = Mutex<[Key: [Resource]]>([:])
    private let make: @Sendable (Key) -> Resource?

    /// - Parameter make: opens a new instance when none is idle; nil when it cannot.
    init(make: @escaping @Sendable (Key) -> Resource?) {
        self.make = make
    }

    /// Runs `body` with an instance for `key` that no other thread uses meanwhile, or with nil
    /// when none is idle and `make` gives none.
    func withResource<R>(for key: Key, _ body: (Resource?) -> R) -> R {
        guard let resource = idle.withLock({ $0[key]?.popLast() }) ?? make(key) else { return body(nil) }
        defer { giveBack(resource, for: key) }
        return body(resource)
    }

    /// Adds an instance made elsewhere (one opened early to report a failure at once).
    func giveBack(_ resource: Resource, for key: Key) {
        idle.withLock { $0[key, default: []].append(resource) }
    }
}
