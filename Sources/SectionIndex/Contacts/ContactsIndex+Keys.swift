import Collation

extension ContactsIndex {
    /// One key per name, in input order, whose plain byte order is the order of
    /// ``sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)``: store them in a database column and
    /// `ORDER BY` it, or sort them anywhere without ICU, and the names come out grouped
    /// exactly as this index groups them.
    ///
    /// ```swift
    /// let index = try ContactsIndex(locale: "sv")
    /// let names = ["Östen", "Anna", "Иван", "42", "Åsa"]
    /// let keys = index.sortKeys(names: names)
    /// names.indices.sorted { keys[$0] < keys[$1] }.map { names[$0] }
    /// // ["Anna", "Åsa", "Östen", "Иван", "42"]: the order of index.sections(of: names)
    /// keys[1].description   // lowercase hex, for a BLOB literal (X'…') or a text column
    /// ```
    ///
    /// A key is made of, in this order:
    ///
    /// 1. The group: `01` and the group's number (2 bytes) for the primary and `additional`
    ///    locales' groups; `02`, the primary collator's primary-strength sort key of the
    ///    group's first label and the group's locale id for a group a script in the data
    ///    brings in; `03` for `#`.
    /// 2. The label's number inside its group (2 bytes).
    /// 3. The sort key of the name's key (its reading, else the name) under the section's
    ///    collator, then the sort key of the name itself.
    /// 4. The entry's position in `names` (4 bytes): the tie-break ``sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)``
    ///    uses for names that collate equal, which also makes every key distinct.
    ///
    /// Variable-length parts are escaped and terminated so that no part can run into the
    /// next. Nothing in a key depends on the other names: a group that only appears when its
    /// script is in the data is ranked by its first label, not by where it lands in this
    /// data's layout, so adding names never changes the key of an entry already there (as
    /// long as its position, the tie-break, stays the same: append new entries, or use
    /// ``sortKey(for:reading:tieBreak:)`` with an identifier of your own).
    ///
    /// Keys are specific to the index's settings and to the ICU version: rebuild them when
    /// either changes.
    ///
    /// - Parameters:
    ///   - names: the display names.
    ///   - readings: their readings, or nil; missing trailing readings count as nil.
    /// - Returns: a key for each name, in the order of `names`.
    /// - Complexity: two sort keys and one bucket search per name.
    public func sortKeys(names: [String], readings: [String?] = []) -> [SortKey] {
        labeledSortKeys(names: names, readings: readings).map(\.key)
    }

    /// The keys of ``sortKeys(names:readings:)`` for a list that is one part of a longer one,
    /// starting at position `firstTieBreak` of the whole, each with the label of its section:
    /// the keys of the parts of a split list, computed apart (on other machines), are the keys
    /// of the whole, and the labels are those ``sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)`` shows.
    ///
    /// ```swift
    /// let index = try ContactsIndex(locale: "sv")
    /// let whole = index.sortKeys(names: ["Östen", "Anna", "Åsa"])
    /// let part = index.labeledSortKeys(names: ["Anna", "Åsa"], firstTieBreak: 1)
    /// part.map(\.key) == Array(whole[1...])   // true
    /// part.map(\.label)                       // ["A", "Å"]
    /// ```
    ///
    /// - Parameters:
    ///   - names: the display names.
    ///   - readings: their readings, or nil; missing trailing readings count as nil.
    ///   - firstTieBreak: the position of the first name in the whole list.
    /// - Returns: a key and a label for each name, in the order of `names`.
    /// - Complexity: two sort keys and one bucket search per name.
    public func labeledSortKeys(names: [String], readings: [String?] = [],
                                firstTieBreak: UInt32 = 0) -> [(key: SortKey, label: String)] {
        precondition(UInt64(names.count) + UInt64(firstTieBreak) <= UInt64(UInt32.max) + 1,
                     "tie-breaks end at \(UInt32.max)")
        var coder = KeyCoder(index: self)
        return names.indices.map { position in
            let reading = position < readings.count ? readings[position] : nil
            let (key, label) = coder.keyAndLabel(name: names[position], reading: reading,
                                                 tieBreak: firstTieBreak + UInt32(position))
            return (SortKey(bytes: key), label)
        }
    }

