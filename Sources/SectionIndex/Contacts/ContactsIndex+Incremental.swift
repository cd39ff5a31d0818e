import Collation

/// Where one new element goes in sections already on screen.
///
/// ```swift
/// let index = try ContactsIndex(locale: "en")
/// let sections = index.sections(of: ["Anna", "Cleo", "Carl"])   // A: Anna; C: Carl, Cleo
/// index.insertionPoint(for: "Bea", in: sections, name: \.self)
/// // InsertionPoint(section: 1, row: 0, createsSection: true, label: "B", kind: .letter)
/// index.insertionPoint(for: "Cid", in: sections, name: \.self)
/// // InsertionPoint(section: 1, row: 1, createsSection: false, label: "C", kind: .letter)
/// ```
public struct InsertionPoint: Hashable, Sendable {
    /// The position in the sections array: of the existing section, or where a new one goes.
    public var section: Int
    /// The row inside that section.
    public var row: Int
    /// True when the element opens a section that is not there yet.
    public var createsSection: Bool
    /// The label of the element's section.
    public var label: String
    /// The kind of the element's section (``SectionKind/letter``, or ``SectionKind/overflow``
    /// for `#`): what a new section is created with.
    public var kind: SectionKind
}

extension ContactsIndex {
    /// Where a new element goes in sections this index produced, without grouping again: for a
    /// list view that inserts one row with an animation.
    ///
    /// ```swift
    /// var sections = index.sections(of: contacts, name: \.name, reading: \.reading)
    /// let point = index.insertionPoint(for: newContact, in: sections, name: \.name, reading: \.reading)
    /// if point.createsSection {
    ///     sections.insert(Section(label: point.label, kind: point.kind, items: [newContact]), at: point.section)
    /// } else {
    ///     sections[point.section].items.insert(newContact, at: point.row)
    /// }
    /// ```
    ///
    /// An element that ties with existing ones goes after them, as if it came last in the input.
    ///
    /// - Complexity: O(*s*) for *s* sections to find the section, then O(log *m*) sort keys for
    ///   a section of *m* elements.
    public func insertionPoint<E>(for element: E, in sections: [Section<E>], name: KeyPath<E, String>,
                                  reading: KeyPath<E, String?>? = nil) -> InsertionPoint {
        insertionPoint(for: element, in: sections, name: { $0[keyPath: name] }, reading: reading.map { path in { $0[keyPath: path] } })
    }

    /// Where a new element goes in sections this index produced, with closures for the name
    /// and the reading.
    ///
    /// ```swift
    /// let sections = index.sections(of: contacts, name: { $0.displayName })
    /// let point = index.insertionPoint(for: newContact, in: sections, name: { $0.displayName })
    /// ```
    public func insertionPoint<E>(for element: E, in sections: [Section<E>], name: (E) -> String,
                                  reading: ((E) -> String?)? = nil) -> InsertionPoint {
        func key(_ e: E) -> PreparedKey { prepare(name: name(e), reading: reading?(e) ?? nil) }
        let newKey = key(element)
        var scripts: Set<Script> = [newKey.script]
        for section in sections where section.kind != .pinned {
            if let first = section.items.first { scripts.insert(key(first).script) }
        }
        let layout = layout(scripts: scripts)
        let target = section(of: newKey, in: layout)
        let label = layout.labels[target]
        let targetKind: SectionKind = target == layout.overflowSection ? .overflow : .letter
        // A section is known by its label and kind: a script group found in the data may show
        // a label equal to the overflow text.
        let letters = Dictionary(layout.labels.enumerated().dropLast().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

        var position = 0
        for (i, section) in sections.enumerated() {
            if section.kind == .pinned { position = i + 1; continue }
            if section.label == label && section.kind == targetKind {
                return InsertionPoint(section: i, row: row(for: element, among: section.items, section: target,
                                                          layout: layout, name: name, key: key),
                                      createsSection: false, label: label, kind: sections[i].kind)
            }
            let existing = section.kind == .overflow ? layout.overflowSection : letters[section.label]
            if let existing, existing < target { position = i + 1 }
        }
        let kind: SectionKind = target == layout.overflowSection ? .overflow : .letter
        return InsertionPoint(section: position, row: 0, createsSection: true, label: label, kind: kind)
    }

    private func row<E>(for element: E, among items: [E], section: Int, layout: Layout,
                        name: (E) -> String, key: (E) -> PreparedKey) -> Int {
        let collator = orderingCollator(forSection: section, in: layout)
        func sortKeys(_ e: E) -> ([UInt8], [UInt8]) {
            (collator.handle.sortKey(key(e).text), collator.handle.sortKey(name(e)))
        }
        let new = sortKeys(element)
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            let existing = sortKeys(items[mid])
            let byKey = compareBytes(existing.0, new.0)
            let notAfter = byKey < 0 || (byKey == 0 && compareBytes(existing.1, new.1) <= 0)
            if notAfter { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
