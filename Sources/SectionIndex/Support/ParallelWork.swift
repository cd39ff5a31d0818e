#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Work split over every core, each worker writing only its own slot.
///
/// Every parallel loop of the package (sort keys, placements, search tables, the sort, the
/// command line's output blocks) goes through this type, and each of its entry points hands
/// a worker only what is its own:
///
/// - ``map(count:_:)``: worker `i` returns a value; the helper stores it in slot `i`.
/// - ``update(_:_:)`` and ``update(_:_:_:)``: worker `i` gets element `i` of the arrays
///   `inout`, and no other.
/// - ``mapParts(of:_:_:)``: worker `k` gets the `k`-th of disjoint ranges of an array as a
///   buffer of exactly that range (checked disjoint before any worker starts).
///
/// ```swift
/// let squares = ParallelWork.map(count: 4) { $0 * $0 }          // [0, 1, 4, 9]
/// var lengths = [Int](repeating: 0, count: names.count)
/// ParallelWork.update(&lengths) { i, length in length = names[i].utf8.count }
/// ```
///
/// ## Why this is race-free (the one place the argument is made)
/// `DispatchQueue.concurrentPerform` wants a `@Sendable` closure; the closures here are not,
/// because they read the caller's non-`Sendable` state (name sources, collators, key tables).
/// ``runConcurrently(_:_:)`` passes them anyway, and that is safe because:
/// 1. every write a worker makes through these entry points lands in memory that belongs to
///    its iteration alone: slot `i` of a fresh buffer, element `i`, or one of ranges that
///    are checked not to overlap;
/// 2. what workers share, they only read, and nobody writes it while they run (strings,
///    immutable indexes, collators through ICU's `const` API, which ICU allows from several
///    threads); anything with state (ICU transliterators, search weighers) is borrowed from a
///    ``LendingPool`` by one worker at a time;
/// 3. `concurrentPerform` returns only after every iteration has finished, so the closures
///    never outlive the call and the caller sees every write afterwards.
/// Bodies must keep to 2 (write nothing else that is shared); the entry points see to 1 and 3.
package enum ParallelWork {
    /// Cores to use for bulk work.
    package static let processorCount: Int = {
        #if canImport(Glibc) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }()

    /// Below this many items one thread is faster than dispatching.
    package static let threshold = 8_192

    /// How many chunks `count` items are cut into: one below ``threshold``, else four per
    /// core so that uneven chunks even out.
    package static func chunkCount(for count: Int) -> Int {
        count < threshold ? 1 : processorCount * 4
    }

    /// `0..<count` cut into `chunks` consecutive ranges of nearly equal size (some may be
    /// empty at the end).
    package static func chunks(of count: Int, into chunks: Int) -> [Range<Int>] {
        let size = (count + chunks - 1) / max(chunks, 1)
        return (0..<chunks).map { min(count, $0 * size)..<min(count, ($0 + 1) * size) }
    }

    /// Runs `body(i)` for every `i` in `0..<count` and returns the results in order.
    ///
    /// ```swift
    /// ParallelWork.map(count: 3) { "#\($0)" }     // ["#0", "#1", "#2"]
    /// ```
    /// - Parameters:
    ///   - count: how many calls.
    ///   - concurrently: false runs the calls one after the other on this thread (for work
    ///     too small to be worth dispatching).
    ///   - body: computes slot `i`'s value.
    /// - Complexity: `count` calls of `body`, on every core when `count` > 1.
    package static func map<T>(count: Int, concurrently: Bool = true, _ body: (Int) -> T) -> [T] {
        guard count > 1, concurrently else { return (0..<count).map(body) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = buffer
            // Iteration i initializes slot i and nothing else.
            runConcurrently(count) { i in (slots.baseAddress! + i).initialize(to: body(i)) }
            initialized = count
        }
    }

    /// `array.map(transform)`, on every core for large arrays.
    ///
    /// ```swift
    /// ParallelWork.map([1, 2, 3]) { $0 * 10 }   // [10, 20, 30]
    /// ```
    package static func map<S, T>(_ array: [S], _ transform: (S) -> T) -> [T] {
        let ranges = chunks(of: array.count, into: chunkCount(for: array.count))
        return array.withUnsafeBufferPointer { source in
            FreshMemory.array(count: array.count) { target in
                _ = mapParts(of: target, ranges) { k, part in
                    let first = ranges[k].lowerBound
                    for j in part.indices { part.initializeElement(at: j, to: transform(source[first + j])) }
                }
            }
        }
    }

    /// Runs `body(i, &array[i])` for every index, on every core for large arrays.
    ///
    /// ```swift
    /// var buckets = [Int32](repeating: 0, count: names.count)
    /// ParallelWork.update(&buckets) { i, bucket in bucket = Int32(index.bucket(of: names[i])) }
    /// ```
    package static func update<A>(_ array: inout [A], _ body: (Int, inout A) -> Void) {
        let ranges = chunks(of: array.count, into: chunkCount(for: array.count))
        _ = mapParts(of: &array, ranges) { k, part in
            let first = ranges[k].lowerBound
            for j in part.indices { body(first + j, &part[j]) }
        }
    }

    /// Runs `body(i, &a[i], &b[i])` for every index of two arrays of equal length.
    package static func update<A, B>(_ a: inout [A], _ b: inout [B], _ body: (Int, inout A, inout B) -> Void) {
        precondition(a.count == b.count, "ParallelWork.update: arrays of different lengths")
        let ranges = chunks(of: a.count, into: chunkCount(for: a.count))
        b.withUnsafeMutableBufferPointer { bBuffer in
            let bParts = ranges.map { UnsafeMutableBufferPointer(rebasing: bBuffer[$0]) }
            _ = mapParts(of: &a, ranges) { k, part in
                let first = ranges[k].lowerBound, other = bParts[k]
                for j in part.indices { body(first + j, &part[j], &other[j]) }
            }
        }
    }

    /// Runs `body(k, part)` for every range `k`, where `part` is `array[ranges[k]]` as a
    /// buffer of exactly that range, and returns the results in order.
    ///
    /// - Precondition: the ranges do not overlap and lie inside the array.
    package static func mapParts<T, R>(of array: inout [T], _ ranges: [Range<Int>], concurrently: Bool = true,
                                       _ body: (Int, UnsafeMutableBufferPointer<T>) -> R) -> [R] {
        array.withUnsafeMutableBufferPointer { buffer in mapParts(of: buffer, ranges, concurrently: concurrently, body) }
    }

    /// ``mapParts(of:_:concurrently:_:)`` over a buffer the caller owns alone, such as the
    /// uninitialized storage of an array being made (each part then initializes its range).
    ///
    /// - Precondition: the ranges do not overlap and lie inside the buffer.
    package static func mapParts<T, R>(of buffer: UnsafeMutableBufferPointer<T>, _ ranges: [Range<Int>], concurrently: Bool = true,
                                       _ body: (Int, UnsafeMutableBufferPointer<T>) -> R) -> [R] {
        // Empty ranges hold nothing to share.
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            precondition(a.upperBound <= b.lowerBound, "ParallelWork.mapParts: ranges \(a) and \(b) overlap")
        }
        precondition(sorted.first.map { $0.lowerBound >= 0 } ?? true && sorted.last.map { $0.upperBound <= buffer.count } ?? true,
                     "ParallelWork.mapParts: a range lies outside the array")
        return map(count: ranges.count, concurrently: concurrently) { k in body(k, UnsafeMutableBufferPointer(rebasing: buffer[ranges[k]])) }
    }

    /// `DispatchQueue.concurrentPerform` for a closure that is not `@Sendable`; see the type's
    /// comment for why that is safe for the entry points above. The only such call.
    private static func runConcurrently(_ iterations: Int, _ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { escapable in
            let box = UncheckedSendableBox(value: escapable)
            DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
        }
    }
}

/// Carries a closure into `concurrentPerform`; see ``ParallelWork`` for why that is safe.
private struct UncheckedSendableBox<Value>: @unchecked Sendable {
    let value: Value
}
