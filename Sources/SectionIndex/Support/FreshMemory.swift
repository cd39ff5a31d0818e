#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Large buffers made once and filled at once: arrays whose elements are written where they
/// are made (no zeroing first), and memory given back page by page as soon as it is no
/// longer needed.
///
/// These buffers are not asked to be on the kernel's 2 MB pages (`madvise(MADV_HUGEPAGE)`),
/// which they were until 2026-12-02: on the virtual machines this project runs on, the host
/// takes back memory the guest has freed, and the first touch of such memory cost far more
/// in 2 MB pages than in 4 KB ones: 860 MB touched in 2.2–2.4 s in 2 MB pages and in
/// 0.34–0.44 s in 4 KB pages, a few seconds after other processes had freed it (in 2 MB pages
/// it took 0.1 s only right after the same amount had been freed). At 10M names that
/// zeroing, the kernel's `clear_page_erms`, was the whole of the time `group` took beyond ten
/// times its 1M time; with 4 KB pages the 10M runs were faster in 11 of 12 interleaved
/// comparisons of `group` (both styles), `sort` and `keys` (the TLB misses of the sort and the
/// sorted output cost less than the zeroing saved), and the 1M runs no slower.
///
/// ```swift
/// let squares = FreshMemory.array(count: 1 << 20) { (buffer: UnsafeMutableBufferPointer<Int>) in
///     for i in buffer.indices { buffer.initializeElement(at: i, to: i * i) }
/// }
/// ```
package enum FreshMemory {
    /// The step in which ``discard(_:)``'s callers give back a buffer they copy out of.
    static let discardStep = 2 << 20

    /// Gives back to the system the whole small pages inside a buffer whose bytes are no
    /// longer needed (read again, they would be zeros): the memory they held is free at once,
    /// not only when the buffer is. Elsewhere this does nothing.
    package static func discard(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED)
        #endif
    }

    /// An array of `count` elements, which `initialize` fills, every element of it, in place.
    package static func array<T>(count: Int, initialize: (UnsafeMutableBufferPointer<T>) -> Void) -> [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = count
        }
    }
}
