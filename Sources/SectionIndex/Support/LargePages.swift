#if canImport(Glibc)
import Glibc
#endif

/// Large buffers read out of order (the input that sorted output gathers names from, the key
/// table and records the sort jumps around in) on 2 MB pages where the kernel offers them.
///
/// With 4 KB pages, a gather over a buffer of hundreds of megabytes misses the TLB on almost
/// every read, and at 10M names that costs more than the reads themselves. Linux hands out
/// transparent huge pages to regions that ask for them (`madvise(MADV_HUGEPAGE)`, the mode
/// most distributions ship); the request must come before the pages are first touched, so
/// these buffers are made uninitialized, advised, then filled. Elsewhere this does nothing.
///
/// ```swift
/// let squares = LargePages.array(count: 1 << 20) { (buffer: UnsafeMutableBufferPointer<Int>) in
///     for i in buffer.indices { buffer.initializeElement(at: i, to: i * i) }
/// }
/// ```
package enum LargePages {
    /// Below this, the buffer spans too few large pages to matter.
    static let minimumBytes = 8 << 20
    static let pageSize = 2 << 20

    /// Asks for large pages over the whole 2 MB pages inside a buffer not yet touched.
    package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard buffer.count >= minimumBytes, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + pageSize - 1) & ~(pageSize - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(pageSize - 1)
        guard end > start else { return }
        // Advice only: when the kernel declines, the buffer keeps small pages.
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
        #endif
    }

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

    /// An array of `count` elements whose storage is advised before `initialize` fills every
    /// element of it.
    package static func array<T>(count: Int, initialize: (UnsafeMutableBufferPointer<T>) -> Void) -> [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            advise(UnsafeMutableRawBufferPointer(buffer))
            initialize(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = count
        }
    }

    /// An array of `count` copies of `value`, on large pages, written on every core (the
    /// first touch of each page, and its zeroing by the kernel, is spread too).
    package static func array<T>(repeating value: T, count: Int) -> [T] {
        array(count: count) { buffer in
            _ = ParallelWork.mapParts(of: buffer, ParallelWork.chunks(of: count, into: ParallelWork.chunkCount(for: count))) { _, part in
                part.initialize(repeating: value)
            }
        }
    }

    /// An empty array with room for `capacity` elements, on large pages once filled.
    package static func reserved<T>(capacity: Int) -> [T] {
        [T](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            advise(UnsafeMutableRawBufferPointer(buffer))
            initialized = 0
        }
    }
}
