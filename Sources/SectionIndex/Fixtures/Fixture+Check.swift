extension Fixture {
    /// The outcome of checking a fixture.
    ///
    /// ```swift
    /// let report = Fixture(text: "locale: sv\nÅsa -> A\n", path: "sv.fixture").check()
    /// report.failed                          // 1
    /// report.failures[0].description         // "sv.fixture:2: expected A, got Å (Åsa)"
    /// ```
    public struct Report: Sendable {
        /// One failed check, printed as `FILE:LINE: expected X, got Y (NAME)`.
        public struct Failure: Hashable, Sendable, CustomStringConvertible {
            public var path: String
            public var line: Int
            public var message: String
            public var description: String { "\(path):\(line): \(message)" }
        }

        public var passed = 0
        public var failures: [Failure] = []
        public var failed: Int { failures.count }
    }

    /// Runs every case, order and labels line (and counts every malformed line as failed).
    ///
    /// ```swift
    /// let fixture = Fixture(text: "locale: sv\nÅsa -> Å\n", path: "sv.fixture")
    /// fixture.check().failed   // 0
    /// ```
    public func check() -> Report {
        var report = Report()
        func fail(_ line: Int, _ message: String) {
            report.failures.append(.init(path: path, line: line, message: message))
        }
        // Line 0 is the file as a whole (an empty one), not a line of it.
        for problem in problems { fail(problem.line, problem.line == 0 ? problem.message : "malformed line: \(problem.message)") }
        // Without a locale there is nothing to build: the missing header fails, and so does
        // each header that is not one (`LOCALE:` is not `locale:`), at its own line.
        guard let locale = headers.first(where: { $0.key == "locale" }) else {
            let parser = SettingsParser(IndexSettings.settings, context: "an index", spelling: .header)
            for header in headers {
                let key = Self.settingName(ofHeader: header.key)
                guard parser.setting(named: key) == nil else { continue }
                let error = SettingsError(key: key, value: header.value,
                                          problem: .unknown(context: parser.context, suggestion: parser.suggestion(for: key)))
                fail(header.line, "\(error)")
            }
            return report.inLineOrder
        }
        let index: any NameIndex
        do {
            index = try settings(locale: locale.value).makeIndex()
        } catch {
            let line = switch error {
            case let error as SettingsError: headers.first { Self.settingName(ofHeader: $0.key) == error.key }?.line ?? locale.line
            default: locale.line
            }
            fail(line, "cannot build the index: \(error)")
            for c in cases { fail(c.line, "not checked: the index could not be built") }
            for o in orders { fail(o.line, "not checked: the index could not be built") }
            if let labels { fail(labels.line, "not checked: the index could not be built") }
            return report.inLineOrder
        }

        let entries = allEntries
        if !cases.isEmpty {
            // One grouping over every entry, as `section-index group` would do for the file.
            let caseEntries = entries
            let sections = index.sections(of: caseEntries, name: \.name, reading: \.reading, full: false)
            var labelOf: [Entry: String] = [:]
            for section in sections { for entry in section.items { labelOf[entry] = section.label } }
            for c in cases {
                let got = labelOf[c.entry] ?? "(missing)"
                if got == c.label { report.passed += 1 } else {
                    fail(c.line, "expected \(c.label), got \(got) (\(c.entry.display))")
                }
            }
        }
        for order in orders {
            let sections = index.sections(of: order.entries, name: \.name, reading: \.reading, full: false)
            let got = sections.flatMap(\.items)
            if got == order.entries { report.passed += 1 } else {
                fail(order.line, "expected \(order.entries.map(\.display).joined(separator: " < ")), got \(got.map(\.display).joined(separator: " < "))")
            }
        }
        if let labels {
            let got = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
            if got == labels.labels { report.passed += 1 } else {
                fail(labels.line, "expected labels \(labels.labels.joined(separator: " ")), got \(got.joined(separator: " "))")
            }
        }
        return report.inLineOrder
    }
}

extension Fixture.Report {
    /// Failures sorted by line, stably: what `check` prints.
    var inLineOrder: Fixture.Report {
        var sorted = self
        sorted.failures = failures.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
        return sorted
    }
}

extension Fixture {
    /// The headers read as index settings, through the command line's validator.
    ///
    /// - Throws: ``SettingsError`` naming the header that is wrong.
    public func settings(locale: String) throws(SettingsError) -> IndexSettings {
        try IndexSettings(locale: locale, settings: headers.map { (Self.settingName(ofHeader: $0.key), $0.value) })
    }

    /// The setting a header sets: its own name, but `custom-labels:` for `--labels`, whose
    /// header name is the expected labels line.
    static func settingName(ofHeader key: String) -> String {
        key == "custom-labels" ? "labels" : key
    }
}

extension Fixture.Entry {
    /// As written in a fixture: `NAME` or `NAME | READING`.
    var display: String { reading.map { "\(name) | \($0)" } ?? name }
}
