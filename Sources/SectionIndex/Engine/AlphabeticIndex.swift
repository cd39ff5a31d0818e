import Collation

/// An index exactly like ICU's `AlphabeticIndex`, built in Swift from ICU's collator and CLDR
/// data: the same labels, the same underflow, inflow and overflow buckets, the same bucket for
/// every string, and the same order inside a bucket.
///
/// ```swift
/// let index = try AlphabeticIndex(locale: "sv")
/// index.labels                     // ["…", "A", "B", …, "Z", "Å", "Ä", "Ö", "…"]
/// index.label(for: "Östen")        // "Ö"
/// index.label(for: "Üller")        // "Y": Swedish files Ü with Y
///
/// let czech = try AlphabeticIndex(locale: "cs", additionalLocales: ["ru"])
/// czech.label(for: "Chrudim")      // "CH"
/// czech.label(for: "Иван")         // "И"
/// ```
///
/// The index is immutable and `Sendable`; one instance answers any number of threads.
public struct AlphabeticIndex: Sendable {
    /// What a bucket is for.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "sv")
    /// index.buckets.first?.kind   // .underflow: "…", what sorts before "A"
    /// index.buckets.last?.kind    // .overflow: "…", what comes after the last script
    /// ```
    public enum BucketKind: Int, Sendable, Hashable, Codable {
        /// An ordinary label.
        case normal = 0
        /// Everything that sorts before the first label.
        case underflow = 1
        /// Everything between two scripts whose labels are not adjacent.
        case inflow = 2
        /// Everything after the last label's script.
        case overflow = 3
    }

    /// A visible bucket of the index.
    ///
    /// ```swift
    /// try AlphabeticIndex(locale: "sv").buckets[1]   // Bucket(label: "A", kind: .normal)
    /// ```
    public struct Bucket: Hashable, Sendable, Codable {
        public var label: String
        public var kind: BucketKind
    }

    /// How to build the index; the defaults are ICU's.
    ///
    /// ```swift
    /// let short = try AlphabeticIndex(.init(locale: "sv", overflowLabel: "#", maximumLabelCount: 10))
    /// short.labels   // about ten labels, evenly thinned, then "#"
    /// ```
    public struct Configuration: Hashable, Sendable {
        public var locale: String
        /// Locales whose index characters are added (ICU's `addLabels(locale)`).
        public var additionalLocales: [String] = []
        /// Labels added to the locale's, as ICU's `addLabels(UnicodeSet)` adds a set: a label
        /// of several characters is kept only when it sorts apart from its characters
        /// separated (a contraction such as Czech CH), or when written with one trailing `*`
        /// (`Sch*`), which is not shown.
        ///
        /// ```swift
        /// let phoneBook = try AlphabeticIndex(.init(locale: "de", additionalLabels: ["Sch*", "St*"]))
        /// phoneBook.label(for: "Schulz")   // "Sch"
        /// phoneBook.label(for: "Stein")    // "St"
        /// phoneBook.label(for: "Seidel")   // "S"
        /// ```
        public var additionalLabels: [String] = []
        public var underflowLabel = "…"
        public var inflowLabel = "…"
        public var overflowLabel = "…"
        /// At most this many labels plus one are kept, evenly thinned (ICU's default: 99).
        public var maximumLabelCount = 99

        /// A caller's own labels as ``additionalLabels``: each label of several characters
        /// marked with a trailing `*`, so that it is kept as written (`Sch`, `St`), as a
        /// caller who names a label wants it.
        ///
        /// ```swift
        /// AlphabeticIndex.Configuration.customLabels(["A", "Sch", "St"])   // ["A", "Sch*", "St*"]
        /// ```
        public static func customLabels(_ labels: [String]) -> [String] {
            labels.map { $0.unicodeScalars.count > 1 && !$0.hasSuffix("*") ? $0 + "*" : $0 }
        }

        public init(locale: String, additionalLocales: [String] = [], additionalLabels: [String] = [],
                    underflowLabel: String = "…", inflowLabel: String = "…", overflowLabel: String = "…",
                    maximumLabelCount: Int = 99) {
            self.locale = locale
            self.additionalLocales = additionalLocales
            self.additionalLabels = additionalLabels
            self.underflowLabel = underflowLabel
            self.inflowLabel = inflowLabel
            self.overflowLabel = overflowLabel
            self.maximumLabelCount = maximumLabelCount
        }
    }

    /// The configuration the index was built from.
    public let configuration: Configuration
    /// The visible buckets, in index order.
    public let buckets: [Bucket]
    /// The collator the index orders with: the locale's collation exactly as ICU opens it.
    public let collator: Collator

    /// The strings those keys were made from ("", labels, script boundaries, "Sch\u{FFFF}").
    let lowerBoundStrings: [String]
    /// For each bucket, visible or hidden, the visible bucket it shows as (ICU follows one
    /// redirect; -1 would mean ICU's own dangling redirect, which does not occur in its data).
    let displayIndices: [Int]
    /// Every bucket, visible or hidden, by its primary-strength lower bound, with
    /// ``displayIndices``, laid out for the search each name makes.
    let bounds: PrimaryBounds

