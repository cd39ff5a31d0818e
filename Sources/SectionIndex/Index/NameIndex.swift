import Collation

/// What both index styles do: ``ContactsIndex`` (contacts style) and ``AlphabeticIndex``
/// (exactly ICU's). Grouping, keys, search and the command line use an index only through
/// this protocol, so a capability is written once for both styles.
///
/// ```swift
/// struct Entry { var name: String; var reading: String? }
/// let entries = [Entry(name: "Östen", reading: nil), Entry(name: "Anna", reading: nil)]
/// let index: any NameIndex = try IndexSettings(locale: "sv", style: .icu).makeIndex()
/// index.sections(of: entries, name: \.name, reading: \.reading, full: false).map(\.label)   // ["A", "Ö"]
/// index.label(for: "Åsa", reading: nil)                                                   // "Å"
/// ```
public protocol NameIndex: Sendable {
    /// The collator that decides the order (the primary locale's).
    var collator: Collator { get }

    /// The label of the section a name goes to. ICU style ignores the reading (ICU has none).
    func label(for name: String, reading: String?) -> String

    /// Every label an index over these names shows with `full`, save letters of other
    /// languages that no name is under (contacts style, <doc:ContactsStyle> rule 6).
    func labels(forNames names: [String], readings: [String?]) -> [String]

    /// Every label an index over the names of any name source shows (the command line's input
    /// buffer): nothing is kept per name. With `full` every label of the groups the names bring
    /// in; without, letters of other languages only where a name is under them (contacts style).
    func labels<Source: NameSource>(of source: Source, full: Bool) -> [String]

    /// Every label an index over the names of all the parts together shows, as
    /// ``labels(of:full:)`` gives it for them as one source, each part walked once as the
    /// sequence gives it and not kept: a file read in parts needs no table of every line.
    ///
    /// ```swift
    /// let index: any NameIndex = try ContactsIndex(locale: "en")
    /// index.labels(ofParts: [latinNames, cyrillicNames]) == index.labels(of: allNames)   // true
    /// ```
    func labels<Parts: Sequence>(ofParts parts: Parts, full: Bool) -> [String] where Parts.Element: NameSource

    /// Groups elements into sections, every element exactly once, sections in index order.
    ///
    /// - Parameters:
    ///   - elements: any collection; its elements come back as they are.
    ///   - name: the display name of an element.
    ///   - reading: its reading (kana for a Japanese name in kanji), or nil; ICU style ignores it.
    ///   - full: also return the empty sections, so every label appears.
    func sections<C: Collection>(of elements: C, name: KeyPath<C.Element, String>,
                                 reading: KeyPath<C.Element, String?>?, full: Bool) -> [Section<C.Element>]

    /// One key per entry, in input order, whose plain byte order is the order of
    /// ``sections(of:name:reading:full:)``.
    func sortKeys(names: [String], readings: [String?]) -> [SortKey]

    /// The key of one entry, as ``sortKeys(names:readings:)`` computes it at position `tieBreak`.
    func sortKey(for name: String, reading: String?, tieBreak: UInt32) -> SortKey

    /// The keys of a part of a longer list, whose first entry is at position `firstTieBreak` of
    /// the whole, each with its section's label: the keys of the parts are the keys of the whole.
    func labeledSortKeys(names: [String], readings: [String?], firstTieBreak: UInt32) -> [(key: SortKey, label: String)]

    /// The grouped order of any name source, as positions into it: what the command line
    /// prints without a string per name, and what search orders its results by.
    func groupedOrder<Source: NameSource>(_ source: Source) -> GroupedOrder

    /// How Han names are placed; search romanises Han names unless they are placed by reading.
    var hanPolicy: ContactsIndex.HanPolicy { get }

    /// Whether Chinese surnames are read as surnames (search follows it too).
    var namePolicy: ContactsIndex.NamePolicy { get }
}

/// Which sections the full index shows: every one that holds an entry, and every empty one
/// that is a letter of the alphabets present rather than another language's letter
/// (<doc:ContactsStyle>, rule 6). The one rule behind ``GroupedOrder/fullIndexSections``,
/// `ContactsIndex`'s `labels` and `sections(full: true)`, and ``SideIndex``'s titles.
package enum FullIndex {
    @inline(__always)
    package static func shows(holdsEntry: Bool, isExtraLetter: Bool) -> Bool { holdsEntry || !isExtraLetter }
}

