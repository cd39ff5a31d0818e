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
    ///   - full: also return the empty sections of the alphabets present (every letter of
    ///     them, so that the side index keeps its height), not the letters of other languages
    ///     that no element is under: the sections of exactly ``labels(for:name:reading:)-(_,(C.Element)->String,_)``.
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
            let chosen = grouped.order.map { items[Int($0.position)] }.filter(pinned.includes)
            sections.append(Section(label: pinned.title, kind: .pinned, items: chosen, id: ids[0]))
        }
        let firstID = pinned == nil ? 0 : 1
        var bySection = [[C.Element]](repeating: [], count: layout.labels.count)
        for placed in grouped.order { bySection[Int(placed.section)].append(items[Int(placed.position)]) }
        // With `full`, the empty letters of the alphabets present, not other languages' letters.
        for (number, members) in bySection.enumerated()
        where full ? FullIndex.shows(holdsEntry: !members.isEmpty, isExtraLetter: layout.isExtra[number]) : !members.isEmpty {
            sections.append(Section(label: layout.labels[number], kind: kinds[number], items: members, id: ids[firstID + number]))
        }
        return sections
    }

    /// Sections of plain names.
    public func sections(of names: [String], full: Bool = false) -> [Section<String>] {
        sections(of: names, name: \.self, full: full)
    }

    /// The full index for these elements: the primary and additional groups, a group per other
    /// script among them, the letters of other languages an element is under, `#`; exactly the
    /// labels of ``sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)``
    /// with `full: true`. ``SideIndex`` pairs them with the sections a tap goes to.
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
        let placement = ScriptPlacement(script: script, in: layout)
        return withExtendedLifetime(placement.group) {
            appendPlacingKey(key, placement: UnretainedPlacement(placement),
                             primary: Unmanaged.passUnretained(primaryCollator.handle), to: &bytes)
        }
    }

    /// A script's placement (``ScriptPlacement``) with its group and the group's collator
    /// held unretained, for the loops over every name: a copy of it, or a call through it,
    /// costs no reference counting. Every core placing names of the same script retained and
    /// released the same group and collator several times a name, and the atomic updates of
    /// their counts from two cores took a tenth of contacts grouping's time. Whoever makes one
    /// keeps the group alive while it is used.
    struct UnretainedPlacement {
        let group: Unmanaged<ContactsGroup>?
        /// The group's collator, and the same at primary strength.
        let ordering: Unmanaged<ICU.CollatorHandle>?
        let primaryOrdering: Unmanaged<ICU.CollatorHandle>?
        let firstSection: Int
        let overflowSection: Int

        init(_ placement: ScriptPlacement) {
            group = placement.group.map(Unmanaged.passUnretained)
            ordering = placement.group.map { Unmanaged.passUnretained($0.ordering.handle) }
            primaryOrdering = placement.group.map { Unmanaged.passUnretained($0.ordering.primaryHandle) }
            firstSection = placement.firstSection
            overflowSection = placement.overflowSection
        }
    }

    /// ``appendPlacingKey(_:script:in:to:)`` through an unretained placement, to a key
    /// table's bytes or a scratch buffer; `primary` is the primary collator's handle.
    @inline(__always)
    func appendPlacingKey<Bytes: SortKeyBytes & ~Copyable>(_ key: UnsafeBufferPointer<UInt8>, placement: UnretainedPlacement,
                                                           primary: Unmanaged<ICU.CollatorHandle>, to bytes: inout Bytes) -> Int {
        let start = bytes.count
        if let group = placement.group, let ordering = placement.ordering {
            ordering._withUnsafeGuaranteedRef { bytes.appendSortKey(key, by: $0) }
            let label = group._withUnsafeGuaranteedRef { group in
                bytes.withBytes(from: start) { group.labelIndex(forSortKey: $0, text: key) }
            }
            if let label { return placement.firstSection + label }
            bytes.removeBytes(from: start)
        }
        primary._withUnsafeGuaranteedRef { bytes.appendSortKey(key, by: $0) }
        return placement.overflowSection
    }

    /// The section of an entry's key, as ``appendPlacingKey(_:placement:primary:to:)`` finds
    /// it, from the first bytes of its primary-strength key alone (what `labels` needs:
    /// sections, no order). The section depends on the key's primary part only, which a
    /// primary-strength key of the same collator has byte for byte, and only on as many of its
    /// bytes as the longest bucket bound has, plus one: ICU makes no more of the key than that.
    @inline(__always)
    func placingSection(_ key: UnsafeBufferPointer<UInt8>, placement: UnretainedPlacement) -> Int {
        guard let group = placement.group, let primaryOrdering = placement.primaryOrdering else { return placement.overflowSection }
        let label = group._withUnsafeGuaranteedRef { group in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: group.placementKeyBytes) { buffer in
                let count = primaryOrdering._withUnsafeGuaranteedRef { $0.sortKeyPrefix(key, into: buffer) }
                return group.labelIndex(forSortKey: UnsafeBufferPointer(rebasing: buffer[..<count]), text: key)
            }
        }
        return label.map { placement.firstSection + $0 } ?? placement.overflowSection
    }

    /// Builds the groups of the scripts a sample of the names shows, several groups at once
    /// (one a core), before a pass over the names meets them. A group costs milliseconds to
    /// build (collators, CLDR data, ICU's buckets, letters of other languages): a list of a
    /// dozen scripts spent 0.3 s on them, one after the other, and the workers of keys'
    /// blocks and labels' finder each met a new script at the same moment and built it side
    /// by side. Groups are kept for the process
    /// (``ContactsGroup/shared(localeID:addedLabels:)``), so no result changes; a script the
    /// sample misses is built where it is met, as before.
    ///
    /// - Complexity: a key choice for at most 4096 names, and the groups of their scripts.
    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    package func prepareGroups<Source: NameSource>(for source: Source) {
        var present = ScriptSet()
        for i in stride(from: 0, to: source.count, by: max(1, source.count / 4096)) {
            source.withName(i) { name in source.withReading(i) { present.insert(chooseKey(name: name, reading: $0).0.script) } }
        }
        let scripts = present.scripts.sorted()
        guard scripts.count > 1 else { return }
        _ = ParallelWork.map(count: scripts.count) { k in layout(ofScript: scripts[k]).groups.count }
    }

    /// The grouping itself, over positions: each entry's section and its place in order.
    struct Grouping {
        var layout: Layout
        /// In output order: input position and section number.
        var order: [GroupedOrder.Entries.Packed]
    }

    /// One sort key per entry, made by the collator of the group that claims its script: its
    /// primary part places the entry, the whole key orders it. Entries that land in `#` are
    /// keyed by the primary locale's collator instead. A second key (of the name) breaks ties
    /// only for entries whose key is not their name as given.
    func group(names: [String], readings: [String?]) -> Grouping {
        group(StringNames(names: names, readings: readings))
    }

    func group<Source: NameSource>(_ source: Source) -> Grouping {
        prepareGroups(for: source)
        return groupInOnePass(source) ?? groupInTwoPasses(source)
    }

    /// Where the names of one script go, read from the layout of the script's own group
    /// (``layout(scripts:)`` with that script alone): its group, if one claims the script, and
    /// the section numbers of that layout.
    struct ScriptPlacement {
        var group: ContactsGroup?
        var firstSection: Int
        var overflowSection: Int

        init(script: Script, in layout: Layout) {
            let number = layout.group(ofScript: script)
            group = number.map { layout.groups[$0] }
            firstSection = number.map { layout.firstSection[$0] } ?? 0
            overflowSection = layout.overflowSection
        }
    }

    /// One worker's script placements, made as its names meet each script.
    private struct ScriptPlacements {
        let index: ContactsIndex
        /// By script code: where the script's names go.
        var unretained = [UnretainedPlacement?](repeating: nil, count: ScriptSet.codeLimit)
        /// The groups of ``unretained``, kept alive while the worker uses them.
        private var groups: [ContactsGroup] = []
        var found = ScriptSet()
        /// A script code or a section number too large for ``encodedSection(_:script:)``: the
        /// names are grouped in two passes instead.
        var needsTwoPasses = false

        init(index: ContactsIndex) { self.index = index }

        @inline(__always)
        mutating func placement(for script: Script) -> UnretainedPlacement? {
            guard ScriptSet.fits(script) else {
                needsTwoPasses = true
                return nil
            }
            if let known = unretained[Int(script.rawValue)] { return known }
            let placement = ScriptPlacement(script: script, in: index.layout(ofScript: script))
            if placement.overflowSection > Int(UInt16.max) { needsTwoPasses = true }
            if let group = placement.group { groups.append(group) }
            let made = UnretainedPlacement(placement)
            unretained[Int(script.rawValue)] = made
            found.insert(script)
            return made
        }
    }

    /// A section of a script's own layout, with the script, in one number until the whole
    /// layout is known.
    @inline(__always)
    private static func encodedSection(_ section: Int, script: Script) -> Int32 {
        script.rawValue << 16 | Int32(section)
    }

    /// Groups in one pass over the names: each name's key chosen, placed and keyed at once
    /// (its tie key too, when its key is not its name), in the layout of its script's own
    /// group, since the layout over every script found is known only at the end. The sections
    /// are then renumbered into that layout. Nothing is kept per name but the key and the
    /// section: no key choices, no rewritten keys, no second pass for ties.
    ///
    /// - Returns: nil where a script's placement alone could differ from its placement in the
    ///   whole layout (a script claimed there by another locale's group, or by none), or a
    ///   script code or section too large to carry: ``groupInTwoPasses(_:)`` serves then.
    func groupInOnePass<Source: NameSource>(_ source: Source) -> Grouping? {
        let count = source.count
        // The index, and with it the primary collator, outlives the pass.
        let primary = Unmanaged.passUnretained(primaryCollator.handle)
        // Each record's group is its section until the sort.
        var (table, records, tieBreak, placements) = KeyTable.records(count: count,
                                                                      state: { ScriptPlacements(index: self) }) { i, placements, bytes, section, tie in
            source.withName(i) { name in
                source.withReading(i) { reading in
                    let (choice, romanized) = chooseKey(name: name, reading: reading)
                    guard let placement = placements.placement(for: choice.script) else { return false }
                    let placed = withKey(choice, romanized: romanized, name: name, reading: reading) {
                        appendPlacingKey($0, placement: placement, primary: primary, to: &bytes)
                    }
                    section = Self.encodedSection(placed, script: choice.script)
                    guard !choice.isName else { return false }
                    let collator = placed == placement.overflowSection ? primary : placement.ordering!
                    collator._withUnsafeGuaranteedRef { $0.appendSortKey(name, to: &tie) }
                    return true
                }
            }
        }
        guard !placements.contains(where: \.needsTwoPasses) else { return nil }
        var present = ScriptSet()
        for part in placements { present.formUnion(part.found) }
        placements = []
        let layout = layout(scripts: present.scripts)
        // By script code: what to add to a section of the script's own layout, and which of
        // its sections is `#`.
        var offsets = [Int32](repeating: 0, count: ScriptSet.codeLimit)
        var ownOverflow = [Int32](repeating: 0, count: ScriptSet.codeLimit)
        for script in present.scripts {
            let own = ScriptPlacement(script: script, in: self.layout(ofScript: script))
            let code = Int(script.rawValue)
            ownOverflow[code] = Int32(own.overflowSection)
            switch (own.group, layout.group(ofScript: script)) {
            case (nil, nil):
                break
            case let (group?, number?) where group.placesNames(like: layout.groups[number]):
                offsets[code] = Int32(layout.firstSection[number] - own.firstSection)
            default:
                return nil
            }
        }
        let overflow = Int32(layout.overflowSection)
        ParallelWork.update(&records) { _, record in
            let code = Int(record.group >> 16), own = record.group & 0xFFFF
            record.group = own == ownOverflow[code] ? overflow : own + offsets[code]
        }
        table.sort(&records, tieBreak: tieBreak)
        table.release()
        tieBreak = nil
        return Grouping(layout: layout, order: ParallelWork.map(records) { GroupedOrder.Entries.Packed(position: Int($0.index), section: Int($0.group)) })
    }

    /// Groups in two passes: every name's key choice first, for the layout over every script
    /// found, then the keys in that layout, then the tie keys. What ``groupInOnePass(_:)``
    /// falls back on.
    func groupInTwoPasses<Source: NameSource>(_ source: Source) -> Grouping {
        let count = source.count
        var choices = [KeyChoice](repeating: KeyChoice(script: Script.common, skip: 0, usesReading: false, isRomanized: false),
                                  count: count)
        // Rewritten keys exist only under a romanising Han policy or Korean surname readings:
        // only then is there a slot each.
        var romanized: [String?] = []
        func choose(_ i: Int) -> (KeyChoice, romanized: String?) {
            source.withName(i) { name in source.withReading(i) { chooseKey(name: name, reading: $0) } }
        }
        if rewritesKeys {
            romanized = [String?](repeating: nil, count: count)
            ParallelWork.update(&choices, &romanized) { i, choice, key in (choice, key) = choose(i) }
        } else {
            ParallelWork.update(&choices) { i, choice in choice = choose(i).0 }
        }
        var present = ScriptSet()
        for choice in choices { present.insert(choice.script) }
        let layout = layout(scripts: present.scripts)
        // Each record's group is its section until the sort.
        var (table, records) = KeyTable.records(count: count) { i, bytes, section in
            let choice = choices[i]
            source.withName(i) { name in
                source.withReading(i) { reading in
                    withKey(choice, romanized: choice.isRomanized ? romanized[i] : nil, name: name, reading: reading) { key in
                        section = Int32(appendPlacingKey(key, script: choice.script, in: layout, to: &bytes))
                    }
                }
            }
        }
        // Ties by name, only for entries whose key is not their name as given.
        var needing: [Int] = []
        for i in 0..<count where !choices[i].isName { needing.append(i) }
        let ties = needing.isEmpty ? nil : KeyTable.build(count: needing.count) { slot, bytes in
            let i = needing[slot]
            let collator = orderingCollator(forSection: Int(records[i].group), in: layout)
            source.withName(i) { collator.handle.appendSortKey($0, to: &bytes) }
        }
        // What chose and placed the keys is not needed by the sort: freed before its peak.
        choices = []
        romanized = []
        table.sort(&records, tieBreak: ties.map { TieBreak(keys: $0, owners: TieOwners(count: count, owners: needing)) })
        table.release()
        return Grouping(layout: layout, order: records.map { GroupedOrder.Entries.Packed(position: Int($0.index), section: Int($0.group)) })
    }
}
