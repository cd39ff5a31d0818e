import Collation

extension ContactsIndex {
    /// A name's key, ready to be placed: the text that places and orders it, and the script
    /// that decides its group.
    struct PreparedKey {
        var text: String
        var script: Int32
    }

    /// Rule 1: the reading if there is one, else the name; leading white space and
    /// default-ignorable code points skipped. Rule 3: a Han key romanised when the Han policy
    /// says so.
    func prepare(name: String, reading: String?) -> PreparedKey {
        let source = reading.flatMap { $0.isEmpty ? nil : $0 } ?? name
        let key = Self.significantPart(of: source)
        let text = key.startIndex == source.startIndex ? source : String(key)
        // Leading combining marks belong to no script; the first base character decides.
        guard let first = key.unicodeScalars.first(where: { !ICU.isMark($0) }) else {
            return PreparedKey(text: text, script: Script.common)
        }
        let script = ICU.scriptCode(of: first)
        if script == Script.han, case .romanize(let romanizer) = hanHandling {
            return PreparedKey(text: romanizer.romanize(key), script: Script.latin)
        }
        return PreparedKey(text: text, script: script)
    }

    /// The string without its leading white space and default-ignorable code points (ZWSP,
    /// bidi marks, BOM, soft hyphen, …), which are invisible and must not decide a section.
    static func significantPart(of text: String) -> Substring {
        var start = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        while start < scalars.endIndex, ICU.isWhiteSpace(scalars[start]) || ICU.isDefaultIgnorable(scalars[start]) {
            start = scalars.index(after: start)
        }
        return Substring(scalars[start...])
    }

    /// The groups an index over data with these key scripts shows, in order, with the first
    /// section number of each.
    struct Layout {
        var groups: [ContactsGroup] = []
        var groupOfScript: [Int32: Int] = [:]
        var firstSection: [Int] = []
        /// Every label, `#` last.
        var labels: [String] = []
        var overflowSection: Int { labels.count - 1 }

        mutating func append(_ group: ContactsGroup) {
            for script in group.scripts where groupOfScript[script] == nil {
                groupOfScript[script] = groups.count
            }
            firstSection.append(labels.count)
            groups.append(group)
            labels += group.labels
        }
    }

    /// Rule 2: the primary and additional groups, then a group for each other script present
    /// (ordered as the primary collation orders the scripts), then `#`.
    func layout(scripts present: Set<Int32>) -> Layout {
        var layout = Layout()
        for group in fixedGroups { layout.append(group) }
        var extra: [String: (group: ContactsGroup, scripts: Set<Int32>)] = [:]
        for script in present.sorted() where layout.groupOfScript[script] == nil && !Script.isShared(script) {
            var candidate: ContactsGroup?
            if script == Script.han {
                if case .extraGroup(let localeID) = hanHandling { candidate = try? ContactsGroup.shared(localeID: localeID) }
            } else if options.scripts == .auto {
                candidate = ContactsGroup.automatic(for: script)
            } else if script == Script.latin, case .romanize = hanHandling {
                // Romanised Han needs Latin sections even when other scripts get none.
                candidate = try? ContactsGroup.shared(localeID: "en")
            }
            guard let candidate else { continue }
            let claimed = script == Script.han ? [Script.han] : candidate.scripts
            extra[candidate.localeID, default: (candidate, [])].scripts.formUnion(claimed.filter { layout.groupOfScript[$0] == nil })
        }
        let ordered = extra.values.map { entry in
            (group: entry.group.claiming(entry.scripts),
             key: primaryCollator.primarySortKey(entry.group.labels.first ?? ""))
        }.sorted { $0.key < $1.key || ($0.key == $1.key && $0.group.localeID < $1.group.localeID) }
        for entry in ordered { layout.append(entry.group) }
        layout.labels.append(options.overflowLabel)
        return layout
    }

    /// The section number of a prepared key in a layout.
    func section(of key: PreparedKey, in layout: Layout) -> Int {
        guard let groupNumber = layout.groupOfScript[key.script] else { return layout.overflowSection }
        let group = layout.groups[groupNumber]
        let sortKey = group.ordering.handle.sortKey(key.text)
        guard let label = sortKey.withUnsafeBufferPointer(group.labelIndex(forSortKey:)) else {
            return layout.overflowSection
        }
        return layout.firstSection[groupNumber] + label
    }

    /// The collator that orders a section.
    func orderingCollator(forSection section: Int, in layout: Layout) -> Collator {
        guard section != layout.overflowSection,
              let group = layout.firstSection.lastIndex(where: { $0 <= section }) else { return primaryCollator }
        return layout.groups[group].ordering
    }

    /// The labels of the primary and additional groups, then `#`: the index before any data
    /// is seen.
    public var labels: [String] { layout(scripts: []).labels }

    /// Every label an index over these names shows with `--full`: the primary and additional
    /// groups, a group per other script found, `#`.
    public func labels(forNames names: some Sequence<String>, readings: some Sequence<String?> = [String?]()) -> [String] {
        var readingIterator = readings.makeIterator()
        var scripts = Set<Int32>()
        for name in names { scripts.insert(prepare(name: name, reading: readingIterator.next() ?? nil).script) }
        return layout(scripts: scripts).labels
    }

    /// The label of the section a name goes to.
    ///
    /// ```swift
    /// let index = try ContactsIndex(locale: "sv")
    /// index.label(for: "Åsa Nilsson")          // "Å"
    /// index.label(for: "Иван")                 // "И": Cyrillic gets its own group
    /// index.label(for: "田中", reading: "たなか") // "た"
    /// ```
    public func label(for name: String, reading: String? = nil) -> String {
        let key = prepare(name: name, reading: reading)
        let layout = layout(scripts: [key.script])
        return layout.labels[section(of: key, in: layout)]
    }
}