/// A grouped list as positions: what the command line prints without copying entries.
///
/// ```swift
/// let order = try IndexSettings(locale: "sv").makeIndex().groupedOrder(names: ["Åsa", "Anna"], readings: [nil, nil])
/// order.entries.map { order.labels[$0.section] }   // ["A", "Å"]
/// ```
public struct GroupedOrder: Sendable {
    /// Every section's label (the index's full label list).
    public var labels: [String]
    public var kinds: [SectionKind]
    /// The sections that are letters of other languages (contacts style, <doc:ContactsStyle>
    /// rule 6): a side index shows them only when they hold an entry, or with `full`.
    public var extraLetters: Set<Int> = []
    /// In output order: the entry's input position and its section (an index into ``labels``).
    public var entries: Entries

    /// The sections of the full index, in order: every section that holds an entry, and every
    /// empty one that is a letter of the alphabets present rather than another language's
    /// letter (``extraLetters``). The one definition behind `sections(full: true)`,
    /// `labels(for:)`, ``SideIndex`` and the command line's `--full`.
    ///
    /// ```swift
    /// let order = try IndexSettings(locale: "en").makeIndex().groupedOrder(names: ["Anna", "Þór"], readings: [nil, nil])
    /// order.fullIndexSections.map { order.labels[$0] }   // A … Z, Þ, #: Þ holds a name
    /// ```
    public var fullIndexSections: [Int] {
        var used = [Bool](repeating: false, count: labels.count)
        for entry in entries { used[entry.section] = true }
        return labels.indices.filter { FullIndex.shows(holdsEntry: used[$0], isExtraLetter: extraLetters.contains($0)) }
    }

    /// The entries of a grouped order, each `(position: Int, section: Int)`, held as two
    /// 32-bit numbers: a list of millions of names takes 8 bytes an entry here rather than
    /// the 16 of an array of pairs of `Int` (and 5,000,000 lines group within 300 MB).
    ///
    /// ```swift
    /// let entries: GroupedOrder.Entries = [(position: 1, section: 0), (position: 0, section: 2)]
    /// entries.map(\.position)   // [1, 0]
    /// ```
    public struct Entries: RandomAccessCollection, ExpressibleByArrayLiteral, Equatable, Sendable {
        /// One entry: where it was in the input, and its section.
        package struct Packed: Equatable, Sendable {
            package var position: UInt32
            package var section: UInt32

            /// - Precondition: both fit in 32 bits (the input tables count lines in 32 bits).
            @inline(__always)
            package init(position: Int, section: Int) {
                self.position = UInt32(position)
                self.section = UInt32(section)
            }
        }

        package var packed: [Packed]

        package init(packed: [Packed]) { self.packed = packed }

        /// Entries from pairs of input position and section.
        public init<S: Sequence>(_ entries: S) where S.Element == (position: Int, section: Int) {
            packed = entries.map { Packed(position: $0.position, section: $0.section) }
        }

        public init(arrayLiteral elements: (position: Int, section: Int)...) { self.init(elements) }

        public var startIndex: Int { 0 }
        public var endIndex: Int { packed.count }

        public subscript(i: Int) -> (position: Int, section: Int) {
            let entry = packed[i]
            return (Int(entry.position), Int(entry.section))
        }
    }
}

extension NameIndex {
    /// The non-empty sections of elements.
    ///
    /// ```swift
    /// let index: any NameIndex = try ContactsIndex(locale: "sv")
    /// index.sections(of: ["Åsa", "Anna"], name: \.self, reading: nil).map(\.label)   // ["A", "Å"]
    /// ```
    public func sections<C: Collection>(of elements: C, name: KeyPath<C.Element, String>,
                                        reading: KeyPath<C.Element, String?>?) -> [Section<C.Element>] {
        sections(of: elements, name: name, reading: reading, full: false)
    }

    /// Every label an index over the names of a name source shows with `full`, save letters
    /// of other languages that no name is under.
    public func labels<Source: NameSource>(of source: Source) -> [String] { labels(of: source, full: false) }

    /// Every label an index over the names of all the parts together shows with `full`, save
    /// letters of other languages that no name is under.
    public func labels<Parts: Sequence>(ofParts parts: Parts) -> [String] where Parts.Element: NameSource {
        labels(ofParts: parts, full: false)
    }

