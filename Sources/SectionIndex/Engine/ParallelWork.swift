/// Work split over every core, for callers outside the engine (the command line formats its
/// output in blocks this way).
package enum ParallelWork {
    /// Runs `body(i)` for every `i` in `0..<count`, concurrently; returns when all are done.
    /// Each call must write only to memory of its own (its own slot of a buffer).
    package static func forEach(count: Int, _ body: (Int) -> Void) {
        if count <= 1 {
            for i in 0..<count { body(i) }
        } else {
            KeyTable.parallel(count, body)
        }
    }
}
