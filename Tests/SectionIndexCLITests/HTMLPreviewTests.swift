import Foundation
import Testing
import SectionIndex
@testable import SectionIndexCLI

/// `section-index group --format html` (issue 10): the page itself, then the page in a real
/// headless Chromium (Debian's `chromium` package), which must jump to a section when an
/// index label is clicked.
@Suite("HTML preview")
struct HTMLPreviewTests {
    static var sample: [(name: String, reading: String?)] { BuiltInSample.entries.map { ($0.name, $0.reading) } }

    /// Writes entries to a temporary file and renders the page for them.
    static func page(_ entries: [(name: String, reading: String?)], options: [String]) throws -> (html: String, directory: URL) {
        let directory = try ExternalTool.temporaryDirectory()
        let input = directory.appendingPathComponent("names.txt")
        try ExternalTool.writeEntries(entries, to: input)
        let run = ExternalTool.sectionIndex(["group", "--format", "html"] + options + [input.path])
        #expect(run.status == 0, "section-index failed: \(run.errors)")
        return (run.output, directory)
    }

    @Test("Names, readings and labels are escaped; the page fetches nothing")
    func escaping() throws {
        let (html, directory) = try Self.page([("<script>alert('x')</script>", nil), ("Tom & \"Jerry\"", "<b>"), ("Anna", nil)],
                                              options: ["--locale", "en"])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("Tom &amp; &quot;Jerry&quot;"))
        #expect(html.contains("&lt;b&gt;"))
        #expect(!html.contains("<script>alert"))
        #expect(html.components(separatedBy: "<script>").count == 2, "one script element: the page's own")
        for remote in ["http:", "https:", "src=", "@import", "url("] {
            #expect(!html.contains(remote), "the page must be self-contained: found \(remote)")
        }
        #expect(HTMLPreview.escaped("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test("The page's direction follows the locale's script", arguments: [
        ("ar", "rtl"), ("he", "rtl"), ("fa", "rtl"), ("ur", "rtl"), ("he-IL", "rtl"), ("pa-Arab", "rtl"),
        ("en", "ltr"), ("sv", "ltr"), ("ja", "ltr"), ("zh-Hant", "ltr"), ("az-Latn", "ltr"), ("ks-Deva", "ltr"),
        ("ks", "rtl"), ("az-Arab-IR", "rtl"), ("ar-u-co-compat", "rtl"),
    ])
    func direction(tag: String, direction: String) {
        #expect(HTMLPreview.direction(forLocaleTag: tag) == direction, "locale \(tag)")
    }

    @Test("With --full every label is in the index; empty ones are dimmed and lead to the next section with names")
    func fullIndex() throws {
        let names = [("Anna", String?.none), ("Dora", nil), ("Zoë", nil), ("42", nil)]
        let (html, directory) = try Self.page(names, options: ["--locale", "en", "--full"])
        defer { try? FileManager.default.removeItem(at: directory) }
        // Sections of the page: A (s-0), D (s-3), Z (s-25), # (s-26); B and C lead to D, … to Z.
        // English's own letters are kept whole when the index folds (data-keep).
        #expect(html.contains(##"<a href="#s-0" data-label="A" data-target="s-0" data-keep>A</a>"##))
        #expect(html.contains(##"<a href="#s-3" data-label="B" data-target="s-3" class="empty" title="no names" data-keep>B</a>"##))
        #expect(html.contains(##"<a href="#s-25" data-label="Y" data-target="s-25" class="empty" title="no names" data-keep>Y</a>"##))
        #expect(html.contains(##"<a href="#s-26" data-label="#" data-target="s-26">#</a>"##))
        #expect(html.components(separatedBy: "data-label=").count - 1 == 27)
        #expect(html.components(separatedBy: "<section ").count - 1 == 4, "empty sections are not in the list")

        let (plain, plainDirectory) = try Self.page(names, options: ["--locale", "en"])
        defer { try? FileManager.default.removeItem(at: plainDirectory) }
        #expect(plain.components(separatedBy: "data-label=").count - 1 == 4, "without --full only the labels shown")
        #expect(!plain.contains("class=\"empty\""))
    }

    @Test("An empty label at the end leads back to the last section with names")
    func trailingEmptyLabel() {
        let entry = InputEntry(name: "Anna", reading: nil, line: 1)
        let sections = [Section(label: "A", kind: .letter, items: [entry]), Section(label: "B", kind: .letter, items: []),
                        Section(label: "#", kind: .overflow, items: [InputEntry]())]
        let index = HTMLPreview.indexLabels(sections: sections, labels: ["A", "B", "#"], full: true)
        #expect(index.map(\.target) == [0, 0, 0])
        #expect(index.map(\.isEmpty) == [false, true, true])
    }

    // MARK: In a real browser

    static let chromium = ExternalTool.path(of: "chromium")

    /// A phone's window and a desktop browser's.
    static let phone = (width: 400, height: 800), desktop = (width: 1280, height: 800)

    /// Chromium, headless, on a page, scrollbars shown; returns its standard output.
    static func browse(_ page: URL, fragment: String? = nil, size: (width: Int, height: Int) = phone,
                       arguments: [String]) throws -> ExternalTool.Run {
        let profile = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: profile) }
        var address = page.absoluteString
        if let fragment { address += "#" + fragment }
        return try ExternalTool.run(chromium!, ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                                                "--user-data-dir=" + profile.path,
                                                "--window-size=\(size.width),\(size.height)"] + arguments + [address], timeout: 90)
    }

    /// What the page's self-test found after clicking `label`.
    static func selfTest(_ page: URL, label: String, size: (width: Int, height: Int) = phone) throws -> [String: Any] {
        let encoded = label.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return try pageResult(page, fragment: "selftest=" + encoded, size: size)
    }

    /// What the page wrote into `<pre id="result">` for a self-test fragment.
    static func pageResult(_ page: URL, fragment: String, size: (width: Int, height: Int) = phone) throws -> [String: Any] {
        let run = try browse(page, fragment: fragment, size: size, arguments: ["--virtual-time-budget=3000", "--dump-dom"])
        let dom = run.text
        guard let start = dom.range(of: #"<pre id="result""#), let open = dom[start.upperBound...].firstIndex(of: ">"),
              let end = dom.range(of: "</pre>", range: open..<dom.endIndex) else {
            throw ExternalTool.Failure(description: "no self-test result in the DOM Chromium dumped (status \(run.status)): \(run.errors.suffix(2000))")
        }
        let text = String(dom[dom.index(after: open)..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any], "self-test result: \(text)")
    }

    /// Where the screenshots go: `.build/artifacts` in the package, kept for review.
    static let artifacts = ExternalTool.packageRoot.appendingPathComponent(".build/artifacts")

    /// The label whose section a click on `label` must bring to the top: its own, or for an
    /// empty one the next section with names (the last one with names when none follows).
    static func expectedHeader(for label: String, in sections: [Section<InputEntry>]) -> String? {
        guard let position = sections.firstIndex(where: { $0.label == label }) else { return nil }
        return (sections[position...].first { !$0.items.isEmpty } ?? sections[..<position].last { !$0.items.isEmpty })?.label
    }

    @Test("A click on an index label brings its section's header to the top of the list",
          .enabled(if: chromium != nil, "chromium is not installed (bash .ci/install-dependencies installs it)"),
          arguments: [
              // Many scripts: the index is folded, most labels hidden behind dots.
              ("sv", false, ["Å", "Ö", "#", "И", "B"]),
              ("ja", false, ["さ", "わ", "M"]),
              ("he", false, ["ש", "ד", "#"]),
              // Latin names only: every label visible.
              ("sv", true, ["Å", "K", "#"]),
          ])
    func jump(locale: String, latinOnly: Bool, labels: [String]) throws {
        let entries = latinOnly
            ? Self.sample.filter { $0.name.unicodeScalars.first.map { (0x41...0x24F).contains($0.value) } ?? false } + [("112", nil)]
            : Self.sample + ExternalTool.corpusSample(every: 200).filter { $0.name.unicodeScalars.first.map { $0.properties.generalCategory != .control } ?? false }
        let (html, directory) = try Self.page(entries, options: ["--locale", locale, "--full"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)

        let index = try IndexSettings(locale: locale).makeIndex()
        let inputEntries = entries.enumerated().map { InputEntry(name: $1.name, reading: $1.reading, line: $0 + 1) }
        // The page's sections: every label, save letters of other languages no name is under.
        let sections = HTMLPreview.sideIndexSections(index.sections(of: inputEntries, name: \.name, reading: \.reading, full: true),
                                                     labels: index.labels(forNames: inputEntries.map(\.name),
                                                                          readings: inputEntries.map(\.reading)))
        // An empty label too, if there is one with names after it: the jump iOS makes.
        let dimmed = sections.indices.first { i in sections[i].items.isEmpty && sections[(i + 1)...].contains { !$0.items.isEmpty } && i > 0 }
        let rtl = HTMLPreview.direction(forLocaleTag: locale) == "rtl"
        for label in labels + (dimmed.map { [sections[$0].label] } ?? []) {
            let expected = try #require(Self.expectedHeader(for: label, in: sections), "locale \(locale): no section \(label)")
            let result = try Self.selfTest(file, label: label)
            #expect(result["target"] as? String == expected, "locale \(locale): clicked \(label): \(result)")
            #expect(result["ok"] as? Bool == true, "locale \(locale): clicked \(label): \(result)")
            if result["atEnd"] as? Bool == true {
                // Too near the end to reach the top: scrolled to the end, the header in view.
                #expect((result["targetOffset"] as? Double).map { $0 >= 0 && $0 < 700 } == true, "locale \(locale): \(result)")
            } else {
                #expect(result["header"] as? String == expected, "locale \(locale): clicked \(label), on top: \(result)")
                #expect((result["sectionOffset"] as? Double).map { abs($0) < 1 } == true, "locale \(locale): \(result)")
            }
            #expect(result["scrollBefore"] as? Double == 0 && (result["scrollAfter"] as? Double ?? 0) > 0,
                    "locale \(locale): the list must have scrolled: \(result)")
            #expect(result["direction"] as? String == (rtl ? "rtl" : "ltr"), "locale \(locale)")
            #expect(result["indexSide"] as? String == (rtl ? "left" : "right"), "locale \(locale): the index sits on the trailing edge")
            if latinOnly {
                #expect(result["folded"] as? Bool == false, "locale \(locale): \(label) must be visible in a short index")
            }
            if let dimmed, label == sections[dimmed].label {
                #expect(result["dimmed"] as? Bool == true, "locale \(locale): \(label) is empty and must be dimmed")
            }
        }
    }

    @Test("A label the page does not have fails the self-test", .enabled(if: chromium != nil, "chromium is not installed"))
    func selfTestCanFail() throws {
        // Long enough to scroll: 40 names under each of A, B and C.
        let names = ["A", "B", "C"].flatMap { letter in (1...40).map { (name: "\(letter)name \($0)", reading: String?.none) } }
        let (html, directory) = try Self.page(names, options: ["--locale", "en"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)
        let result = try Self.selfTest(file, label: "Q")
        #expect(result["ok"] as? Bool == false)
        // A page whose index does not scroll: the self-test sees the first section still on top.
        let broken = directory.appendingPathComponent("broken.html")
        try Data(html.replacingOccurrences(of: "list.scrollTop += section.getBoundingClientRect().top - list.getBoundingClientRect().top;", with: ";").utf8).write(to: broken)
        #expect(html.contains("list.scrollTop += section.getBoundingClientRect().top - list.getBoundingClientRect().top;"))
        let stuck = try Self.selfTest(broken, label: "B")
        #expect(stuck["ok"] as? Bool == false && stuck["header"] as? String == "A", "\(stuck)")
        let working = try Self.selfTest(file, label: "B")
        #expect(working["ok"] as? Bool == true && working["header"] as? String == "B", "\(working)")
    }

    /// Names for the search field, several of issue 15's examples among them.
    static let searchNames: [(name: String, reading: String?)] = [
        ("Åsa", nil), ("Asa", nil), ("Asta", nil), ("Ola Åberg", nil), ("Nguyễn Văn An", nil), ("Łukasz", nil), ("Lukas", nil),
        ("John Smith", nil), ("John Paul Jones", nil), ("Chalupa", nil), ("Jürgen Groß", nil), ("王小明", nil), ("张小伟", nil),
        ("张伟", nil), ("张长春", nil), ("吕布", nil), ("박지성", nil), ("김민수", nil), ("Юрий Гагарин", nil), ("Александр", nil),
        ("⭐Anna", nil), ("🏠Home", nil), ("AT&T", nil), ("田中 一郎", "たなか いちろう"), ("真司", "しんじ"), ("Anna", nil),
        ("사과", nil), ("삭제", nil), ("닭고기", nil),
    ]

    @Test("Typing into the search field shows exactly the rows section-index search prints, and hides the index",
          .enabled(if: chromium != nil, "chromium is not installed"),
          arguments: [
              ("sv", ["åsa", "asa", "a", "anna", "ola å", "gross"], ["åsa", "anna"]),
              ("en", ["js", "jpj", "john s", "lukasz", "nguyen", "&", "home", "zz"], ["john s", "&"]),
              ("zh", ["zw", "zxw", "xm", "changchun", "lv", "zhangw", "张"], ["zw", "zhangw", "张"]),
              ("ja", ["tana", "タナ", "shinji", "ichiro", "た"], ["tana", "タナ"]),
              // 삭 is 사 with ㄱ typed on the way to 사과 (and 삭 itself, as in 삭제).
              ("ko", ["ㄱㅁ", "ㅈㅅ", "minsu", "박", "삭", "닭고"], ["ㄱㅁ", "minsu", "삭"]),
              ("ru", ["yuri", "iurii", "aleksandr", "gag"], ["aleksandr", "gag"]),
              ("cs", ["c", "ch", "cha"], ["c", "ch"]),
          ])
    func searchField(locale: String, queries: [String], mustFind: [String]) throws {
        let (html, directory) = try Self.page(Self.searchNames + Self.sample, options: ["--locale", locale])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)
        let input = directory.appendingPathComponent("names.txt")
        let encoded = queries.joined(separator: "\n").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let result = try Self.pageResult(file, fragment: "search=" + encoded)
        let searches = try #require(result["searches"] as? [[String: Any]], "\(result)")
        #expect(searches.count == queries.count)
        for (query, search) in zip(queries, searches) {
            let command = ExternalTool.sectionIndex(["search", "--locale", locale, query, input.path])
            #expect(command.status == 0, "\(command.errors)")
            let expected = command.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(search["query"] as? String == query)
            #expect(search["rows"] as? [String] == expected, "locale \(locale), \"\(query)\": the page's rows and section-index search's")
            if mustFind.contains(query) {
                #expect(!expected.isEmpty, "locale \(locale), \"\(query)\" finds names")
            }
            #expect(search["indexHidden"] as? Bool == true, "locale \(locale), \"\(query)\": the side index is hidden while a query is shown")
        }
        let cleared = try #require(result["cleared"] as? [String: Any])
        #expect((cleared["rows"] as? [String])?.count == Self.searchNames.count + Self.sample.count, "an empty field shows every row")
        #expect(cleared["indexHidden"] as? Bool == false, "and the index again")
    }

    /// Writes the page for the built-in sample in `locale` with `--full` (hundreds of labels).
    static func fullSamplePage(locale: String) throws -> (file: URL, directory: URL, labelCount: Int) {
        let (html, directory) = try page(sample, options: ["--locale", locale, "--full"])
        let file = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)
        return (file, directory, html.components(separatedBy: "data-label=").count - 1)
    }

    /// The letters of each locale's own group, from CLDR's index characters (the fixtures
    /// Fixtures/sv.fixture and Fixtures/ja.fixture list them too).
    static let ownLetters: [String: [String]] = [
        "sv": "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Å Ä Ö".split(separator: " ").map(String.init),
        "ja": "あ か さ た な は ま や ら わ".split(separator: " ").map(String.init),
    ]

    @Test("A folded index keeps the locale's own letters whole and folds the other scripts, on a phone and a desktop",
          .enabled(if: chromium != nil, "chromium is not installed"),
          arguments: [("sv", false), ("sv", true), ("ja", false)])
    func foldOtherScriptsFirst(locale: String, desktop: Bool) throws {
        let (file, directory, labelCount) = try Self.fullSamplePage(locale: locale)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(labelCount > 300, "the sample brings in many scripts: \(labelCount) labels")
        let letters = try #require(Self.ownLetters[locale])
        let result = try Self.selfTest(file, label: letters[1], size: desktop ? Self.desktop : Self.phone)
        let visible = try #require(result["visible"] as? [String], "\(result)")
        for letter in letters {
            #expect(visible.contains(letter), "locale \(locale): \(letter) must stay visible: \(visible)")
        }
        #expect(visible.last == "#", "the last label stays")
        #expect(visible.count > letters.count + 1, "other scripts keep some labels in the slots left: \(visible)")
        #expect(visible.count < labelCount, "the rest is folded")
        let slots = try #require(result["slots"] as? Int), fit = try #require(result["fit"] as? Int)
        #expect(slots <= fit, "the folded index fits: \(slots) slots for \(fit)")
        #expect(result["ok"] as? Bool == true, "a visible label still jumps: \(result)")
    }

    @Test("A window too short even for the locale's letters spreads every label evenly",
          .enabled(if: chromium != nil, "chromium is not installed"))
    func foldWhenNothingFits() throws {
        let (file, directory, _) = try Self.fullSamplePage(locale: "sv")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.selfTest(file, label: "A", size: (width: 400, height: 360))
        let visible = try #require(result["visible"] as? [String], "\(result)")
        let slots = try #require(result["slots"] as? Int), fit = try #require(result["fit"] as? Int)
        #expect(fit < 30, "too short for A–Ö and #: \(fit) slots")
        #expect(slots <= fit && visible.first == "A" && visible.last == "#", "\(result)")
    }

    @Test("The list's scrollbar runs beside the index, not under it", .enabled(if: chromium != nil, "chromium is not installed"),
          arguments: ["sv", "he"])
    func scrollbarBesideIndex(locale: String) throws {
        let (file, directory, _) = try Self.fullSamplePage(locale: locale)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.selfTest(file, label: "#")
        let listLeft = try #require(result["listLeft"] as? Double), listRight = try #require(result["listRight"] as? Double)
        let indexLeft = try #require(result["indexLeft"] as? Double), indexRight = try #require(result["indexRight"] as? Double)
        #expect((result["scrollbarWidth"] as? Int ?? 0) > 0 || (result["scrollbarWidth"] as? Double ?? 0) > 0,
                "the list shows a scrollbar here: \(result)")
        if HTMLPreview.direction(forLocaleTag: locale) == "rtl" {
            #expect(listLeft >= indexRight - 0.5, "locale \(locale): the index is left of the list and its scrollbar: \(result)")
        } else {
            #expect(listRight <= indexLeft + 0.5, "locale \(locale): the list and its scrollbar end where the index begins: \(result)")
        }
    }

    /// The screenshots: the built-in sample at a phone's size and a desktop's (its index
    /// folded, Swedish letters whole), its end with the emoji names, its Latin names after a
    /// click on Å (full index, empty labels dimmed), and Hebrew names with a few Latin ones,
    /// mirrored.
    static let screenshots: [(locale: String, names: String, fragment: String?, file: String)] = [
        ("sv", "all", nil, "html-preview.png"),
        ("sv", "all", nil, "html-preview-desktop.png"),
        ("sv", "all", "selftest=%23", "html-preview-emoji.png"),
        ("sv", "latin", "selftest=%C3%85", "html-preview-jump.png"),
        ("he", "hebrew", nil, "html-preview-rtl.png"),
    ]

    @Test("Screenshots for review in .build/artifacts", .enabled(if: chromium != nil, "chromium is not installed"),
          arguments: screenshots)
    func screenshot(locale: String, names: String, fragment: String?, fileName: String) throws {
        let size = fileName.contains("desktop") ? Self.desktop : Self.phone
        func firstScalar(_ name: String, in range: ClosedRange<UInt32>) -> Bool {
            name.unicodeScalars.first.map { range.contains($0.value) } ?? false
        }
        let entries: [(name: String, reading: String?)] = switch names {
        case "latin": Self.sample.filter { firstScalar($0.name, in: 0x41...0x24F) } + [("112", nil)]
        case "hebrew": Self.sample.filter { firstScalar($0.name, in: 0x0590...0x05FF) } + [("David Cohen", nil), ("050-1234567", nil), ("Noa Levi", nil)]
        default: Self.sample
        }
        let (html, directory) = try Self.page(entries, options: ["--locale", locale, "--full"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let png = Self.artifacts.appendingPathComponent(fileName)
        try? FileManager.default.removeItem(at: png)
        let run = try Self.browse(file, fragment: fragment, size: size, arguments: ["--virtual-time-budget=2000", "--screenshot=" + png.path])
        let bytes = try #require(try? Data(contentsOf: png), "no screenshot (status \(run.status)): \(run.errors.suffix(1000))")
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG file")
        // IHDR: width and height, big-endian, at bytes 16–23.
        let pixels = bytes.count >= 24 ? (bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }) : (0, 0)
        #expect(pixels == (size.width, size.height), "screenshot size \(pixels)")
        print("HTML preview screenshot (\(locale), \(names)): \(png.path)")
    }
}
