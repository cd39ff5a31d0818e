import Collation

/// A section shown above the indexed ones, without an index label: "Favourites".
///
/// ```swift
/// struct Contact { var name: String; var isFavourite: Bool }
/// let contacts = [Contact(name: "Zoe", isFavourite: true), Contact(name: "Adam", isFavourite: false)]
/// let favourites = PinnedSection<Contact>(title: "Favourites") { $0.isFavourite }
/// let sections = try ContactsIndex(locale: "en").sections(of: contacts, name: \.name, pinned: favourites)
/// sections.map(\.label)   // ["Favourites", "A", "Z"]: Zoe is in Favourites and in Z
/// ```
///
/// It is `Sendable`, so a view model can hand it to an actor that groups off the main thread;
/// the test must therefore be a `@Sendable` closure.
public struct PinnedSection<Element>: Sendable {
    /// The section's title; its ``Section/id`` is the title too.
    public var title: String
    /// Which elements it shows (they stay in their indexed sections as well).
    public var includes: @Sendable (Element) -> Bool

    public init(title: String, includes: @escaping @Sendable (Element) -> Bool) {
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
        sections(of: elements, name: { $0[keyPath: name] }, reading: reading.map { path in { $0[keyPath: path] } },
                 full: full, pinned: pinned)
    }

    /// Groups elements into sections, with closures for the name and the reading: for names
    /// that are computed rather than stored.
    ///
    /// ```swift
    /// struct Person { var given: String; var family: String }
    /// let people = [Person(given: "Åsa", family: "Nilsson"), Person(given: "Anna", family: "Berg")]
    /// let sections = try ContactsIndex(locale: "sv").sections(of: people, name: { $0.family + " " + $0.given })
    /// sections.map(\.label)   // ["B", "N"]
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any collection; its elements come back as they are.
    ///   - name: the display name of an element, asked once per element.
    ///   - reading: its reading (kana for a Japanese name in kanji), or nil.
    ///   - full: also return the empty sections, so every label appears.
    ///   - pinned: a section shown first, without an index label.
    /// - Returns: the sections, `#` last.
    /// - Complexity: one placement and one or two sort keys per element, then a sort.
    public func sections<C: Collection>(
        of elements: C, name: (C.Element) -> String, reading: ((C.Element) -> String?)? = nil,
        full: Bool = false, pinned: PinnedSection<C.Element>? = nil
    ) -> [Section<C.Element>] {
        let items = Array(elements)
        let names = items.map(name)
        let readings = reading.map { items.map($0) } ?? Array(repeating: nil, count: items.count)
        let grouped = group(names: names, readings: readings)
        var sections: [Section<C.Element>] = []
        let layout = grouped.layout
        let kinds = layout.labels.indices.map(layout.kind(ofSection:))
        // Ids over every label, so that a section's id does not depend on which others are shown.
        let ids = SectionKind.ids(labels: (pinned.map { [$0.title] } ?? []) + layout.labels,
                                  kinds: (pinned == nil ? [] : [.pinned]) + kinds)
        if let pinned {
            let chosen = grouped.order.map { items[$0.position] }.filter(pinned.includes)
            sections.append(Section(label: pinned.title, kind: .pinned, items: chosen, id: ids[0]))
        }
        let firstID = pinned == nil ? 0 : 1
        var bySection = [[C.Element]](repeating: [], count: layout.labels.count)
        for placed in grouped.order { bySection[placed.section].append(items[placed.position]) }
        for (number, members) in bySection.enumerated() where full || !members.isEmpty {
            sections.append(Section(label: layout.labels[number], kind: kinds[number], items: members, id: ids[firstID + number]))
        }
        return sections
    }

    /// Sections of plain names.
    public func sections(of names: [String], full: Bool = false) -> [Section<String>] {
        sections(of: names, name: \.self, full: full)
    }

