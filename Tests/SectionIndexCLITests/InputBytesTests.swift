import Foundation
import Testing
@testable import SectionIndexCLI

/// Issue 17 items 8 and 9: the byte-order mark is stripped once, at the start of the input,
/// whatever `--invalid replace` does to other lines; file names reach `open()` as the bytes
/// given, UTF-8 or not.
@Suite("Input bytes: BOM and file names")
struct InputBytesTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test("--invalid replace strips one BOM at the start and keeps a second as part of the name")
    func bomOnce() throws {
        let withBadLine = Self.bom + Self.bom + Array("abc\nz".utf8) + [0xFF] + [0x0A]
        let replaced = try InputDecoding.entries(from: withBadLine, source: "test", invalid: .replace)
        #expect(replaced.map(\.name) == ["\u{FEFF}abc", "z\u{FFFD}"])
        // The same first line without the bad one: the same name.
        let clean = try InputDecoding.entries(from: Self.bom + Self.bom + Array("abc\n".utf8), source: "test", invalid: .fail)
        #expect(clean.map(\.name) == ["\u{FEFF}abc"])
        // One BOM and a bad line: the BOM is still dropped.
        let single = try InputDecoding.entries(from: Self.bom + Array("abc\n".utf8) + [0xC0], source: "test", invalid: .replace)
        #expect(single.map(\.name) == ["abc", "\u{FFFD}"])

        let output = OutputBuffer(), errors = OutputBuffer()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("section-index-bom-\(UUID().uuidString)")
        try Data(withBadLine).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let status = Tool.run(["group", "--locale", "en", "--invalid", "replace", "--format", "tsv", url.path],
                              environment: [:], standardOutput: output, standardError: errors)
        #expect(status == 0, "\(errors.text)")
        #expect(output.text.contains("\u{FEFF}abc\n"), "\(output.text)")
    }

    /// Creates a file whose name is the given bytes, in a new directory; returns the directory
    /// and the file's full path as bytes.
    static func makeFile(named name: [UInt8], contents: String) throws -> (directory: URL, path: [UInt8]) {
        let directory = try ExternalTool.temporaryDirectory()
        let path = Array(directory.path.utf8) + [0x2F] + name
        let descriptor = (path + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0)
        let bytes = Array(contents.utf8)
        #expect(write(descriptor, bytes, bytes.count) == bytes.count)
        close(descriptor)
        return (directory, path)
    }

    @Test("A file name that is not UTF-8 is opened by its bytes", arguments: [
        [0x6C, 0x61, 0x74, 0xE9, 0x2E, 0x74, 0x78, 0x74],   // "lat\xE9.txt" (Latin-1 é)
        [0xFF, 0xFE],                                       // no UTF-8 at all
        [0xC3, 0xA9, 0xE9],                                 // UTF-8 é, then Latin-1 é
    ] as [[UInt8]])
    func nonUTF8Path(name: [UInt8]) throws {
        let (directory, path) = try Self.makeFile(named: name, contents: "Bo\nAnna\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [["group"], ["sort"], ["labels"], ["keys"], ["search", "anna"]] {
            let output = OutputBuffer(), errors = OutputBuffer()
            let arguments = RawArguments(command.map { Array($0.utf8) } + [Array("--locale=en".utf8), path])
            let status = Tool.run(arguments, environment: [:], standardOutput: output, standardError: errors)
            #expect(status == 0, "\(command): \(errors.text)")
            #expect(output.text.contains("Anna") || command == ["labels"], "\(command): \(output.text)")
        }
        // A missing file of such a name: exit 66, the name shown with its bytes escaped.
        let missing = RawArguments([Array("group".utf8), path + [0x78]])
        let errors = OutputBuffer()
        #expect(Tool.run(missing, environment: [:], standardOutput: OutputBuffer(), standardError: errors) == ExitCode.noInput.rawValue)
        #expect(errors.text.contains("\\x") && !errors.text.contains("\u{FFFD}"), "\(errors.text)")
    }

    @Test("The built binary opens a Latin-1 file name given on its command line",
          .enabled(if: ExternalTool.path(of: "bash") != nil))
    func endToEnd() throws {
        let binary = try #require(BadInputEndToEndTests.executable, "section-index is not built next to the tests").path
        let (directory, _) = try Self.makeFile(named: [0x6C, 0x61, 0x74, 0xE9, 0x2E, 0x74, 0x78, 0x74], contents: "Anna\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ExternalTool.run(ExternalTool.path(of: "bash")!, ["-c", "cd '\(directory.path)' && '\(binary)' group --locale en $'lat\\xe9.txt'"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.text == "A\n  Anna\n")
    }

    @Test("Arguments keep their text when they are UTF-8 and their bytes when not")
    func rawArguments() {
        let arguments = RawArguments([Array("Zoë".utf8), [0x61, 0xE9, 0x62], [0xE2, 0x82]])
        #expect(arguments.strings[0] == "Zoë" && arguments.bytes["Zoë"] == nil)
        #expect(arguments.bytes[arguments.strings[1]] == [0x61, 0xE9, 0x62])
        #expect(arguments.bytes[arguments.strings[2]] == [0xE2, 0x82])
        #expect(RawArguments.displayed(arguments.strings[1]) == "a\\xE9b")
        #expect(arguments.strings[1] != arguments.strings[2])
    }
}
