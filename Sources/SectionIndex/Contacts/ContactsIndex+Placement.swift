import Collation

extension ContactsIndex {
    /// A name's key, ready to be placed: the text that places and orders it, and the script
    /// that decides its group.
    struct PreparedKey {
        var text: String
        var script: Script
    }

    /// Which bytes of an entry are its key (rules 1 and 3), without copying them. Twelve
    /// bytes per entry: a million entries' choices fit in 12 MB.
    struct KeyChoice {
        /// The script of the first base character; Latin for romanised Han.
        var script: Script
        /// Leading bytes of white space and default-ignorable code points to skip.
        var skip: Int32
        /// The key is the reading, not the name.
        var usesReading: Bool
        /// The key is rewritten, kept beside the choice: the pinyin of a Han name, or a Korean
        /// name with its Hanja surname replaced by its Hangul surname reading.
        var isRomanized: Bool

        /// The key is the name exactly as given: no second key is needed to break ties.
        var isName: Bool { !usesReading && skip == 0 && !isRomanized }
    }

    /// Rule 1: the reading if there is one, else the name; leading white space and
    /// default-ignorable code points skipped. Rule 3: a Han key romanised when the Han policy
    /// says so, or a Hanja surname read as a Korean surname (the rewritten key is returned
    /// beside the choice).
    func chooseKey(name: UnsafeBufferPointer<UInt8>, reading: UnsafeBufferPointer<UInt8>?) -> (KeyChoice, romanized: String?) {
        let source = reading ?? name
        var offset = 0
        while offset < source.count {
            // Most names start with ASCII, answered without asking ICU (the answers are ICU's:
            // ``isASCIIWhiteSpace(_:)``).
            if source[offset] < 0x80 {
                guard Self.isASCIIWhiteSpace(source[offset]) else { break }
                offset += 1
                continue
            }
            let (scalar, length) = UTF8Scalars.decode(source, at: offset)
            guard ICU.isWhiteSpace(scalar) || ICU.isDefaultIgnorable(scalar) else { break }
            offset += length
        }
        let skip = offset
        // Leading combining marks belong to no script, nor does a letter of the Common script
        // (the Hawaiian ʻokina ʻ, U+02BB, a letter after W in haw collation): the first base
        // character of a script decides, and the key still starts with the ʻokina.
        var script = Script.common
        while offset < source.count {
            if source[offset] < 0x80 {
                // An ASCII character is no mark, and decides: a letter is Latin, the rest Common
                // and no letter (``asciiScript(_:)``).
                script = Self.asciiScript(source[offset])
                break
            }
            let (scalar, length) = UTF8Scalars.decode(source, at: offset)
            if !ICU.isMark(scalar) {
                let found = Script(of: scalar)
                if found != Script.common || !ICU.isLetterOrUnassigned(scalar) {
                    script = found
                    break
                }
            }
            offset += length
        }
        if script == Script.common, !signLetters.isEmpty, offset < source.count,
           let letter = signLetters.first(where: { letter in
               source.count - offset >= letter.bytes.count && zip(source[offset...], letter.bytes).allSatisfy { $0 == $1 }
           }) {
            script = letter.script
        }
        if script == Script.han, case .romanize(let romanizer) = hanHandling {
            let key = String(decoding: UnsafeBufferPointer(rebasing: source[skip...]), as: UTF8.self)
            return (KeyChoice(script: Script.latin, skip: Int32(skip), usesReading: reading != nil, isRomanized: true),
                    romanizer.key(of: key[...]))
        }
        if script == Script.han, readsKoreanSurnames,
           let key = KoreanSurnames.key(of: String(decoding: UnsafeBufferPointer(rebasing: source[skip...]), as: UTF8.self)[...]) {
            return (KeyChoice(script: Script.hangul, skip: Int32(skip), usesReading: reading != nil, isRomanized: true), key)
        }
        if let zhuyinSections, script == Script.han || script == Script.bopomofo,
           zhuyinSections.mayRewrite(startingWith: UTF8Scalars.decode(source, at: offset).0, personalNames: options.names == .personal),
           let key = zhuyinSections.key(of: String(decoding: UnsafeBufferPointer(rebasing: source[skip...]), as: UTF8.self)[...],
                                        personalNames: options.names == .personal) {
            return (KeyChoice(script: script, skip: Int32(skip), usesReading: reading != nil, isRomanized: true), key)
        }
        if let letterVariants, script == letterVariants.script,
           letterVariants.letters[UTF8Scalars.decode(source, at: offset).0] != nil,
           let key = LetterVariants.key(of: String(decoding: UnsafeBufferPointer(rebasing: source[skip...]), as: UTF8.self)[...],
                                        letters: letterVariants.letters) {
            return (KeyChoice(script: script, skip: Int32(skip), usesReading: reading != nil, isRomanized: true), key)
        }
        return (KeyChoice(script: script, skip: Int32(skip), usesReading: reading != nil, isRomanized: false), nil)
    }