    /// Every label the index shows (`full: true`) for these elements: the primary and
    /// additional groups, a group per other script among them, `#`. The same shape as
    /// ``sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)``, for a side index built beside the sections.
    ///
    /// ```swift
    /// struct Contact { var name: String; var reading: String? }
    /// let contacts = [Contact(name: "Anna", reading: nil), Contact(name: "田中", reading: "たなか")]
    /// let labels = try ContactsIndex(locale: "sv").labels(for: contacts, name: \.name, reading: \.reading)
    /// // ["A", "B", …, "Z", "Å", "Ä", "Ö", "あ", "か", …, "わ", "#"]
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any collection.
    ///   - name: the display name of an element.
    ///   - reading: its reading, or nil.
    /// - Returns: the labels in index order, `#` last.
    public func labels<C: Collection>(for elements: C, name: KeyPath<C.Element, String>,
                                      reading: KeyPath<C.Element, String?>? = nil) -> [String] {
        labels(for: elements, name: { $0[keyPath: name] }, reading: reading.map { path in { $0[keyPath: path] } })
    }

    /// Every label the index shows for these elements, with closures for the name and the
    /// reading.
    ///
    /// ```swift
    /// let labels = try ContactsIndex(locale: "en").labels(for: ["Иван"], name: { $0 })
    /// // ["A", …, "Z", "А", …, "Я", "#"]
    /// ```
    public func labels<C: Collection>(for elements: C, name: (C.Element) -> String,
                                      reading: ((C.Element) -> String?)? = nil) -> [String] {
        labels(forNames: elements.map(name), readings: reading.map { elements.map($0) } ?? [])
    }

