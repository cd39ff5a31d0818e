import Collation

/// A section shown above the indexed ones, without an index label: "Favourites".
public struct PinnedSection<Element> {
    /// The section's title; its ``Section/id`` is the title too.
    public var title: String
    /// Which elements it shows (they stay in their indexed sections as well).
    public var includes: (Element) -> Bool

    public init(title: String, includes: @escaping (Element) -> Bool) {
        self.title = title
        self.includes = includes
    }
}

extension ContactsIndex {
    /// Groups elements into sections (rules 1–5 of <doc:ContactsStyle>): every element exactly
    /// once, sections in index order, elements inside a section by the section's collation.
    ///
    /// ```swift
    /// struct Contact { var name: String; var reading: String? }
    /// let index = try ContactsIndex(locale: "sv")
    /// let sections = index.sections(of: contacts, name: \.name, reading: \.reading)
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any collection; its elements come back as they are.
    ///   - name: the display name of an element.
    ///   - reading: its reading (kana for a Japanese name in kanji), or nil.
    ///   - full: also return the empty sections, so every label appears.
    ///   - pinned: a section shown first, without an index label.
    /// - Returns: the sections, `#` last.
    /// - Complexity: one placement and one or two sort keys per element, then a sort.
    public func sections<C: Collection>(
        of elements: C, name: KeyPath<C.Element, String>, reading: KeyPath<C.Element, String?>? = nil,
        full: Bool = false, pinned: PinnedSection<C.Element>? = nil
    ) -> [Section<C.Element>] {
        let items = Array(elements)
        let names = items.map { $0[keyPath: name] }
        let readings = reading.map { path in items.map { $0[keyPath: path] } } ?? Array(repeating: nil, count: items.count)
        let grouped = group(names: names, readings: readings)
        var sections: [Section<C.Element>] = []
        if let pinned {
            let chosen = grouped.order.map { items[$0.position] }.filter(pinned.includes)
            sections.append(Section(label: pinned.title, kind: .pinned, items: chosen))
        }
        var bySection = [[C.Element]](repeating: [], count: grouped.layout.labels.count)
        for placed in grouped.order { bySection[placed.section].append(items[placed.position]) }
        for (number, members) in bySection.enumerated() where full || !members.isEmpty {
            let kind: SectionKind = number == grouped.layout.overflowSection ? .overflow : .letter
            sections.append(Section(label: grouped.layout.labels[number], kind: kind, items: members))
        }
        return sections
    }

    /// Sections of plain names.
    public func sections(of names: [String], full: Bool = false) -> [Section<String>] {
        sections(of: names, name: \.self, full: full)
    }

    /// The grouping itself, over positions: each entry's section and its place in order.
    struct Grouping {
        var layout: Layout
        /// In output order: input position and section number.
        var order: [(position: Int, section: Int)]
    }

    func group(names: [String], readings: [String?]) -> Grouping {
        let keys = zip(names, readings).map { prepare(name: $0, reading: $1) }
        let layout = layout(scripts: Set(keys.map(\.script)))
        var records: [(section: Int, key: [UInt8], nameKey: [UInt8]?, position: Int)] = []
        records.reserveCapacity(keys.count)
        var collators: [Int: Collator] = [:]
        for (position, key) in keys.enumerated() {
            let section = section(of: key, in: layout)
            let collator = collators[section] ?? orderingCollator(forSection: section, in: layout)
            collators[section] = collator
            let sortKey = collator.handle.sortKey(key.text)
            let nameKey = key.text == names[position] ? nil : collator.handle.sortKey(names[position])
            records.append((section, sortKey, nameKey, position))
        }
        records.sort { a, b in
            if a.section != b.section { return a.section < b.section }
            let byKey = compareBytes(a.key, b.key)
            if byKey != 0 { return byKey < 0 }
            let byName = compareBytes(a.nameKey ?? a.key, b.nameKey ?? b.key)
            if byName != 0 { return byName < 0 }
            return a.position < b.position
        }
        return Grouping(layout: layout, order: records.map { ($0.position, $0.section) })
    }
}
