extension Fixture {
    /// Parses a fixture. Nothing is skipped silently: a line that is not a comment, blank,
    /// header, case or order line becomes a ``Problem`` with its line number.
    public init(text: String, path: String) {
        self.path = path
        var seenCase = false
        var lineNumber = 0
        // "\r\n" is one Character, so CRLF line ends must be split on as such.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            if lineNumber == 1, line.unicodeScalars.first == "\u{FEFF}" { line = Substring(line.unicodeScalars.dropFirst()) }
            if line.first == "#" { continue }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            do throws(Problem) {
                if line.hasPrefix("order:") {
                    seenCase = true
                    let body = line.dropFirst("order:".count).drop { $0 == " " }
                    let parts = body.components(separatedBy: " < ")
                    guard parts.count >= 2, !parts.contains(where: \.isEmpty) else {
                        throw Problem(line: lineNumber, message: "an order line needs at least two entries separated by ' < '")
                    }
                    var entries: [Entry] = []
                    for part in parts { entries.append(try Self.entry(Substring(part), line: lineNumber)) }
                    orders.append(Order(entries: entries, line: lineNumber))
                } else if let arrow = line.lastRange(of: " -> ") {
                    seenCase = true
                    let label = try Self.unescape(line[arrow.upperBound...].trimmingTrailingSpaces, line: lineNumber)
                    guard !label.isEmpty else { throw Problem(line: lineNumber, message: "the label after ' -> ' is empty") }
                    let entry = try Self.entry(line[..<arrow.lowerBound], line: lineNumber)
                    cases.append(Case(entry: entry, label: label, line: lineNumber))
                } else if let colon = line.firstRange(of: ": "), line[..<colon.lowerBound].allSatisfy({ $0.isLetter || $0 == "-" }),
                          !line[..<colon.lowerBound].isEmpty {
                    let key = String(line[..<colon.lowerBound])
                    let value = String(line[colon.upperBound...].trimmingTrailingSpaces)
                    guard !seenCase else {
                        throw Problem(line: lineNumber, message: "header '\(key):' after the first case; headers come first")
                    }
                    if key == "labels" {
                        guard labels == nil else { throw Problem(line: lineNumber, message: "a second 'labels:' line") }
                        var list: [String] = []
                        for label in value.split(separator: " ") { list.append(try Self.unescape(label, line: lineNumber)) }
                        labels = (list, lineNumber)
                    } else {
                        guard !headers.contains(where: { $0.key == key }) else {
                            throw Problem(line: lineNumber, message: "header '\(key):' given twice")
                        }
                        headers.append((key, try Self.unescape(Substring(value), line: lineNumber), lineNumber))
                    }
                } else {
                    throw Problem(line: lineNumber, message: "not a comment, header, case (NAME -> LABEL) or order line")
                }
            } catch {
                problems.append(error)
            }
        }
        if !headers.contains(where: { $0.key == "locale" }) {
            // An empty file has no line 1 to point at: the problem is the file's (line 0).
            let isEmpty = text.isEmpty || text == "\u{FEFF}"
            problems.append(isEmpty ? Problem(line: 0, message: "the fixture is empty: it needs a 'locale:' header")
                                    : Problem(line: 1, message: "no 'locale:' header"))
        }
    }

    /// `NAME` or `NAME | READING`, unescaped; the first ` | ` splits.
    private static func entry(_ text: Substring, line: Int) throws(Problem) -> Entry {
        if let bar = text.firstRange(of: " | ") {
            let reading = try unescape(text[bar.upperBound...], line: line)
            return Entry(name: try unescape(text[..<bar.lowerBound], line: line), reading: reading.isEmpty ? nil : reading)
        }
        return Entry(name: try unescape(text, line: line))
    }

    /// `\u{XXXX}` (1–6 hex digits, a Unicode scalar), `\\` and `\#`; any other backslash is
    /// an error.
    static func unescape(_ text: Substring, line: Int) throws(Problem) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else { result.append(scalar); continue }
            switch scalars.popFirst() {
            case "\\": result.append("\\")
            case "#": result.append("#")
            case "u":
                guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else {
                    throw Problem(line: line, message: "malformed escape: write \\u{XXXX}")
                }
                let hex = String(String.UnicodeScalarView(scalars[..<close]))
                scalars = scalars[scalars.index(after: close)...]
                guard (1...6).contains(hex.count), let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                    throw Problem(line: line, message: "\\u{\(hex)} is not a Unicode scalar value (1–6 hex digits, no surrogates)")
                }
                result.append(decoded)
            case let other:
                throw Problem(line: line, message: "unknown escape '\\\(other.map { String($0) } ?? "")': use \\u{XXXX}, \\\\ or \\#")
            }
        }
        return String(result)
    }
}

extension Fixture.Problem: Error {}

extension Substring {
    var trimmingTrailingSpaces: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = self
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    func lastRange(of separator: String) -> Range<Index>? {
        var found: Range<Index>?
        var rest = self
        while let range = rest.firstRange(of: separator) {
            found = range
            rest = rest[range.upperBound...]
        }
        return found
    }
}