    /// Appends the sort key that places and orders an entry's key (its bytes as chosen by
    /// ``chooseKey(name:reading:)``): made by the collator of the group that claims its script,
    /// whose primary part finds the label; by the primary collator for an entry of `#`.
    ///
    /// - Returns: the entry's section in `layout`.
    @inline(__always)
    func appendPlacingKey(_ key: UnsafeBufferPointer<UInt8>, script: Script, in layout: Layout, to bytes: inout [UInt8]) -> Int {
        let start = bytes.count
        if let groupNumber = layout.group(ofScript: script) {
            let group = layout.groups[groupNumber]
            group.ordering.handle.appendSortKey(key, to: &bytes)
            let label = bytes.withUnsafeBufferPointer { all in
                group.labelIndex(forSortKey: UnsafeBufferPointer(rebasing: all[start...]), text: key)
            }
            if let label { return layout.firstSection[groupNumber] + label }
            bytes.removeSubrange(start...)
        }
        primaryCollator.handle.appendSortKey(key, to: &bytes)
        return layout.overflowSection
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
    /// only for entries whose key is not their name as given.
    func group(names: [String], readings: [String?]) -> Grouping {
        group(StringNames(names: names, readings: readings))
    }

    /// The grouping of a name source, in one pass over it.
    ///
    /// `placingInWholeLayout` (for tests) finds the scripts first and places every entry in
    /// the whole data's layout, the way that needs no ``sectionMap(from:to:)``.
    func group<Source: NameSource>(_ source: Source, placingInWholeLayout: Bool = false) -> Grouping {
        var sections = [Int32](repeating: 0, count: source.count)
        if placingInWholeLayout {
            let layout = layout(scripts: scripts(of: source, every: 1))
            let built = placeAndKey(source, sections: &sections, in: layout)
            return ordered(built.table, sections: &sections, tieBreak: built.tieBreak, layout: layout)
        }
        prepareGroups(for: source)
        // One pass over the entries: each placed in the layout of its own script (the
        // layout depends on every script in the data, a group's sections do not), then the
        // sections moved to the whole data's layout.
        var built = placeAndKey(source, sections: &sections, in: nil)
        let layout = layout(scripts: built.scripts)
        if let map = sectionMap(from: built.layouts, to: layout) {
            map.withUnsafeBufferPointer { map in
                ParallelWork.update(&sections) { _, section in section = map[Int(section >> 16)][Int(section & 0xFFFF)] }
            }
        } else {
            // A script's group is not the one it has alone: everything again, in the layout.
            built = placeAndKey(source, sections: &sections, in: layout)
        }
        let table = built.table
        built.table = KeyTable(bytes: [], starts: [0])
        return ordered(table, sections: &sections, tieBreak: built.tieBreak, layout: layout)
    }

    /// Builds the groups of the scripts a sample of the names shows, several groups at once
    /// (one a core), before a pass over the names meets them. A group costs milliseconds to
    /// build (collators, CLDR data, ICU's buckets, letters of other languages): a list of a
    /// dozen scripts spent 0.3 s on them, and the workers of a pass that found a new script
    /// at the same moment each built it. Groups are kept for the process
    /// (``ContactsGroup/shared(localeID:addedLabels:)``), so no result changes; a script the
    /// sample misses is built where a pass meets it, as before.
    ///
    /// - Complexity: a key choice for at most 4096 names, and the groups of their scripts.
    package func prepareGroups<Source: NameSource>(for source: Source) {
        let scripts = scripts(of: source, every: max(1, source.count / 4096)).sorted()
        guard scripts.count > 1 else { return }
        _ = ParallelWork.map(count: scripts.count) { k in layout(scripts: [scripts[k]]).groups.count }
    }

    /// The scripts of the keys of every `step`-th entry.
    private func scripts<Source: NameSource>(of source: Source, every step: Int) -> Set<Script> {
        var present = ScriptSet()
        for i in stride(from: 0, to: source.count, by: step) {
            source.withName(i) { name in source.withReading(i) { present.insert(chooseKey(name: name, reading: $0).0.script) } }
        }
        return present.scripts
    }

    /// The entries in order: by section, key, tie key, position.
    private func ordered(_ keys: consuming KeyTable, sections: inout [Int32], tieBreak: TieBreak?, layout: Layout) -> Grouping {
        var table = keys
        var records = table.records(groups: sections)
        table.releaseStartsIfRecordsHoldOffsets()
        // What placed the keys is not needed by the sort: freed before its peak.
        sections = []
        table.sort(&records, tieBreak: tieBreak)
        table.release()
        return Grouping(layout: layout, order: ParallelWork.map(records) { (Int($0.index), Int($0.group)) })
    }

    /// What one chunk of ``placeAndKey(_:sections:in:)`` keeps: its scripts' layouts and the
    /// scripts it found.
    private struct PlacementChunk {
        var layouts: ScriptLayouts
        var scripts = ScriptSet()
    }

    /// Each entry's key chosen (rule 1, 3), its placing key made and its section found, and for
    /// an entry whose key is not its name as given, the name's key under the section's
    /// collator (it breaks ties): one pass over the input on every core.
    ///
    /// With `layout` nil, each entry is placed in its script's own layout, and `sections[i]`
    /// is the script code times 65536 plus the section in that layout; otherwise the section
    /// in `layout`.
    private func placeAndKey<Source: NameSource>(_ source: Source, sections: inout [Int32], in layout: Layout?)
        -> (table: KeyTable, tieBreak: TieBreak?, scripts: Set<Script>, layouts: [Script: Layout]) {
        let built = KeyTable.build(count: source.count, recording: &sections, state: { PlacementChunk(layouts: ScriptLayouts(index: self)) }) {
            i, chunk, bytes, section, tie in
            source.withName(i) { name in
                source.withReading(i) { reading in
                    let (choice, romanized) = chooseKey(name: name, reading: reading)
                    chunk.scripts.insert(choice.script)
                    let placed: Int
                    let scriptLayout = layout == nil ? chunk.layouts.layout(for: choice.script) : nil
                    let entryLayout = layout ?? scriptLayout!.layout
                    placed = withKey(choice, romanized: romanized, name: name, reading: reading) { key in
                        appendPlacingKey(key, script: choice.script, in: entryLayout, to: &bytes)
                    }
                    section = layout == nil ? Int32(choice.script.rawValue) << 16 | Int32(placed) : Int32(placed)
                    // Ties by name, only for entries whose key is not their name as given.
                    guard !choice.isName else { return false }
                    orderingCollator(forSection: placed, in: entryLayout).handle.appendSortKey(name, to: &tie)
                    return true
                }
            }
        }
        var scripts = ScriptSet()
        var layouts: [Script: Layout] = [:]
        for chunk in built.states {
            scripts.formUnion(chunk.scripts)
            layouts.merge(chunk.layouts.all) { first, _ in first }
        }
        return (built.table, built.tieBreak, scripts.scripts, layouts)
    }
}
