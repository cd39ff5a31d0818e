#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Without `-sanitize=fuzzer` (a plain `swift build`), a fuzz target replays inputs instead of
/// fuzzing: every file named, and every file in every directory named, goes once through the
/// fuzz entry point, so the seed corpus and saved crashes are regression tests.
///
/// ```sh
/// swift run fuzz-fixture Tests/FuzzCorpus/fixture
/// ```
public func replayInputs(through fuzz: (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
    let paths = CommandLine.arguments.dropFirst()
    guard !paths.isEmpty else {
        print("usage: \(CommandLine.arguments[0]) FILE-OR-DIRECTORY...")
        exit(64)
    }
    var count = 0
    for path in paths.flatMap(ReplayFiles.expand) {
        guard let bytes = ReplayFiles.contents(of: path) else {
            print("cannot read \(path)")
            exit(66)
        }
        // One byte more, so that even an empty file has an address.
        (bytes + [0]).withUnsafeBufferPointer { _ = fuzz($0.baseAddress!, bytes.count) }
        count += 1
    }
    print("\(count) inputs replayed, none failed")
    exit(0)
}

public enum ReplayFiles {
    /// A directory's regular files (sorted), or the path itself.
    public static func expand(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var files: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            files.append(path + "/" + name)
        }
        return files.sorted()
    }

    public static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
