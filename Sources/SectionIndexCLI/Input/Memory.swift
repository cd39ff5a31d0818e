#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// system first, before each big buffer: a probe allocation of the same size, freed at once.
enum Memory {
    /// Throws ``OutOfMemory`` when `bytes` cannot be allocated now. Small requests pass unchecked.
    static func ensureAvailable(_ bytes: Int, for purpose: @autoclosure () -> String) throws(OutOfMemory) {
        guard bytes >= 1 << 20 else { return }
        guard let probe = malloc(bytes) else { throw OutOfMemory(purpose: purpose(), bytes: bytes) }
        free(probe)
    }
}