    /// The key of one entry, as ``sortKeys(names:readings:)`` computes it for an entry at
    /// position `tieBreak`: for a database that adds one row at a time, with the row's own
    /// identifier as the tie-break.
    ///
    /// ```swift
    /// let index = try ContactsIndex(locale: "ja")
    /// let tanaka = index.sortKey(for: "田中", reading: "たなか", tieBreak: 17)
    /// let smith = index.sortKey(for: "Smith", tieBreak: 18)
    /// tanaka < smith   // true: the kana rows come before the Latin group in Japanese
    /// ```
    ///
    /// - Parameters:
    ///   - name: the display name.
    ///   - reading: its reading, or nil.
    ///   - tieBreak: orders entries whose name and reading collate equal.
    public func sortKey(for name: String, reading: String? = nil, tieBreak: UInt32) -> SortKey {
        var coder = KeyCoder(index: self)
        return SortKey(bytes: coder.keyAndLabel(name: name, reading: reading, tieBreak: tieBreak).key)
    }

    /// The keys of the entries `range` of a name source, as ``sortKeys(names:readings:)`` makes
    /// them, read from their UTF-8 bytes the way grouping reads them: one key choice and one
    /// placing key per entry (a second key, of the name, only when the key is not the name).
    /// `body(i, key, label)` gets each key in turn, in a buffer it may not keep, and the UTF-8
    /// of its section's label.
    ///
    /// Nothing in the loop is reference counted once a script's sections are made: the
    /// sections, their prefixes and labels, and the buffer a key is put together in are read
    /// through pointers. Retains and releases were 9 % of `keys`' time, atomic updates on two
    /// cores.
    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    func forEachSortKey<Source: NameSource>(of source: Source, in range: Range<Int>, tieBreakOffset: UInt32,
                                            _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        var coder = KeyCoder(index: self)
        // Each key is put together here in place: room for its prefix (known once the name is
        // placed), the key, the name's key, the tie-break.
        var scratch = ScratchBytes()
        // The index, and with it the primary collator, outlives the loop.
        let primary = Unmanaged.passUnretained(primaryCollator.handle)
        for i in range {
            let tieBreak = tieBreakOffset &+ UInt32(truncatingIfNeeded: i)
            source.withName(i) { name in
                source.withReading(i) { reading in
                    let (choice, romanized) = chooseKey(name: name, reading: reading)
                    // The coder keeps the script's sections for the whole loop.
                    coder.unretainedSections(for: choice.script)._withUnsafeGuaranteedRef { sections in
                        scratch.removeBytes(from: 0)
                        scratch.skip(sections.longestPrefix)
                        let section = withKey(choice, romanized: romanized, name: name, reading: reading) {
                            appendPlacingKey($0, placement: sections.placement, primary: primary, to: &scratch)
                        }
                        let keyEnd = scratch.count
                        scratch.append(0)
                        scratch.append(0)
                        if choice.isName {
                            scratch.appendCopy(of: sections.longestPrefix..<keyEnd)
                        } else {
                            sections.unretainedOrdering[section]._withUnsafeGuaranteedRef { scratch.appendSortKey(name, by: $0) }
                        }
                        let nameKeyEnd = scratch.count
                        scratch.append(0)
                        scratch.append(0)
                        scratch.append(bigEndian: tieBreak)
                        let start = sections.finishKey(section: section, keyEnd: keyEnd, nameKeyEnd: nameKeyEnd, in: &scratch)
                        scratch.withBytes(from: start) { body(i, $0, sections.labelBytes[section]) }
                    }
                }
            }
        }
    }