    /// Whether an ASCII byte is White_Space (tab to carriage return, space); no ASCII code
    /// point is Default_Ignorable. What ICU answers for each (checked by the tests).
    @inline(__always)
    static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// The script of an ASCII byte as ``chooseKey(name:reading:)`` takes it: Latin for a
    /// letter, else Common (ICU's script of every other ASCII code point, none of them a letter
    /// or a mark; checked by the tests).
    @inline(__always)
    static func asciiScript(_ byte: UInt8) -> Script {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") ? Script.latin : Script.common
    }

    /// Runs `body` over the key's UTF-8 bytes.
    @inline(__always)
    func withKey<R>(_ choice: KeyChoice, romanized: String?, name: UnsafeBufferPointer<UInt8>,
                    reading: UnsafeBufferPointer<UInt8>?, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let romanized { return romanized.withUTF8Buffer(body) }
        let source = choice.usesReading ? reading! : name
        return body(UnsafeBufferPointer(rebasing: source[Int(choice.skip)...]))
    }

    /// The key of one entry as a string (the single-entry paths: `label(for:)`, insertion).
    func prepare(name: String, reading: String?) -> PreparedKey {
        let reading = reading.flatMap { $0.isEmpty ? nil : $0 }
        return name.withUTF8Buffer { nameBytes in
            func finish(_ readingBytes: UnsafeBufferPointer<UInt8>?) -> PreparedKey {
                let (choice, romanized) = chooseKey(name: nameBytes, reading: readingBytes)
                if choice.isName { return PreparedKey(text: name, script: choice.script) }
                let text = withKey(choice, romanized: romanized, name: nameBytes, reading: readingBytes) {
                    String(decoding: $0, as: UTF8.self)
                }
                return PreparedKey(text: text, script: choice.script)
            }
            guard let reading else { return finish(nil) }
            return reading.withUTF8Buffer { finish($0) }
        }
    }

    /// The groups an index over data with these key scripts shows, in order, with the first
    /// section number of each.
    struct Layout {
        var groups: [ContactsGroup] = []
        /// The group each script's names go to: looked up per name.
        private var groupOfScript = ScriptTable<Int32>()
        var firstSection: [Int] = []
        /// Every label, `#` last.
        var labels: [String] = []
        /// For each label, whether it is another language's letter (``ExtraLetters``), shown
        /// only when a name is in it or with `full`.
        var isExtra: [Bool] = []
        var overflowSection: Int { labels.count - 1 }
        /// `#` is the overflow; every other section is a letter.
        func kind(ofSection number: Int) -> SectionKind { number == overflowSection ? .overflow : .letter }

        /// The group that claims a script, if any.
        @inline(__always)
        func group(ofScript script: Script) -> Int? {
            groupOfScript[script].map(Int.init)
        }

        mutating func append(_ group: ContactsGroup) {
            for script in group.scripts where groupOfScript[script] == nil {
                groupOfScript[script] = Int32(groups.count)
            }
            firstSection.append(labels.count)
            groups.append(group)
            labels += group.labels
            isExtra += group.isExtra
        }

        /// The labels without the extra letters no section in `used` holds.
        func labels(using used: some Sequence<Int>) -> [String] {
            var holdsEntry = [Bool](repeating: false, count: labels.count)
            for section in used { holdsEntry[section] = true }
            return labels.indices.filter { FullIndex.shows(holdsEntry: holdsEntry[$0], isExtraLetter: isExtra[$0]) }.map { labels[$0] }
        }
    }

