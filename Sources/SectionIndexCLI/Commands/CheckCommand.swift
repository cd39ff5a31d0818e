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
    validator: an unknown header or a bad value fails at its own line.
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
                output.line("\(name):0: cannot read the fixture: \(error)")
                failed += 1
                unreadable = unreadable ?? error
                continue
            }
            if let (offset, problem) = bytes.withUnsafeBufferPointer(InputDecoding.firstProblem(in:)) {
                let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
                output.line("\(name):\(line): malformed line: \(problem) at byte offset \(offset)")
                failed += 1
                continue
            }
            let fixture = Fixture(text: String(decoding: bytes, as: UTF8.self), path: name)
            let report = fixture.check()
            for failure in report.failures { output.line(failure.description) }
            passed += report.passed
            failed += report.failed
        }
        output.line("\(passed) passed, \(failed) failed")
        // A fixture that cannot be read is the documented 66 (missing) or 74 (unreadable).
        if let unreadable { return unreadable.isMissing ? .noInput : .ioError }
        return failed == 0 ? .success : .failure
    }
}
