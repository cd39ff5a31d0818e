#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SectionIndex
import SectionIndexCLI

/// libFuzzer's entry point: groups arbitrary bytes as a list of names (see
/// ``groupArbitraryBytes(_:)``). Built with `-sanitize=fuzzer` this is the fuzz target;
/// without, `Replay` runs it once per file of the seed corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGrouping(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    groupArbitraryBytes(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// Index settings, as the command line spells them; the first input byte picks one.
let fuzzedSettings: [[(key: String, value: String)]] = [
    [("locale", "en")], [("locale", "sv")], [("locale", "ja")], [("locale", "zh")], [("locale", "zh"), ("names", "plain")],
    [("locale", "zh-Hant")], [("locale", "ko")], [("locale", "ru"), ("also", "el,en")], [("locale", "ar")], [("locale", "th")],
    [("locale", "hi")], [("locale", "en"), ("scripts", "none"), ("han", "stroke")], [("locale", "ja"), ("han", "pinyin")],
    [("locale", "xx")], [("locale", "zh-u-co-zhuyin")], [("locale", "en"), ("also", "ja,zh")],
    [("locale", "en"), ("style", "icu")], [("locale", "ja"), ("style", "icu")], [("locale", "zh"), ("style", "icu")],
    [("locale", "cs"), ("style", "icu"), ("max-labels", "5")], [("locale", "ko"), ("style", "icu"), ("also", "ru")],
]

/// The indexes, built once through the validator the command line and fixtures use: an
/// index is immutable and answers any number of inputs.
let fuzzedIndexes: [any NameIndex] = fuzzedSettings.map { try! IndexSettings(locale: "en", settings: $0).makeIndex() }

/// Stops the process with a message libFuzzer records beside the input that caused it.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Decodes the bytes after the first as the command line does (`--invalid replace`), groups
/// them with the index the first byte picks, and checks that nothing is lost: every line is
/// an entry, every entry is in exactly one section, the command line's own path over the
/// input buffer agrees with the library's, and grouping the output again changes nothing.
/// Every eighth input also goes through the whole command line (`Tool.run`) from a pipe.
func groupArbitraryBytes(_ input: UnsafeBufferPointer<UInt8>) {
    guard let selector = input.first else { return }
    let choice = Int(selector) % fuzzedIndexes.count
    let index = fuzzedIndexes[choice]
    let bytes = Array(input.dropFirst())

    let entries: [InputEntry]
    let table: UTF8Table
    do {
        entries = try InputDecoding.entries(from: bytes, source: "fuzz", invalid: .replace)
        table = try InputDecoding.table(from: bytes, source: "fuzz", invalid: .replace)
    } catch {
        fatalError("--invalid replace refused the input: \(error)")
    }
    require(entries.count == lineCount(bytes), "\(lineCount(bytes)) lines but \(entries.count) entries")
    if let strict = try? InputDecoding.entries(from: bytes, source: "fuzz", invalid: .fail) {
        require(strict == entries, "valid input decoded differently by --invalid fail and replace")
    }

    let sections = index.sections(of: entries, name: \.name, reading: \.reading)
    let flat = sections.flatMap(\.items)
    require(flat.map(\.line).sorted() == entries.map(\.line), "an entry lost or duplicated")
    require(!sections.contains { $0.items.isEmpty }, "an empty section without full")

    let order = index.groupedOrder(table)
    require(order.entries.map { $0.position + 1 } == flat.map(\.line), "the command line's order differs from the library's")
    require(order.entries.map { order.labels[$0.section] } == sections.flatMap { section in section.items.map { _ in section.label } },
            "the command line's sections differ from the library's")

    let again = index.sections(of: flat, name: \.name, reading: \.reading)
    require(again == sections, "grouping the output again changed it")
    if let alphabetic = index as? AlphabeticIndex {
        for section in sections {
            for entry in section.items {
                require(alphabetic.label(for: entry.name) == section.label, "\(entry.name.debugDescription) is not under its label")
            }
        }
    }

    if selector & 0x07 == 0 { runCommandLine(bytes, settings: fuzzedSettings[choice], entries: entries.count) }
}

/// Lines as the command line counts them: a leading BOM dropped, LF ends, the last end optional.
func lineCount(_ bytes: [UInt8]) -> Int {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    guard let last = text.last else { return 0 }
    return text.count { $0 == 0x0A } + (last == 0x0A ? 0 : 1)
}

/// `section-index group --format tsv --invalid replace` over a pipe: exit 0 and one output
/// line per entry.
func runCommandLine(_ bytes: [UInt8], settings: [(key: String, value: String)], entries: Int) {
    var descriptors: [Int32] = [0, 0]
    require(pipe(&descriptors) == 0, "no pipe")
    defer { close(descriptors[0]) }
    // Inputs are at most a few kilobytes (libFuzzer's -max_len), less than a pipe holds.
    var written = 0
    while written < bytes.count {
        let count = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress! + written, bytes.count - written) }
        require(count > 0, "cannot fill the pipe")
        written += count
    }
    close(descriptors[1])
    var arguments = ["group", "--format", "tsv", "--invalid", "replace"]
    for (key, value) in settings { arguments += ["--" + key, value] }
    let output = OutputBuffer(), errors = OutputBuffer()
    let status = Tool.run(arguments, environment: [:], standardInput: descriptors[0], standardOutput: output, standardError: errors)
    require(status == 0, "exit \(status): \(errors.text)")
    require(output.text.utf8.count { $0 == 0x0A } == entries, "\(entries) entries but output \(output.text.debugDescription)")
}
