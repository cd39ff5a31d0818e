/// What a list view with a side index binds to: the sections, and the index titles, each
/// with the section a tap on it scrolls to.
///
/// The titles are the full index (``GroupedOrder/fullIndexSections``): every letter of the
/// alphabet of each script present, `#`, and the letters of other languages that an element
/// is under. A title whose section holds no element is ``Title/isEmpty`` (show it dimmed); a
/// tap on it goes to the next section with elements, else the previous one, as iOS's
/// contacts do.
///
/// ```swift
/// let index = try ContactsIndex(locale: "sv")
/// var side = index.sideIndex(of: ["Östen", "Anna"], name: \.self)
/// side.sections.map(\.label)              // ["A", "Ö"]
/// side.titles.count                       // 30: A … Z, Å, Ä, Ö, #
/// side.section(forTitleAt: 1)             // 1: B is empty, Ö is the next section with names
/// side.insert("Åsa")                      // InsertionPoint(section: 1, row: 0, createsSection: true, …)
/// side.section(forTitleAt: 1)             // 1: now Å
/// ```
///
/// With `full: true` every title has a section of its own, empty ones included, as SwiftUI's
/// `.sectionIndexLabel(_:)` needs: a label is shown only for a section that is in the list.
/// For UIKit, ``labels`` is what `sectionIndexTitles(for:)` returns and
/// ``section(forTitleAt:)`` what `tableView(_:sectionForSectionIndexTitle:at:)` returns.
public struct SideIndex<Element> {
    /// One title of the side index.
    public struct Title: Hashable, Sendable, Identifiable {
        /// The text shown ("A", "か", "7劃", "#").
        public var label: String
        public var kind: SectionKind
        /// The id of the title's section (``Section/id``), the same whether or not the
        /// section is in ``SideIndex/sections``.
        public var id: String
        /// The position of its own section in ``SideIndex/sections``, or nil when it has none
        /// (an empty title without `full`).
        public var section: Int?
        /// Where a tap scrolls: its own section when that holds elements, else the next one
        /// that does, else the previous one; its own (empty) section when none does; nil when
        /// there is no section at all.
        public var target: Int?
        /// Its section holds no element: show it dimmed.
        public var isEmpty: Bool
    }

    /// The sections, in index order; with `full`, the empty ones of the alphabets present too.
    public private(set) var sections: [Section<Element>]
    /// The titles, in index order.
    public private(set) var titles: [Title] = []
    /// Whether every title has a section of its own, empty ones included.
    public let isFull: Bool

    let index: ContactsIndex
    let name: @Sendable (Element) -> String
    let reading: (@Sendable (Element) -> String?)?
    let pinned: PinnedSection<Element>?
    /// Every title's label, kind and section id, in order: the full index of the elements.
    private var entries: [(label: String, kind: SectionKind, id: String)]

    /// The titles' labels: what UIKit's `sectionIndexTitles(for:)` returns.
    public var labels: [String] { titles.map(\.label) }

    /// The section a tap on the title at `position` scrolls to (UIKit's
    /// `tableView(_:sectionForSectionIndexTitle:at:)`); nil for a position out of range or
    /// when there are no sections.
    public func section(forTitleAt position: Int) -> Int? {
        titles.indices.contains(position) ? titles[position].target : nil
    }

    /// The section a tap on the title with this label scrolls to; nil when no title has it.
    public func section(forTitle label: String) -> Int? {
        titles.first { $0.label == label }?.target
    }

    init(index: ContactsIndex, elements: [Element], name: @escaping @Sendable (Element) -> String,
         reading: (@Sendable (Element) -> String?)?, full: Bool, pinned: PinnedSection<Element>?) {
        self.index = index
        self.name = name
        self.reading = reading
        self.pinned = pinned
        isFull = full
        let all = index.sections(of: elements, name: name, reading: reading, full: true, pinned: pinned)
        entries = all.filter { $0.kind != .pinned }.map { ($0.label, $0.kind, $0.id) }
        sections = full ? all : all.filter { !$0.items.isEmpty || $0.kind == .pinned }
        updateTitles()
    }