    /// What keys the names of one script need, worked out once per script: the group that
    /// places them and, for each section of the script's own layout, the bytes a key starts
    /// with (group part and label number), the collator that orders its names, and its label.
    /// A class, so that handing one out per name costs one retain, not one per array it holds;
    /// and what the loop over the names reads per name is held unretained or packed
    /// (``PackedByteStrings``), so that reading it costs none.
    final class ScriptSections {
        /// The group that places the script's names, if any: held here for ``placement``.
        private let group: ContactsGroup?
        /// By section: the group part and the label's number inside its group.
        let prefixes: PackedByteStrings
        /// By section: the collator that orders the section's names; held here for
        /// ``unretainedOrdering``.
        private let ordering: [ICU.CollatorHandle]
        /// Where the script's names go, and ``ordering``, unretained: every core keys names of
        /// the same groups, and retaining their shared objects per name made their reference
        /// counts bounce between the cores.
        let placement: UnretainedPlacement
        let unretainedOrdering: [Unmanaged<ICU.CollatorHandle>]
        /// By section: its label's UTF-8.
        let labelBytes: PackedByteStrings
        /// The length of the longest of ``prefixes``: the room a key is put together after.
        let longestPrefix: Int

        init(index: ContactsIndex, script: Script, layout: Layout, groupPart: (Int) -> [UInt8]) {
            let own = ScriptPlacement(script: script, in: layout)
            group = own.group
            let groupParts = layout.groups.indices.map(groupPart)
            let prefixParts = layout.labels.indices.map { section in
                var writer = OrderedKeyWriter()
                if section == layout.overflowSection {
                    writer.append(0x03)
                    writer.append(bigEndian: UInt16(0))
                } else {
                    let group = layout.firstSection.lastIndex { $0 <= section }!
                    writer.appendBytes(groupParts[group])
                    writer.append(bigEndian: UInt16(section - layout.firstSection[group]))
                }
                return writer.bytes
            }
            prefixes = PackedByteStrings(prefixParts)
            ordering = layout.labels.indices.map { index.orderingCollator(forSection: $0, in: layout).handle }
            labelBytes = PackedByteStrings(layout.labels.map { Array($0.utf8) })
            placement = UnretainedPlacement(own)
            unretainedOrdering = ordering.map(Unmanaged.passUnretained)
            longestPrefix = prefixParts.map(\.count).max() ?? 0
        }

        deinit {
            prefixes.deallocate()
            labelBytes.deallocate()
        }

        /// Finishes the key of an entry of `section` in `scratch`, which holds from its start
        /// ``longestPrefix`` bytes of room, the entry's key (to `keyEnd`), two zero bytes, the
        /// name's key (to `nameKeyEnd`), two zero bytes and the tie-break: puts the section's
        /// prefix just before the key and returns where the finished key starts. The bytes
        /// ``KeyCoder/write(section:script:key:nameKey:tieBreak:)`` writes.
        @inline(__always)
        func finishKey(section: Int, keyEnd: Int, nameKeyEnd: Int, in scratch: inout ScratchBytes) -> Int {
            let prefix = prefixes[section]
            let keyStart = longestPrefix
            // ICU's keys hold no zero byte, so nothing needs escaping: the parts stay as written.
            let hasZero = scratch.withBytes(from: 0) { all in
                OrderedKeyWriter.containsZero(UnsafeBufferPointer(rebasing: all[keyStart..<keyEnd]))
                    || OrderedKeyWriter.containsZero(UnsafeBufferPointer(rebasing: all[(keyEnd + 2)..<nameKeyEnd]))
            }
            guard hasZero else {
                scratch.write(prefix, at: keyStart - prefix.count)
                return keyStart - prefix.count
            }
            var writer = OrderedKeyWriter()
            scratch.withBytes(from: 0) { all in
                writer.appendBytes(Array(prefix))
                writer.appendTerminated(UnsafeBufferPointer(rebasing: all[keyStart..<keyEnd]))
                writer.appendTerminated(UnsafeBufferPointer(rebasing: all[(keyEnd + 2)..<nameKeyEnd]))
                writer.appendBytes(Array(all[(nameKeyEnd + 2)...]))
            }
            scratch.removeBytes(from: 0)
            writer.bytes.withUnsafeBufferPointer { scratch.append($0) }
            return 0
        }
    }

    /// Writes keys, remembering per script what each costs to work out once.
    private struct KeyCoder {
        let index: ContactsIndex
        /// A layout holding only the script's own group: a name's section in it is the same
        /// as in any layout over data with that script.
        /// A class, so that handing one out per entry costs one retain, not one per array
        /// of its layout.
        final class ScriptLayout {
            let layout: Layout
            /// The group part of the key of each of its groups, once worked out.
            var groupParts: [[UInt8]?]

