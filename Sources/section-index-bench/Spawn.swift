import Foundation

/// Child processes with their own resource usage (wait4), so each measurement's peak memory
/// is its own.
enum Spawn {
    /// Runs this benchmark binary in `--only MODE` and reads its report.
    static func measure(_ executable: String, mode: String, options: BenchOptions) throws -> Benchmark.Result? {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid())-\(mode).txt").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        guard try run(executable, ["--only", mode, "--count", "\(options.count)", "--locale", options.locale,
                                   "--queries", "\(options.queries)"], output: outputPath) != nil,
              let text = try? String(contentsOfFile: outputPath, encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard fields.count == 2, let seconds = Double(fields[0]), let kilobytes = Int(fields[1]) else { return nil }
        return Benchmark.Result(seconds: seconds, kilobytes: kilobytes)
    }

    /// Runs a command with stdout to a file; returns its wall time and peak memory.
    static func run(_ executable: String, _ arguments: [String], output: String) throws -> Benchmark.Result? {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { return nil }
        func cpuSeconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Benchmark.Result(seconds: seconds, kilobytes: usage.ru_maxrss,
                                userSeconds: cpuSeconds(usage.ru_utime), systemSeconds: cpuSeconds(usage.ru_stime))
    }
}