    /// Adds one element where the index puts it, without grouping again, and updates the
    /// titles; returns where it went, for an animated insertion.
    ///
    /// - Complexity: that of ``ContactsIndex/insertionPoint(for:in:name:reading:)-(_,_,(E)->String,_)``, then
    ///   O(*t*) for *t* titles; an element that brings in a title the index did not have (a
    ///   new script, another language's letter) groups the elements again; an element the
    ///   pinned section includes goes to its place in index order there too, in O(*n*).
    @discardableResult
    public mutating func insert(_ element: Element) -> InsertionPoint {
        let point = index.insertionPoint(for: element, in: sections, name: name, reading: reading)
        if !entries.contains(where: { $0.label == point.label && $0.kind == point.kind }) {
            // A title the index did not show (a new script, another language's letter): the
            // full index of the elements with this one is made again.
            let elements = sections.filter { $0.kind != .pinned }.flatMap(\.items) + [element]
            entries = index.sections(of: elements, name: name, reading: reading, full: true)
                .map { ($0.label, $0.kind, $0.id) }
        }
        let id = entries.first { $0.label == point.label && $0.kind == point.kind }?.id ?? point.label
        if point.createsSection {
            sections.insert(Section(label: point.label, kind: point.kind, items: [element], id: id), at: point.section)
        } else {
            sections[point.section].items.insert(element, at: point.row)
        }
        if let pinned, pinned.includes(element), let first = sections.indices.first, sections[first].kind == .pinned {
            // The pinned section lists its elements in index order, as grouping does: the new
            // one goes after the pinned elements that come before it in the indexed sections.
            let row = point.createsSection ? 0 : point.row
            var before = 0
            for position in sections.indices.dropFirst() where position <= point.section {
                let items = sections[position].items
                before += (position < point.section ? items[...] : items[..<row]).lazy.filter(pinned.includes).count
            }
            sections[first].items.insert(element, at: min(before, sections[first].items.count))
        }
        updateTitles()
        return point
    }

    private mutating func updateTitles() {
        var positionOfID: [String: Int] = [:]
        for (position, section) in sections.enumerated() where section.kind != .pinned { positionOfID[section.id] = position }
        let withRows = sections.indices.filter { sections[$0].kind != .pinned && !sections[$0].items.isEmpty }
        var made: [Title] = []
        made.reserveCapacity(entries.count)
        // The section positions of the titles before this one, for "the previous one".
        var lastPosition = -1
        for entry in entries {
            let own = positionOfID[entry.id]
            let isEmpty = own.map { sections[$0].items.isEmpty } ?? true
            // Where this title's section is or would be: after every section of an earlier title.
            let place = own ?? (lastPosition + 1)
            let target = isEmpty ? TapTarget.section(forEmptyAt: place, withElements: withRows) ?? own : own
            if let own { lastPosition = own }
            made.append(Title(label: entry.label, kind: entry.kind, id: entry.id, section: own, target: target, isEmpty: isEmpty))
        }
        titles = made
    }
}

extension SideIndex: Sendable where Element: Sendable {}

/// Where a tap on a side-index title whose section is empty scrolls, as iOS's contacts do:
/// the next section with elements, else the previous one. The one rule behind
/// ``SideIndex/Title/target`` and the command line's HTML preview.
package enum TapTarget {
    /// The first of `withElements` (section positions in increasing order) at or after
    /// `place`, where the empty section is or would be; else the last; nil when it is empty.
    package static func section(forEmptyAt place: Int, withElements: [Int]) -> Int? {
        let next = withElements.partitioningIndex { $0 >= place }
        return next < withElements.endIndex ? withElements[next] : withElements.last
    }
}

extension ContactsIndex {
    /// The sections of elements and their side index, for a list view to bind to.
    ///
    /// ```swift
    /// struct Contact: Sendable { var name: String; var reading: String? }
    /// let side = try ContactsIndex(locale: "ja").sideIndex(of: contacts, name: \.name, reading: \.reading, full: true)
    /// // side.titles: あ か さ た な は ま や ら わ 他, then A … Z if a name is Latin, then #
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any collection; its elements come back as they are.
    ///   - name: the display name of an element.
    ///   - reading: its reading (kana for a Japanese name in kanji), or nil.
    ///   - full: give every title a section of its own, empty ones included (SwiftUI's
    ///     `.sectionIndexLabel(_:)` on each `Section`); without, only sections with elements,
    ///     and empty titles jump to the next section that has some (UIKit).
    ///   - pinned: a section shown first, without a title.
    public func sideIndex<C: Collection>(
        of elements: C, name: KeyPath<C.Element, String> & Sendable, reading: (KeyPath<C.Element, String?> & Sendable)? = nil,
        full: Bool = false, pinned: PinnedSection<C.Element>? = nil
    ) -> SideIndex<C.Element> {
        let readingOf: (@Sendable (C.Element) -> String?)?
        if let reading { readingOf = { $0[keyPath: reading] } } else { readingOf = nil }
        return SideIndex(index: self, elements: Array(elements), name: { $0[keyPath: name] }, reading: readingOf,
                         full: full, pinned: pinned)
    }

    /// The sections and side index of elements, with closures for the name and the reading.
    public func sideIndex<C: Collection>(
        of elements: C, name: @escaping @Sendable (C.Element) -> String, reading: (@Sendable (C.Element) -> String?)? = nil,
        full: Bool = false, pinned: PinnedSection<C.Element>? = nil
    ) -> SideIndex<C.Element> {
        SideIndex(index: self, elements: Array(elements), name: name, reading: reading, full: full, pinned: pinned)
    }
}
