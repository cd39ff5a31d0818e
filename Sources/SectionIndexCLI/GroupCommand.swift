import Collation
import SectionIndex

extension CommandContext {
    /// The index the options describe.
    func makeIndex() throws -> ConfiguredIndex {
        let settings = try IndexSettings(options: invocation.options)
        let index = try settings.makeIndex()
        if index.collator.usesRootFallback {
            errors.line("section-index: warning: ICU has no data for locale '\(settings.locale)'; using root collation (--strict refuses this)")
        }
        return index
    }

    /// The entries to group: FILE, standard input, or the built-in sample when standard input
    /// is a terminal and no FILE was given.
    func entriesOrSample() throws -> (entries: [InputEntry], isSample: Bool) {
        if invocation.arguments.isEmpty && isInteractive {
            let sample = BuiltInSample.entries.enumerated().map { InputEntry(name: $1.name, reading: $1.reading, line: $0 + 1) }
            return (sample, true)
        }
        return (try readEntries(), false)
    }

    /// `section-index group`: every entry once, in sections.
    func runGroup() throws -> ExitCode {
        let index = try makeIndex()
        let (entries, isSample) = try entriesOrSample()
        let full = invocation.flag("full")
        let sections = index.sections(of: entries, name: \.name, reading: \.reading, full: full)
        let isICU = if case .icu = index { true } else { false }
        switch invocation.value("format", default: "text") {
        case "tsv":
            for section in sections {
                for entry in section.items {
                    if !isICU, let reading = entry.reading {
                        output.line("\(section.label)\t\(entry.name)\t\(reading)")
                    } else {
                        output.line("\(section.label)\t\(entry.name)")
                    }
                }
            }
        case "json":
            writeJSON(sections, readingsShown: !isICU)
        case "html":
            let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
            output.write(HTMLPreview.page(sections: sections, labels: labels, localeTag: index.collator.locale.languageTag,
                                          full: full))
        default:
            for section in sections {
                output.line(section.label)
                for entry in section.items {
                    output.line("  " + (entry.reading.map { "\(entry.name)  (\($0))" } ?? entry.name))
                }
            }
            if isSample {
                output.line("")
                output.line("Index: " + index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading)).joined(separator: " "))
                output.line("")
                output.line("(the built-in sample, grouped for locale \(index.collator.locale.languageTag); give a FILE or pipe names in to group your own)")
            }
        }
        return .success
    }

    /// JSON a client can use as it is: sections with label, id, kind and items (name, reading,
    /// input index); with --full, empty sections too, flagged `"empty": true`.
    private func writeJSON(_ sections: [Section<InputEntry>], readingsShown: Bool) {
        output.write("[")
        for (s, section) in sections.enumerated() {
            output.write(s == 0 ? "\n" : ",\n")
            output.write("  {\"label\":\(JSON.quoted(section.label)),\"id\":\(JSON.quoted(section.id)),\"kind\":\"\(section.kind.rawValue)\",\"empty\":\(section.items.isEmpty),\"items\":[")
            for (i, entry) in section.items.enumerated() {
                output.write(i == 0 ? "\n" : ",\n")
                let reading = readingsShown ? (entry.reading.map(JSON.quoted) ?? "null") : "null"
                output.write("    {\"name\":\(JSON.quoted(entry.name)),\"reading\":\(reading),\"index\":\(entry.line - 1)}")
            }
            output.write(section.items.isEmpty ? "]}" : "\n  ]}")
        }
        output.line(sections.isEmpty ? "]" : "\n]")
    }

    /// `section-index labels`: every label the index shows with --full, one per line.
    func runLabels() throws -> ExitCode {
        let index = try makeIndex()
        // Without FILE only the primary and --also groups: standard input is read only as "-".
        let entries = invocation.arguments.isEmpty ? [] : try readEntries()
        let labels = index.labels(forNames: entries.map(\.name), readings: entries.map(\.reading))
        switch invocation.value("format", default: "text") {
        case "json":
            let used = Set(index.sections(of: entries, name: \.name, reading: \.reading).map(\.label))
            output.line("[" + labels.map { "{\"label\":\(JSON.quoted($0)),\"empty\":\(!used.contains($0))}" }.joined(separator: ",") + "]")
        default:
            for label in labels { output.line(label) }
        }
        return .success
    }
}