            init(layout: Layout) {
                self.layout = layout
                groupParts = Array(repeating: nil, count: layout.groups.count)
            }
        }
        /// Each script's layout, once made.
        private var layouts = ScriptTable<ScriptLayout>()
        /// What keys of each script's names need, made once; held by ``madeSections``.
        private var sectionsOfScript = ScriptTable<Unmanaged<ScriptSections>>()
        /// Keeps every script's sections alive for as long as the coder: the loop over the
        /// names reads them unretained.
        private var madeSections: [ScriptSections] = []
        /// The last key written.
        private(set) var writer = OrderedKeyWriter()

        init(index: ContactsIndex) { self.index = index }

        mutating func layout(for script: Script) -> ScriptLayout {
            if let known = layouts[script] { return known }
            let made = ScriptLayout(layout: index.layout(ofScript: script))
            layouts[script] = made
            return made
        }

        /// What keys of the script's names need, from the layout of the script's own group;
        /// alive as long as the coder.
        @inline(__always)
        mutating func unretainedSections(for script: Script) -> Unmanaged<ScriptSections> {
            sectionsOfScript[script] ?? Unmanaged.passUnretained(makeSections(for: script))
        }

        private mutating func makeSections(for script: Script) -> ScriptSections {
            let scriptLayout = layout(for: script)
            let made = ScriptSections(index: index, script: script, layout: scriptLayout.layout) { group in
                if scriptLayout.groupParts[group] == nil {
                    scriptLayout.groupParts[group] = groupPart(group, in: scriptLayout.layout)
                }
                return scriptLayout.groupParts[group]!
            }
            madeSections.append(made)
            sectionsOfScript[script] = Unmanaged.passUnretained(made)
            return made
        }

        /// The key of one entry from strings, and its section's label: the library's own path,
        /// one entry at a time.
        mutating func keyAndLabel(name: String, reading: String?, tieBreak: UInt32) -> (key: [UInt8], label: String) {
            let prepared = index.prepare(name: name, reading: reading)
            let layout = layout(for: prepared.script).layout
            let section = index.section(of: prepared, in: layout)
            let collator = index.orderingCollator(forSection: section, in: layout)
            let keyBytes = collator.handle.sortKey(prepared.text)
            let nameBytes = prepared.text == name ? keyBytes : collator.handle.sortKey(name)
            keyBytes.withUnsafeBufferPointer { key in
                nameBytes.withUnsafeBufferPointer { write(section: section, script: prepared.script, key: key, nameKey: $0, tieBreak: tieBreak) }
            }
            return (writer.bytes, layout.labels[section])
        }

        /// Group part, label number, the key, the name's key, the tie-break.
        mutating func write(section: Int, script: Script, key: UnsafeBufferPointer<UInt8>,
                            nameKey: UnsafeBufferPointer<UInt8>, tieBreak: UInt32) {
            let scriptLayout = layout(for: script)
            let layout = scriptLayout.layout
            writer.reset()
            if section == layout.overflowSection {
                writer.append(0x03)
                writer.append(bigEndian: UInt16(0))
            } else {
                let group = layout.firstSection.lastIndex { $0 <= section }!
                if scriptLayout.groupParts[group] == nil {
                    scriptLayout.groupParts[group] = groupPart(group, in: layout)
                }
                writer.appendBytes(scriptLayout.groupParts[group]!)
                writer.append(bigEndian: UInt16(section - layout.firstSection[group]))
            }
            writer.appendTerminated(key)
            writer.appendTerminated(nameKey)
            writer.append(bigEndian: tieBreak)
        }

        /// `01` and the number of a fixed group; `02`, the primary key of the first label and
        /// the locale id of a group the data brings in.
        private func groupPart(_ number: Int, in layout: Layout) -> [UInt8] {
            var writer = OrderedKeyWriter()
            if number < index.fixedGroups.count {
                writer.append(0x01)
                writer.append(bigEndian: UInt16(number))
                return writer.bytes
            }
            let group = layout.groups[number]
            writer.append(0x02)
            writer.appendTerminated(index.primaryCollator.primarySortKey(group.labels.first ?? "").bytes)
            writer.appendTerminated(Array(group.localeID.utf8))
            return writer.bytes
        }
    }
}