    /// ``layout(scripts:)`` of one script, made once per index: the same layout every time.
    func layout(ofScript script: Script) -> Layout {
        if let known = scriptLayouts.known.withLock({ $0[script] }) { return known }
        let made = layout(scripts: [script])
        scriptLayouts.known.withLock { $0[script] = made }
        return made
    }

    /// Rule 2: the primary and additional groups, then a group for each other script present
    /// (ordered as the primary collation orders the scripts), then `#`.
    func layout(scripts present: Set<Script>) -> Layout {
        var layout = Layout()
        for group in fixedGroups { layout.append(group) }
        var extra: [String: (group: ContactsGroup, scripts: Set<Script>)] = [:]
        for script in present.sorted() where layout.group(ofScript: script) == nil && !script.isShared {
            var candidate: ContactsGroup?
            if script == Script.han || hanGroup?.scripts.contains(script) == true {
                // The group added for Han claims its own scripts too: a zhuyin index has one
                // set of Bopomofo sections, for Han names and names typed in Bopomofo alike.
                candidate = hanGroup
            } else if options.scripts == .auto {
                // The primary (or an additional) locale's own language in that script first
                // (sr-Latn's Cyrillic names by Serbian letters), else the script's likely locale.
                candidate = fixedGroups.lazy.compactMap { ContactsGroup.sameLanguage(ICU.language(of: $0.localeID), script: script) }.first
                    ?? ContactsGroup.automatic(for: script)
            } else if script == Script.latin, case .romanize = hanHandling {
                // Romanised Han needs Latin sections even when other scripts get none.
                candidate = try? ContactsGroup.shared(localeID: HanHandling.latinGroupLocaleID)
            }
            guard var candidate else { continue }
            // Chinese, Japanese and Korean lists write Latin names with English's A–Z: the list's
            // own letters for Latin, not every Latin language's.
            if script == Script.latin, candidate.letters != .own, ContactsGroup.filesLatinAsOwn(primaryLocaleID: locale.icuID),
               let own = try? ContactsGroup.shared(localeID: candidate.localeID, letters: .own) {
                candidate = own
            }
            let claimed = candidate === hanGroup ? candidate.scripts.union([Script.han]) : candidate.scripts
            extra[candidate.localeID, default: (candidate, [])].scripts.formUnion(claimed.filter { layout.group(ofScript: $0) == nil })
        }
        let ordered = extra.values.map { entry in
            (group: entry.group.claiming(entry.scripts),
             key: primaryCollator.primarySortKey(entry.group.labels.first ?? ""))
        }.sorted { $0.key < $1.key || ($0.key == $1.key && $0.group.localeID < $1.group.localeID) }
        for entry in ordered { layout.append(entry.group) }
        layout.labels.append(options.overflowLabel)
        layout.isExtra.append(false)
        return layout
    }

