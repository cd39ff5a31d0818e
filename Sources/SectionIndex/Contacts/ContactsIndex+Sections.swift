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

    /// One sort key per entry, made by the collator of the group that claims its script: its
    /// primary part places the entry, the whole key orders it. Entries that land in `#` are
    /// keyed by the primary locale's collator instead. A second key (of the name) breaks ties
    /// only for entries whose key was their reading.
    func group(names: [String], readings: [String?]) -> Grouping {
        let count = names.count
        var keys = [PreparedKey](repeating: PreparedKey(text: "", script: Script.common), count: count)
        keys.withUnsafeMutableBufferPointer { buffer in
            let out = buffer
            KeyTable.forEach(count: count) { i in out[i] = prepare(name: names[i], reading: readings[i]) }
        }
        let layout = layout(scripts: Set(keys.map(\.script)))
        let overflow = Int32(layout.overflowSection)
        var sections = [Int32](repeating: overflow, count: count)
        let table = sections.withUnsafeMutableBufferPointer { buffer in
            let sectionOf = buffer
            return KeyTable.build(count: count) { i, bytes in
                let key = keys[i]
                let start = bytes.count
                if let groupNumber = layout.groupOfScript[key.script] {
                    let group = layout.groups[groupNumber]
                    group.ordering.handle.appendSortKey(key.text, to: &bytes)
                    let label = bytes.withUnsafeBufferPointer { all in
                        group.labelIndex(forSortKey: UnsafeBufferPointer(rebasing: all[start...]))
                    }
                    if let label {
                        sectionOf[i] = Int32(layout.firstSection[groupNumber] + label)
                        return
                    }
                    bytes.removeSubrange(start...)
                }
                sectionOf[i] = overflow
                primaryCollator.handle.appendSortKey(key.text, to: &bytes)
            }
        }
        var records = [OrderRecord](repeating: OrderRecord(group: 0, index: 0, head: 0), count: count)
        table.bytes.withUnsafeBufferPointer { all in
            for i in 0..<count {
                records[i] = OrderRecord(group: sections[i], index: Int32(i),
                                         head: OrderRecord.head(of: UnsafeBufferPointer(rebasing: all[table.starts[i]..<table.starts[i + 1]])))
            }
        }
        // Ties by name: only entries placed by a reading have a name key of their own; an
        // empty tie key means "the name is the key".
        var tieBreak: KeyTable?
        if zip(keys, names).contains(where: { $0.text != $1 }) {
            tieBreak = KeyTable.build(count: count) { i, bytes in
                guard keys[i].text != names[i] else { return }
                orderingCollator(forSection: Int(sections[i]), in: layout).handle.appendSortKey(names[i], to: &bytes)
            }
            tieBreak = tieBreak.map { ties in fillEmptyTies(ties, from: table) }
        }
        table.sort(&records, tieBreak: tieBreak)
        return Grouping(layout: layout, order: records.map { (Int($0.index), Int($0.group)) })
    }

    /// A tie table where every empty entry holds the entry's main key.
    private func fillEmptyTies(_ ties: KeyTable, from keys: KeyTable) -> KeyTable {
        KeyTable.build(count: ties.count) { i, bytes in
            let tieRange = ties.starts[i]..<ties.starts[i + 1]
            bytes.append(contentsOf: tieRange.isEmpty ? keys.bytes[keys.starts[i]..<keys.starts[i + 1]] : ties.bytes[tieRange])
        }
    }
}
