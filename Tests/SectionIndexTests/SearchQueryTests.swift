import Testing
@testable import SectionIndex

/// Issue 17 item 6: a query of only symbols is defined (it matches the names that contain it
/// as written), and matching stays linear for any query — long queries over long, repetitive
/// names give exactly what a plain reference search gives. The reference works on lowercase
/// ASCII in English, where each letter is one primary weight and spaces are ignored, and a
/// word begins after a space (UTS #10 primary strength; CLDR root has no contractions for a–z).
@Suite("Search queries: symbols and long queries")
struct SearchQueryTests {
    static let names = ["C++ Club", "x+y", "Anna.B", "#hash", "Bob & Co", "Zoë", "R&D", "5 * 3", "Smith, J.", "£ Pound"]

    @Test("A query of only symbols matches the names that contain it, in both modes", arguments: [
        ("+", ["C++ Club", "x+y"]), ("++", ["C++ Club"]), ("#", ["#hash"]), (".", ["Anna.B", "Smith, J."]),
        ("&", ["Bob & Co", "R&D"]), ("*", ["5 * 3"]), ("£", ["£ Pound"]), ("& +", []), (", .", ["Smith, J."]),
        ("+ club", ["C++ Club"]), ("@", []),
    ])
    func symbols(query: String, expected: [String]) throws {
        let matcher = try NameMatcher(locale: "en")
        let list = matcher.prepare(names: Self.names)
        for mode in [NameMatcher.Mode.prefix, .substring] {
            let found = list.search(query, mode: mode).map(\.element)
            #expect(Set(found) == Set(expected), "\(query) (\(mode)): \(found)")
            for name in Self.names {
                #expect(matcher.matches(name: name, query: query, mode: mode) == expected.contains(name), "\(name) \(query) \(mode)")
            }
        }
    }

    @Test("A symbol word matches the reading too")
    func symbolInReading() throws {
        let list = try NameMatcher(locale: "ja").prepare(names: ["田中", "鈴木"], readings: ["た+なか", "すずき"])
        #expect(list.search("+").map(\.element) == ["田中"])
    }

    /// Names made of few letters repeated, where a quadratic search would spend its time.
    static let repetitive: [String] = {
        var generator = SystemRandomNumberGenerator()
        var names: [String] = []
        for length in [40, 300, 3000] {
            names.append(String((0..<length).map { _ in "ab".randomElement(using: &generator)! }))
            names.append(String(repeating: "ab ", count: length / 3))
            names.append(String(repeating: "a", count: length))
            names.append(String(repeating: "aab", count: length / 3) + "c")
        }
        return names
    }()

    /// The reference: spaces removed, the query a substring anywhere, or from a word start.
    static func reference(name: String, query: String, mode: NameMatcher.Mode) -> Bool {
        let letters = Array(name.filter { $0 != " " }.utf8)
        let wanted = Array(query.filter { $0 != " " }.utf8)
        var wordStarts: [Int] = []
        var offset = 0, previousWasSpace = true
        for character in name.utf8 {
            if character == 0x20 { previousWasSpace = true; continue }
            if previousWasSpace { wordStarts.append(offset) }
            previousWasSpace = false
            offset += 1
        }
        func occurs(at start: Int, in letters: [UInt8]) -> Bool {
            start + wanted.count <= letters.count && Array(letters[start..<(start + wanted.count)]) == wanted
        }
        // A name of several words is found by its initials too, each beginning a word
        // (issue 15, item 2).
        let initials = wordStarts.count > 1 ? wordStarts.map { letters[$0] } : []
        switch mode {
        case .prefix, .t9:
            return wordStarts.contains { occurs(at: $0, in: letters) } || initials.indices.contains { occurs(at: $0, in: initials) }
        case .substring:
            return letters.indices.contains { occurs(at: $0, in: letters) } || initials.indices.contains { occurs(at: $0, in: initials) }
        }
    }

    @Test("Long queries over long repetitive names match exactly as the reference does")
    func longQueries() throws {
        let matcher = try NameMatcher(locale: "en")
        let list = matcher.prepare(names: Self.repetitive)
        var queries = ["ab", "abab", "aaaaaaaaaa", "aab", "aabc"]
        for length in [9, 33, 100, 1000, 2999, 3000] {
            queries.append(String(String(repeating: "ab", count: length).prefix(length)))
            queries.append(String(String(repeating: "aab", count: length).prefix(length - 1)) + "c")
            queries.append(String(repeating: "a", count: length))
        }
        queries.append(String(Self.repetitive[8].prefix(2500).dropFirst(200)))
        for query in queries {
            for mode in [NameMatcher.Mode.prefix, .substring] {
                let expected = Self.repetitive.filter { Self.reference(name: $0, query: query, mode: mode) }
                let found = list.search(query, mode: mode).map(\.element)
                #expect(Set(found) == Set(expected), "query of \(query.count) (\(mode)): \(found.map(\.count)) vs \(expected.map(\.count))")
                for name in Self.repetitive.prefix(8) {
                    #expect(matcher.matches(name: name, query: query, mode: mode) == expected.contains(name), "\(mode) \(query.count)")
                }
            }
        }
    }

    /// Names of few syllables, so that many words share their first weights: above
    /// ParallelWork's threshold, a list is prepared in parts whose sorted words are merged.
    static let manyNames: [String] = (0..<10_000).map { i in
        let syllables = ["ka", "na", "ri", "mo", "su", "a"]
        func word(_ n: Int, _ length: Int) -> String {
            (0..<length).map { syllables[(n >> (3 * $0)) % syllables.count] }.joined()
        }
        return word(i, 3) + " " + word(i / 7, 2) + (i % 3 == 0 ? " " + word(i / 11, 4) : "")
    }

    @Test("A list prepared in parts on every core finds exactly what the reference finds")
    func listPreparedInParts() throws {
        let list = try NameMatcher(locale: "en").prepare(names: Self.manyNames)
        for query in ["ka", "kana", "rimo", "a", "suka", "mosuka", "karika", "nanana", "kn", "z"] {
            for mode in [NameMatcher.Mode.prefix, .substring] {
                let expected = Set(Self.manyNames.indices.filter { Self.reference(name: Self.manyNames[$0], query: query, mode: mode) })
                let found = list.positions(matching: query, mode: mode)
                #expect(Set(found) == expected, "\(query) (\(mode)): \(found.count) found, \(expected.count) expected")
                #expect(found.count == expected.count, "each match once")
            }
        }
    }

    @Test("A query longer than the longest name matches nothing")
    func longerThanEveryName() throws {
        let list = try NameMatcher(locale: "en").prepare(names: Self.repetitive)
        let longest = Self.repetitive.map(\.count).max()!
        let query = String(repeating: "a", count: longest + 1)
        #expect(list.search(query, mode: .substring).isEmpty)
        #expect(list.search(query).isEmpty)
    }

    @Test("The pattern search finds every occurrence, overlapping ones included")
    func patternSearch() {
        let text = Array("aaaabaaab".utf8)
        var starts: [Int] = []
        text.withUnsafeBufferPointer { buffer in
            PatternSearch(Array("aa".utf8)).forEachOccurrence(in: buffer) { starts.append($0); return nil }
        }
        #expect(starts == [0, 1, 2, 5, 6])
        var skipping: [Int] = []
        text.withUnsafeBufferPointer { buffer in
            PatternSearch(Array("aa".utf8)).forEachOccurrence(in: buffer) { skipping.append($0); return $0 + 4 }
        }
        #expect(skipping == [0, 5])
    }
}
