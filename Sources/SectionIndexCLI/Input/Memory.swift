#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SectionIndex

/// Not enough memory for the input; exit code 71 (EX_OSERR).
public struct OutOfMemory: Error, Sendable, CustomStringConvertible {
    /// What the memory was for, e.g. "reading standard input".
    public var purpose: String
    public var bytes: Int
    public var description: String {
        "out of memory: \(purpose) needs about \(bytes / (1 << 20) + 1) MiB more; give it less input or more memory"
    }
}

/// Swift stops the process with a backtrace when an allocation fails, so the CLI asks the
/// system first, before each stage that allocates per line: a probe mapping of what the stage
/// will hold at its peak, unmapped at once.
enum Memory {
    /// Throws ``OutOfMemory`` when `bytes` cannot be mapped now. Small requests pass unchecked.
    ///
    /// The probe is `mmap`, a system call, and not `malloc` + `free`: an optimising compiler
    /// removes a `malloc` whose memory is never used, and the release build then never asked
    /// (it aborted with a backtrace under `ulimit -v` while the debug build failed cleanly).
    ///
    /// The probe asks for a mebibyte more than `bytes`: the allocation it stands for takes
    /// more than its size from the system (glibc's malloc adds a 128 KiB top pad when it grows
    /// its heap, and rounds to pages). A probe of the exact size passed at the very edge of a
    /// `ulimit -v`, and the 4.8 MB line table after it failed with a backtrace.
    static func ensureAvailable(_ bytes: Int, for purpose: @autoclosure () -> String) throws(OutOfMemory) {
        guard bytes >= 1 << 20 else { return }
        let probeBytes = bytes + slack
        let probe = mmap(nil, probeBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let probe, probe != MAP_FAILED else { throw OutOfMemory(purpose: purpose(), bytes: bytes) }
        munmap(probe, probeBytes)
    }

    /// What a probe asks for beyond the bytes it stands for (see ``ensureAvailable(_:for:)``).
    static let slack = 1 << 20

    /// Throws ``OutOfMemory`` unless a stage over the lines of `table` can hold `bytesPerLine`
    /// a line beside the table, and the output being formatted (``outputRoom(lines:)``).
    static func ensureAvailable(for table: UTF8Table, bytesPerLine: Int, _ purpose: @autoclosure () -> String) throws(OutOfMemory) {
        try ensureAvailable(table.count * bytesPerLine + outputRoom(lines: table.count), for: purpose())
    }

    /// What a run holds beside its per-line arrays, measured as address space (`ulimit -v`
    /// counts it): two blocks of output rows a core (``BlockWriter``), up to 256 bytes a row
    /// as JSON rows grow, and, once the work is spread over threads, their allocators' own
    /// arenas: glibc gives a thread's arena room 64 MiB at a time (HEAP_MAX_SIZE), one per
    /// core. With 32 MiB for all of them, `keys --format json` on 300,000 lines passed its
    /// probe at the edge of a `ulimit -v` and then failed to allocate a 12 MB block of rows.
    static func outputRoom(lines: Int) -> Int {
        let rowsInFlight = 2 * ParallelWork.processorCount * BlockWriter.blockSize
        return min(lines, rowsInFlight) * 256 + (lines >= BlockWriter.blockSize ? ParallelWork.processorCount * arenaRoom : 0)
    }

    /// The address space glibc reserves for a thread's arena at a time.
    static let arenaRoom = 64 << 20
}