    /// The grouped order of names (and readings), as positions into the input.
    public func groupedOrder(names: [String], readings: [String?]) -> GroupedOrder {
        groupedOrder(StringNames(names: names, readings: readings))
    }
}

extension NameIndex {
    /// The keys of the entries `range` of a name source, as ``sortKeys(names:readings:)``
    /// makes them (entry `i` with the tie-break `tieBreakOffset + i`), read from UTF-8 with the
    /// grouping pipeline's machinery: what the command line's `keys` prints, a block of lines
    /// on each core. `body(i, key, label)` gets each key in turn, in a buffer it may not keep,
    /// with the UTF-8 of the label of the entry's section.
    package func forEachSortKey<Source: NameSource>(of source: Source, in range: Range<Int>, tieBreakOffset: UInt32 = 0,
                                                    _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        switch self {
        case let index as AlphabeticIndex: index.forEachSortKey(of: source, in: range, tieBreakOffset: tieBreakOffset, body)
        case let index as ContactsIndex: index.forEachSortKey(of: source, in: range, tieBreakOffset: tieBreakOffset, body)
        default:
            // Another conformance: its own keys, one entry at a time.
            for i in range {
                let name = source.name(i), reading = source.reading(i)
                let key = sortKey(for: name, reading: reading, tieBreak: tieBreakOffset &+ UInt32(truncatingIfNeeded: i))
                var label = label(for: name, reading: reading)
                key.bytes.withUnsafeBufferPointer { key in label.withUTF8 { body(i, key, $0) } }
            }
        }
    }
}

extension ContactsIndex: NameIndex {
    /// The primary locale's collator.
    public var collator: Collator { primaryCollator }

    public var namePolicy: NamePolicy { options.names }

    public func labels(forNames names: [String], readings: [String?]) -> [String] {
        labels(forNames: names[...], readings: readings[...])
    }

    public func sections<C: Collection>(of elements: C, name: KeyPath<C.Element, String>,
                                        reading: KeyPath<C.Element, String?>?, full: Bool) -> [Section<C.Element>] {
        sections(of: elements, name: name, reading: reading, full: full, pinned: nil)
    }

    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    public func groupedOrder<Source: NameSource>(_ source: Source) -> GroupedOrder {
        let grouping = group(source)
        let layout = grouping.layout
        return GroupedOrder(labels: layout.labels, kinds: layout.labels.indices.map(layout.kind(ofSection:)),
                            extraLetters: Set(layout.isExtra.indices.filter { layout.isExtra[$0] }), entries: GroupedOrder.Entries(packed: grouping.order))
    }
}

extension AlphabeticIndex: NameIndex {
    public func label(for name: String, reading: String?) -> String { label(for: name) }

    public func labels(forNames names: [String], readings: [String?]) -> [String] { labels }

    /// ICU's labels do not depend on the names.
    public func labels<Source: NameSource>(of source: Source, full: Bool) -> [String] { labels }

    /// ICU's labels do not depend on the names.
    public func labels<Parts: Sequence>(ofParts parts: Parts, full: Bool) -> [String] where Parts.Element: NameSource { labels }

    public func sections<C: Collection>(of elements: C, name: KeyPath<C.Element, String>,
                                        reading: KeyPath<C.Element, String?>?, full: Bool) -> [Section<C.Element>] {
        sections(of: elements, name: name, full: full)
    }

    public func sortKeys(names: [String], readings: [String?]) -> [SortKey] { sortKeys(names: names) }

    public func sortKey(for name: String, reading: String?, tieBreak: UInt32) -> SortKey {
        sortKey(for: name, tieBreak: tieBreak)
    }

    public func labeledSortKeys(names: [String], readings: [String?], firstTieBreak: UInt32) -> [(key: SortKey, label: String)] {
        labeledSortKeys(names: names, firstTieBreak: firstTieBreak)
    }

    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    public func groupedOrder<Source: NameSource>(_ source: Source) -> GroupedOrder {
        GroupedOrder(labels: buckets.map(\.label), kinds: buckets.map { SectionKind($0.kind) },
                     entries: placements(source))
    }

    /// ICU style places Han names by its collation; search reads them as the locale's
    /// contacts index would.
    public var hanPolicy: ContactsIndex.HanPolicy { ContactsIndex.HanPolicy(defaultFor: collator.locale) }

    public var namePolicy: ContactsIndex.NamePolicy { .personal }
}
