/// A fixture file: the settings of an index and what it must do, line by line.
///
/// ```
/// # Swedish: Å, Ä and Ö are letters of their own after Z (CLDR sv index characters).
/// locale: sv
/// labels: A B C D E F G H I J K L M N O P Q R S T U V W X Y Z Å Ä Ö #
///
/// Åsa Nilsson -> Å
/// 田中 | たなか -> た
/// \u{200B}Zero -> Z
/// order: Zlatan < Åsa Nilsson < Ängel < 42 Street
/// ```
///
/// Parse with ``Fixture/init(text:path:)``, check with ``Fixture/check()``; the test suite
/// and `section-index check` run the same code.
///
/// ```swift
/// let fixture = Fixture(text: "locale: sv\nÅsa -> Å\n田中 | たなか -> た\norder: Anna < Åsa\n", path: "sv.fixture")
/// fixture.cases.map(\.label)    // ["Å", "た"]
/// fixture.check().passed        // 3
/// ```
public struct Fixture: Sendable {
    /// One entry: a name and its optional reading.
    ///
    /// ```swift
    /// Fixture(text: "locale: ja\n田中 | たなか -> た\n", path: "ja.fixture").cases[0].entry
    /// // Entry(name: "田中", reading: "たなか")
    /// ```
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var reading: String?
        public init(name: String, reading: String? = nil) {
            self.name = name
            self.reading = reading
        }
    }

    /// `NAME -> LABEL` or `NAME | READING -> LABEL`.
    ///
    /// ```swift
    /// let fixture = Fixture(text: "locale: sv\nÅsa -> Å\n", path: "sv.fixture")
    /// fixture.cases[0].label   // "Å"
    /// fixture.cases[0].line    // 2
    /// ```
    public struct Case: Hashable, Sendable {
        public var entry: Entry
        public var label: String
        public var line: Int
    }

    /// `order: A < B < C`.
    ///
    /// ```swift
    /// Fixture(text: "locale: sv\norder: Anna < Åsa\n", path: "sv.fixture").orders[0].entries.map(\.name)
    /// // ["Anna", "Åsa"]
    /// ```
    public struct Order: Hashable, Sendable {
        public var entries: [Entry]
        public var line: Int
    }

    /// A line that could not be read; it counts as a failure.
    ///
    /// ```swift
    /// Fixture(text: "locale: sv\nnonsense\n", path: "sv.fixture").problems[0].line   // 2
    /// ```
    public struct Problem: Hashable, Sendable {
        public var line: Int
        public var message: String

        /// A problem found before parsing, such as a line that is not UTF-8.
        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    public var path: String
    /// Header keys and values in file order (without `labels`).
    public var headers: [(key: String, value: String, line: Int)] = []
    /// The `labels:` line, if any.
    public var labels: (labels: [String], line: Int)?
    public var cases: [Case] = []
    public var orders: [Order] = []
    public var problems: [Problem] = []

    /// Every entry the file names, cases first, then order lines, each once.
    public var allEntries: [Entry] {
        var seen = Set<Entry>()
        return (cases.map(\.entry) + orders.flatMap(\.entries)).filter { seen.insert($0).inserted }
    }
}