    /// The locale whose collation rules apply, as a BCP 47 tag (see
    /// `Collator.resolvedLocale`): "sv" for "sv-SE", "und" for root.
    ///
    /// ```swift
    /// try AlphabeticIndex(locale: "de_DE@euro").resolvedLocale   // "de-DE"
    /// ```
    public var resolvedLocale: String { collator.resolvedLocale }
    /// True when ICU has no data for the locale's language and serves it from root.
    ///
    /// ```swift
    /// try AlphabeticIndex(locale: "xx").usesRootFallback   // true
    /// ```
    public var usesRootFallback: Bool { collator.usesRootFallback }

    /// The bucket labels, in order, including underflow, inflow and overflow.
    public var labels: [String] { buckets.map(\.label) }

    /// Builds the index.
    ///
    /// - Throws: ``IndexError`` for an ill-formed locale, a maximum label count below 1, or an
    ///   ICU failure.
    public init(locale: String, additionalLocales: [String] = []) throws(IndexError) {
        try self.init(Configuration(locale: locale, additionalLocales: additionalLocales))
    }

    public init(_ configuration: Configuration) throws(IndexError) {
        try self.init(configuration, collator: nil)
    }

    /// The index with `collator` in place of the locale's own (contacts style's collation where
    /// ICU's data falls short, ``ContactsCollation``); the locale's index characters still apply.
    init(_ configuration: Configuration, collator given: Collator?) throws(IndexError) {
        guard configuration.maximumLabelCount > 0 else {
            throw .invalidMaximumLabelCount(configuration.maximumLabelCount)
        }
        let collator: Collator
        var additional: [LocaleIdentifier] = []
        do {
            if let given { collator = given } else { collator = try Collator(locale: configuration.locale, options: .localeDefaults) }
            for other in configuration.additionalLocales {
                // Only their letters are used, as ICU's addLabels does, but a keyword ICU
                // refuses is refused here as everywhere else.
                let id = try LocaleIdentifier(other)
                try id.checkCollation(strict: false)
                additional.append(id)
            }
        } catch {
            throw .collation(error)
        }
        self.configuration = configuration
        self.collator = collator
        do {
            let built = try BucketListBuilder(collator: collator, additional: additional,
                                              configuration: configuration).build()
            buckets = built.visible
            lowerBoundStrings = built.lowerBoundStrings
            displayIndices = built.displayIndices
            bounds = PrimaryBounds(keys: built.lowerBounds, displayIndices: built.displayIndices)
        } catch {
            throw .collation(.icu(error))
        }
        let normal = buckets.filter { $0.kind == .normal }.map(\.label)
        try IndexError.checkSpecialLabel(configuration.underflowLabel, kind: .underflow, labels: normal)
        try IndexError.checkSpecialLabel(configuration.inflowLabel, kind: .inflow, labels: normal)
        try IndexError.checkSpecialLabel(configuration.overflowLabel, kind: .overflow, labels: normal)
    }

    /// The visible bucket a string belongs to, by ICU's rule: the last bucket whose lower
    /// bound sorts at or before the string at primary strength, following a redirect.
    ///
    /// - Complexity: one sort key and O(log *b*) byte comparisons for *b* buckets.
    public func bucketIndex(for string: String) -> Int {
        bucketIndex(forPrimaryKey: collator.primaryHandle.sortKey(string))
    }

    /// The label of the bucket a string belongs to.
    public func label(for string: String) -> String {
        buckets[bucketIndex(for: string)].label
    }

    /// ICU's binary search, with the same midpoints, over primary keys.
    func bucketIndex(forPrimaryKey key: [UInt8]) -> Int {
        key.withUnsafeBufferPointer { bucketIndex(forPrimaryKey: $0) }
    }

    func bucketIndex(forPrimaryKey key: UnsafeBufferPointer<UInt8>) -> Int {
        bounds.bucketIndex(forPrimaryKey: key)
    }
}

/// Why an index could not be built.
///
/// ```swift
/// do {
///     _ = try ContactsIndex(locale: "en US")
/// } catch {
///     print(error)   // ill-formed locale 'en US': only ASCII letters, digits, … may appear
/// }
/// ```
public enum IndexError: Error, Hashable, Sendable, CustomStringConvertible {
    case collation(CollationError)
    case invalidMaximumLabelCount(Int)
    /// The text of an overflow, underflow or inflow section cannot serve: it is empty, holds
    /// a tab or a line break (one line per entry in tab-separated output), or equals one of
    /// the index's labels (two sections would share a name).
    case invalidSpecialLabel(String, kind: SectionKind, reason: String)

    public var description: String {
        switch self {
        case let .collation(error): error.description
        case let .invalidMaximumLabelCount(count): "the maximum label count must be at least 1, not \(count)"
        case let .invalidSpecialLabel(text, kind, reason):
            "the \(kind.rawValue) label '\(text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined())' \(reason)"
        }
    }

    /// Checks the text of an overflow, underflow or inflow section against the index's labels.
    static func checkSpecialLabel(_ text: String, kind: SectionKind, labels: some Sequence<String>) throws(IndexError) {
        if text.isEmpty { throw .invalidSpecialLabel(text, kind: kind, reason: "is empty") }
        if text.unicodeScalars.contains(where: { [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }) {
            throw .invalidSpecialLabel(text, kind: kind, reason: "holds a tab or a line break")
        }
        if labels.contains(text) {
            throw .invalidSpecialLabel(text, kind: kind, reason: "is also a label of the index; choose another text")
        }
    }
}
