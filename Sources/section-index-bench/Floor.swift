import Foundation
import Collation

/// The floor every subcommand is measured against, whole process like them: read the file,
/// find each line's name, compute its ICU sort key from the UTF-8 bytes on every core (ICU's
/// own keys, not the shim's fast path), and nothing else (no grouping, no sorting, no output).
enum Floor {
    /// Runs the floor over `path`; returns the total key length so the work cannot be skipped.
    static func run(path: String, locale: String) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchError.unreadable(path) }
        let bytes = [UInt8](data)
        let collator = try Collator(locale: locale)
        let handle = collator.handle
        // Line starts and name ends: the name is the line up to its first tab.
        var names: [(start: Int, end: Int)] = []
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                var end = start, nameEnd = -1
                while end < all.count, all[end] != 0x0A {
                    if nameEnd < 0, all[end] == 0x09 { nameEnd = end }
                    end += 1
                }
                names.append((start, nameEnd < 0 ? end : nameEnd))
                start = end + 1
            }
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let chunks = cores * 4, size = (names.count + chunks - 1) / chunks
        let totals = UnsafeMutableBufferPointer<Int>.allocate(capacity: chunks)
        defer { totals.deallocate() }
        let shared = UncheckedBox(value: (bytes, names, handle, totals))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let (bytes, names, handle, totals) = shared.value
            var keys: [UInt8] = []
            keys.reserveCapacity(size * 32)
            bytes.withUnsafeBufferPointer { all in
                // Fewer names than chunks leaves the last chunks empty.
                for i in min(names.count, chunk * size)..<min(names.count, (chunk + 1) * size) {
                    handle.appendSortKey(UnsafeBufferPointer(rebasing: all[names[i].start..<names[i].end]), to: &keys, source: .icu)
                }
            }
            // Each iteration writes only its own slot.
            totals[chunk] = keys.count
        }
        return totals.reduce(0, +)
    }
}

/// Carries read-only state (and slots each iteration writes alone) into `concurrentPerform`.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
}
