import SectionIndex

/// `section-index check FIXTURE...`: each failure as `FILE:LINE: …` in line order, then
/// `N passed, M failed`; exit 0 only when nothing failed.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "run fixture files: FILE:LINE for each failure, then N passed, M failed"
    static var arguments: [ArgumentSpec] {
        [ArgumentSpec(name: "FIXTURE", isRepeating: true,
                      help: "a fixture file: headers (locale: sv, han: pinyin, … as the options of group), then NAME -> LABEL and order: A < B lines")]
    }
    static var options: [Setting<CommandOptions>] { [] }
    static let formats: [OutputFormat] = [.text]
    static let notes = """
    A fixture header takes the same settings as group's options and is checked by the same
    validator: an unknown header or a bad value fails at its own line. A line that is not
    UTF-8 (or holds NUL) is a malformed line, named with its number and byte offset: it fails,
    and every other line is still checked and counted (exit 1, not 65). Control characters in
    the names and labels a message shows are escaped (ESC as \\x1B, CR as \\x0D).
    """

    static func run(_ context: CommandContext) throws -> ExitCode {
        var passed = 0, failed = 0, unreadable: FileError?
        let output = context.output
        for path in context.invocation.arguments {
            let name = FileReading.displayName(path)
            let bytes: [UInt8]
            do {
                bytes = try context.readFile(path)
            } catch let error as FileError {
                output.line(RawArguments.displayed("\(name):0: cannot read the fixture: \(error)"))
                failed += 1
                unreadable = unreadable ?? error
                continue
            }
            // A line that is not UTF-8 (or holds NUL) is one failed line, as a malformed line
            // is: the others are still checked and counted.
            let (text, badLines) = Self.readableLines(of: bytes)
            var fixture = Fixture(text: text, path: name)
            fixture.problems += badLines
            let report = fixture.check()
            // Names and labels are echoed: their control characters escaped, as in any message.
            for failure in report.failures { output.line(RawArguments.displayed(failure.description)) }
            passed += report.passed
            failed += report.failed
        }
        output.line("\(passed) passed, \(failed) failed")
        // A fixture that cannot be read is the documented 66 (missing) or 74 (unreadable).
        if let unreadable { return unreadable.isMissing ? .noInput : .ioError }
        return failed == 0 ? .success : .failure
    }

    /// The fixture's text with each line that is not well-formed UTF-8, or holds NUL, left
    /// empty (so the other lines keep their numbers), and a problem for each such line.
    static func readableLines(of bytes: [UInt8]) -> (text: String, problems: [Fixture.Problem]) {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var problems: [Fixture.Problem] = []
        var start = 0
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            defer { start += line.count + 1 }
            if number > 0 { text.append(0x0A) }
            if let (offset, problem) = Array(line).withUnsafeBufferPointer(InputDecoding.firstProblem(in:)) {
                problems.append(Fixture.Problem(line: number + 1, message: "\(problem) at byte offset \(start + offset)"))
            } else {
                text += line
            }
        }
        return (String(decoding: text, as: UTF8.self), problems)
    }
}
