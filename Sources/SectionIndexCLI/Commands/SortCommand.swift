import Collation

extension CommandContext {
    /// `section-index sort`: the lines ordered by the collator, stably; each line printed as
    /// it was read.
    func runSort() throws -> ExitCode {
        var options = Collator.Options()
        options.numeric = invocation.value("numeric", default: "on") == "on"
        options.strength = invocation.value("strength").map(Self.strength(named:))
        switch invocation.value("case-first") {
        case "lower": options.caseFirst = .lowerFirst
        case "upper": options.caseFirst = .upperFirst
        case "off": options.caseFirst = .off
        default: break
        }
        if invocation.flag("ignore-punctuation") { options.ignoresPunctuation = true }
        let collator = try collator(options: options)
        let entries = try readEntries()
        let sorted = collator.sorted(entries, by: \.name)
        switch invocation.value("format", default: "text") {
        case "json":
            output.write("[")
            for (i, entry) in sorted.enumerated() {
                output.write(i == 0 ? "\n  " : ",\n  ")
                output.write("{\"name\":\(JSON.quoted(entry.name))")
                if let reading = entry.reading { output.write(",\"reading\":\(JSON.quoted(reading))") }
                output.write("}")
            }
            output.line(sorted.isEmpty ? "]" : "\n]")
        default:
            for entry in sorted {
                output.line(entry.reading.map { "\(entry.name)\t\($0)" } ?? entry.name)
            }
        }
        return .success
    }

    static func strength(named name: String) -> Collator.Options.Strength {
        switch name {
        case "primary": .primary
        case "secondary": .secondary
        case "quaternary": .quaternary
        case "identical": .identical
        default: .tertiary
        }
    }
}
