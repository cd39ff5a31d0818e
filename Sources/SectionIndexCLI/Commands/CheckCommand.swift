import SectionIndex

extension CommandContext {
    /// `section-index check FIXTURE...`: each failure as `FILE:LINE: …`, then
    /// `N passed, M failed`; exit 0 only when nothing failed.
    func runCheck() throws -> ExitCode {
        var passed = 0, failed = 0
        for path in invocation.arguments {
            let bytes: [UInt8]
            do {
                bytes = try readFile(path)
            } catch {
                output.line("\(path):0: cannot read the fixture: \(error)")
                failed += 1
                continue
            }
            if let (offset, problem) = bytes.withUnsafeBufferPointer(InputDecoding.firstProblem(in:)) {
                let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
                output.line("\(path):\(line): malformed line: \(problem) at byte offset \(offset)")
                failed += 1
                continue
            }
            let fixture = Fixture(text: String(decoding: bytes, as: UTF8.self), path: path)
            let report = fixture.check()
            for failure in report.failures { output.line(failure.description) }
            passed += report.passed
            failed += report.failed
        }
        output.line("\(passed) passed, \(failed) failed")
        return failed == 0 ? .success : .failure
    }
}
