import Collation
import SectionIndex

extension CommandContext {
    /// `section-index keys [OPTIONS] [FILE]`: for each entry, in input order,
    /// `KEY<TAB>name[<TAB>reading]` with KEY in lowercase hex, whose plain byte order is the
    /// order `group` prints. `LC_ALL=C sort` over the output, or `ORDER BY` on the keys stored
    /// as BLOBs, gives the grouped order without ICU.
    func runKeys() throws -> ExitCode {
        let index = try makeIndex()
        let entries = try readEntries()
        let keys = index.sortKeys(names: entries.map(\.name), readings: entries.map(\.reading))
        switch invocation.value("format", default: "text") {
        case "json":
            output.write("[")
            for (i, (entry, key)) in zip(entries, keys).enumerated() {
                output.write(i == 0 ? "\n" : ",\n")
                let reading = entry.reading.map(JSON.quoted) ?? "null"
                output.write("  {\"key\":\"\(key)\",\"name\":\(JSON.quoted(entry.name)),\"reading\":\(reading),\"index\":\(i)}")
            }
            output.line(entries.isEmpty ? "]" : "\n]")
        default:
            for (entry, key) in zip(entries, keys) {
                if let reading = entry.reading {
                    output.line("\(key)\t\(entry.name)\t\(reading)")
                } else {
                    output.line("\(key)\t\(entry.name)")
                }
            }
        }
        return .success
    }
}
