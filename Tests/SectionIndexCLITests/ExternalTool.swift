import Foundation
import TestSupport
@testable import SectionIndexCLI

/// Programs the end-to-end tests drive (Chromium, sqlite3, sort): found on PATH, run with a
/// time limit, their output read from files so a chatty program cannot block on a full pipe.
enum ExternalTool {
    struct Run {
        var status: Int32
        var output: Data
        var errors: String
        var text: String { String(decoding: output, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The executable's path when it is on PATH (or in /usr/bin), else nil.
    static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        return directories.lazy.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a program; throws when it cannot start or outlives `timeout` seconds.
    static func run(_ executable: String, _ arguments: [String], input: Data? = nil,
                    environment: [String: String]? = nil, timeout: TimeInterval = 120) throws -> Run {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out"), errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = directory.appendingPathComponent("in")
            try input.write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            throw Failure(description: "\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s")
        }
        try out.close()
        try err.close()
        return Run(status: process.terminationStatus, output: try Data(contentsOf: outURL),
                   errors: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A new empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `section-index` in process: (exit code, standard output, standard error).
    static func sectionIndex(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = OutputBuffer(), errors = OutputBuffer()
        let status = Tool.run(arguments, environment: [:], standardOutput: output, standardError: errors)
        return (status, output.text, errors.text)
    }

    /// Writes entries as `section-index` reads them: `name` or `name<TAB>reading` per line.
    static func writeEntries(_ entries: [(name: String, reading: String?)], to url: URL) throws {
        let text = entries.map { $0.name + ($0.reading.map { "\t" + $0 } ?? "") + "\n" }.joined()
        try Data(text.utf8).write(to: url)
    }

    /// The package's root directory (the tests live two levels below it).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every `stride`-th row of the test corpus as entries (none when it is missing).
    static func corpusSample(every stride: Int) -> [(name: String, reading: String?)] {
        Corpus.sample(every: stride).map { ($0.name, $0.reading) }
    }
}
