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

    /// What a probe asks for beyond the bytes it stands for (see ``ensureAvailable(_:for:)``),
    /// and room for the threads that libdispatch may still be starting when the allocation
    /// comes: its manager thread spawns the workers of a parallel stage on its own time, each
    /// with a stack of its own mapped at once, so under load a worker's stack landed between a
    /// probe and its allocation (`strace -f` shows them after, as a rule), and the 4.8 MB
    /// line table of 300,000 lines failed with a backtrace at the edge of a `ulimit -v`.
    static let slack = (1 << 20) + (ParallelWork.processorCount + 1) * threadStackBytes

    /// The stack glibc maps for a new thread: the soft stack limit (`ulimit -s`), or 32 MiB
    /// when it is unlimited (glibc's default then on 64-bit Linux).
    static let threadStackBytes: Int = {
        var limit = rlimit()
        #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_STACK.rawValue)
        #else
        let resource = RLIMIT_STACK
        #endif
        // RLIM_INFINITY is all ones, which Swift does not import as a constant.
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur != ~0 else { return 32 << 20 }
        return Int(clamping: limit.rlim_cur)
    }()

    /// Throws ``OutOfMemory`` unless a stage over the lines of `table` can hold `bytesPerLine`
    /// a line beside the table, and the output being formatted (``outputRoom(lines:)``).
    static func ensureAvailable(for table: UTF8Table, bytesPerLine: Int, _ purpose: @autoclosure () -> String) throws(OutOfMemory) {
        try ensureAvailable(table.count * bytesPerLine + outputRoom(lines: table.count), for: purpose())
    }

    /// What a run holds beside its per-line arrays, measured as address space (`ulimit -v`
    /// counts it): two blocks of output rows a core (``BlockWriter``), up to 256 bytes a row
    /// as JSON rows grow. (The worker threads allocate from the main arena:
    /// ``useOneMallocArena()``.)
    static func outputRoom(lines: Int) -> Int {
        let rowsInFlight = 2 * ParallelWork.processorCount * BlockWriter.blockSize
        return min(lines, rowsInFlight) * 256
    }

    /// Makes every thread allocate from glibc's main arena. By default a worker thread's first
    /// allocation reserves an arena of its own, 128 MiB of address space at once trimmed to
    /// 64 MiB (HEAP_MAX_SIZE; `strace -f` shows it), at a moment of the thread's choosing: no
    /// probe can leave room for that, and under a `ulimit -v` the reservation could land
    /// between a probe and the allocation it stands for. With two cores the tool measured no
    /// slower with one arena (`MALLOC_ARENA_MAX=1`), since its hot loops do not allocate.
    static func useOneMallocArena() {
        #if os(Linux)
        // mallopt is glibc's (malloc.h, which the Glibc module leaves out): looked up by name,
        // with M_ARENA_MAX as malloc.h defines it.
        let arenaMax: Int32 = -8
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
        #endif
    }
}
