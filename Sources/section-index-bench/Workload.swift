import Foundation

/// The names measured: the repository's test corpus `Tests/Corpus/names-20k.tsv` (19,991
/// names of 20 locales and awkward inputs), repeated with a numeric suffix to reach the count.
enum Workload {
    static let corpusPath = "Tests/Corpus/names-20k.tsv"

    /// The corpus from the package root: the working directory (`swift run` from the package),
    /// else the package this source file belongs to.
    static let corpusURL: URL = {
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(corpusPath),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(corpusPath),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.standardized.path) }?.standardized ?? candidates[0]
    }()

    struct Entry {
        var name: String
        var reading: String?
    }

    static func corpus() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: corpusURL.path) else {
            FileHandle.standardError.write("section-index-bench: cannot read \(corpusURL.path)\n".data(using: .utf8)!)
            exit(66)
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            let reading = columns.count > 1 && !columns[1].isEmpty ? String(columns[1]) : nil
            return Entry(name: String(columns[0]), reading: reading)
        }
    }

    /// The corpus rows' names and origins (the third column).
    static func corpusRows() -> [(name: String, origin: String)] {
        guard let data = FileManager.default.contents(atPath: corpusURL.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(columns[0]), columns.count > 2 ? String(columns[2]) : "")
        }
    }

    static func names(count: Int) -> [Entry] {
        let base = corpus()
        var result: [Entry] = []
        result.reserveCapacity(count)
        var round = 0
        while result.count < count {
            for entry in base where result.count < count {
                result.append(round == 0 ? entry : Entry(name: entry.name + " \(round)", reading: entry.reading))
            }
            round += 1
        }
        return result
    }

    /// The names of ``names(count:)`` and their readings, as two arrays: what a search list
    /// is prepared from (`NameMatcher.prepare(names:readings:)`), without the list of entries
    /// beside them.
    static func columns(count: Int) -> (names: [String], readings: [String?]) {
        let base = corpus()
        var names: [String] = [], readings: [String?] = []
        names.reserveCapacity(count)
        readings.reserveCapacity(count)
        var round = 0
        while names.count < count {
            for entry in base where names.count < count {
                names.append(round == 0 ? entry.name : entry.name + " \(round)")
                readings.append(entry.reading)
            }
            round += 1
        }
        return (names, readings)
    }

    /// The names as a `name<TAB>reading` file for the command-line measurements.
    static func writeFile(count: Int, to url: URL) throws {
        var text = ""
        text.reserveCapacity(count * 32)
        for entry in names(count: count) {
            text += entry.name
            if let reading = entry.reading { text += "\t" + reading }
            text += "\n"
        }
        try text.write(to: url, atomically: false, encoding: .utf8)
    }
}