    /// The section number of a prepared key in a layout.
    func section(of key: PreparedKey, in layout: Layout) -> Int {
        guard let groupNumber = layout.group(ofScript: key.script) else { return layout.overflowSection }
        let group = layout.groups[groupNumber]
        let sortKey = group.ordering.handle.sortKey(key.text)
        let label = sortKey.withUnsafeBufferPointer { sortKey in
            key.text.withUTF8Buffer { group.labelIndex(forSortKey: sortKey, text: $0) }
        }
        guard let label else {
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
    /// is seen, without the letters of other languages (<doc:ContactsStyle>, rule 6), which
    /// only names bring in.
    public var labels: [String] { layout(scripts: []).labels(using: []) }

    /// The full index over these names (``GroupedOrder/fullIndexSections``): the primary and
    /// additional groups, a group per other script found, the letters of other languages that
    /// a name is under, `#`; the labels of
    /// ``sections(of:name:reading:full:pinned:)-(_,KeyPath<C.Element,String>,_,_,_)`` with `full`.
    public func labels(forNames names: some Sequence<String>, readings: some Sequence<String?> = [String?]()) -> [String] {
        var readingIterator = readings.makeIterator()
        let keys = names.map { prepare(name: $0, reading: readingIterator.next() ?? nil) }
        let layout = layout(scripts: Set(keys.map(\.script)))
        return layout.labels(using: layout.isExtra.contains(true) ? keys.map { section(of: $0, in: layout) } : [])
    }

    /// Every label an index over the names of `source` shows, read from their UTF-8 bytes on
    /// every core: no string per name and nothing kept per name (what the command line's
    /// `labels` needs for a file of any size). The full index, `full` or not (one definition,
    /// ``GroupedOrder/fullIndexSections``): every label of the groups the names' scripts bring
    /// in, the letters of other languages (<doc:ContactsStyle>, rule 6) only where a name is
    /// under them; `full` is accepted for the command line's `--full`.
    ///
    /// - Complexity: one key choice per name, as grouping makes, spread over the cores, and one
    ///   placing key for each name of a group that has letters of other languages.
    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    public func labels<Source: NameSource>(of source: Source, full: Bool) -> [String] {
        labels(ofParts: CollectionOfOne(source), full: full)
    }

    /// Every label an index over the names of all the parts together shows, each part read on
    /// every core as it comes and not kept: only the set of scripts found, and without `full`
    /// the letters of other languages a name is under, are carried from part to part.
    public func labels<Parts: Sequence>(ofParts parts: Parts, full: Bool) -> [String] where Parts.Element: NameSource {
        var scripts = ScriptSet()
        var usedExtras = Set<String>()
        for source in parts {
            let ranges = ParallelWork.chunks(of: source.count, into: ParallelWork.chunkCount(for: source.count))
            let found = ParallelWork.map(count: ranges.count) { part in
                var scripts = ScriptSet()
                var extras = ExtraLetterFinder(index: self)
                for i in ranges[part] {
                    source.withName(i) { name in
                        source.withReading(i) { reading in
                            let (choice, romanized) = chooseKey(name: name, reading: reading)
                            scripts.insert(choice.script)
                            extras.note(choice, romanized: romanized, name: name, reading: reading)
                        }
                    }
                }
                return (scripts, extras.used)
            }
            for (partScripts, partExtras) in found {
                scripts.formUnion(partScripts)
                usedExtras.formUnion(partExtras)
            }
        }
        // `full` or not, the full index: the letters of other languages only where a name is.
        let layout = layout(scripts: scripts.scripts)
        return layout.labels.indices.filter {
            FullIndex.shows(holdsEntry: usedExtras.contains(layout.labels[$0]), isExtraLetter: layout.isExtra[$0])
        }.map { layout.labels[$0] }
    }

    /// Finds the letters of other languages that names are under, one worker's share: a name
    /// of a group without such letters costs a look-up, one of a group with them the first
    /// bytes of a primary key (the section needs no more).
    private struct ExtraLetterFinder {
        let index: ContactsIndex
        /// What a script's names need: nothing when its group has no extra letters; else its
        /// placement, unretained (a copy per name costs no reference counting, which two
        /// cores on the same group made a tenth of `labels`' time), and its layout's number
        /// in ``layouts``, which keeps the group alive.
        private enum Need {
            case nothing
            case placing(UnretainedPlacement, layout: Int)
        }
        /// What each script met so far needs.
        private var needs = ScriptTable<Need>()
        private var layouts: [Layout] = []
        var used = Set<String>()

        init(index: ContactsIndex) { self.index = index }

        mutating func note(_ choice: KeyChoice, romanized: String?, name: UnsafeBufferPointer<UInt8>,
                           reading: UnsafeBufferPointer<UInt8>?) {
            let script = choice.script
            let need = needs[script] ?? lookUp(script)
            guard case let .placing(placement, number) = need else { return }
            let section = index.withKey(choice, romanized: romanized, name: name, reading: reading) {
                index.placingSection($0, placement: placement)
            }
            if layouts[number].isExtra[section] { used.insert(layouts[number].labels[section]) }
        }

        private mutating func lookUp(_ script: Script) -> Need {
            let layout = index.layout(ofScript: script)
            let placement = ScriptPlacement(script: script, in: layout)
            var need = Need.nothing
            if let group = placement.group, group.isExtra.contains(true) {
                layouts.append(layout)
                need = .placing(UnretainedPlacement(placement), layout: layouts.count - 1)
            }
            needs[script] = need
            return need
        }
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
        let layout = layout(ofScript: key.script)
        return layout.labels[section(of: key, in: layout)]
    }
}
