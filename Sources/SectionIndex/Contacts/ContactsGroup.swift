import Collation
import Synchronization

/// One group of a contacts index: the labels of one locale, the scripts it claims, and the
/// collators that place and order names in it.
final class ContactsGroup: Sendable {
    /// Which letters a group has besides its language's own (<doc:ContactsStyle>, rule 6).
    enum Letters: String, Sendable {
        /// The language's own letters only: the group files a script the list's own language
        /// writes (the primary and additional locales' scripts, Latin under Chinese, Japanese
        /// and Korean). A letter of another language goes where the group's collation files it,
        /// with its base letter (Łukasz under L in an English list), except one that has no
        /// base letter among the labels (Þ, Ə), which keeps a section of its own, shown when a
        /// name is under it, and one that looks like a label of the group's own (Ð in a
        /// Croatian list, like Đ), which goes under that label.
        case own
        /// The language's own letters and every other language's of its scripts: the group
        /// files a script of other languages for the list (Cyrillic in an English list, by
        /// Russian's letters plus Ukrainian І, Serbian Ј, Kazakh Қ …).
        case withOtherLanguages
    }

    let localeID: String
    /// Whether the group adds other languages' letters.
    let letters: Letters
    /// ICU-style index of the locale alone: its normal buckets are the group's labels.
    let index: AlphabeticIndex
    /// Orders names inside the group's sections: the locale's collation, numeric on.
    let ordering: Collator
    /// The labels, in order.
    let labels: [String]
    /// For each label, whether it is another language's letter (``ExtraLetters``): shown only
    /// when a name is in its section, or with `full`.
    let isExtra: [Bool]
    /// For each visible bucket of ``index``, its position in ``labels``, or nil for the
    /// underflow, inflow and overflow buckets (those names go to `#`).
    let labelOfBucket: [Int?]
    /// The ICU script codes the group claims.
    let scripts: Set<Script>
    /// The index's bucket lower bounds keyed with ``ordering``'s primary weights, so that one
    /// sort key per name both places it (its primary part) and orders it (all of it), each
    /// with the visible bucket of ``index`` its names go to.
    let placementBounds: PrimaryBounds
    /// Bytes of a name's primary key that decide its bucket: one more than the longest of
    /// the bounds, so that a key cut there compares with every bound as the whole
    /// key does.
    let placementKeyBytes: Int
    /// Letters ``ordering`` spells with a leading sign, each with the script of the letter
    /// after the sign: Hausa `'y` (CLDR ha collation &Y<ƴ<<<ʼy<<<'y). Read from the tailoring
    /// once, when the group is built; empty for almost every locale.
    let signLetters: [(bytes: [UInt8], script: Script)]
    /// Letters of other languages that ``ordering`` files with one of the labels, with
    /// sections of their own among ``labels`` (``TailoredLetters``); nil when there are none.
    let tailoring: TailoredPlacement?
    /// Where labels that look alike were merged (``LookAlikeLabels``): the position in
    /// ``labels`` of each label before the merge, as ``labelOfBucket`` and ``tailoring`` give
    /// them. Nil when no two labels looked alike, as for almost every group.
    let positionAfterMerge: [Int]?

    private init(localeID: String, letters: Letters, index: AlphabeticIndex, ordering: Collator, scripts: Set<Script>,
                 extras: Set<String>) {
        self.localeID = localeID
        self.letters = letters
        self.index = index
        self.ordering = ordering
        signLetters = ((try? ordering.handle.tailoredStringsStartingWithNonLetters()) ?? []).compactMap { letter in
            let scalars = Array(letter.unicodeScalars)
            guard scalars.count > 1, Script(of: scalars[0]) == Script.common else { return nil }
            return (Array(letter.utf8), Script(of: scalars[1]))
        }
        var labels: [String] = []
        // A sign is no letter a name starts with (TailoredLetters.dropsLabel): its bucket's
        // names go to the label before, or to `#` when none is.
        var previous: Int?
        let shownOfBound = ContactsLetters.shownLabels(of: localeID)
        let labelOfBucket = index.buckets.map { bucket -> Int? in
            guard bucket.kind == .normal else {
                previous = nil
                return nil
            }
            if TailoredLetters.dropsLabel(bucket.label, of: localeID) { return previous }
            // A section that starts at another text than it shows (ContactsLetters.shownLabels):
            // Yiddish פּ shows as פ and joins the פ bucket after it; Oromo Sh shows as SH.
            let shown = shownOfBound[bucket.label] ?? bucket.label
            if let previous, labels[previous] == shown { return previous }
            labels.append(shown)
            previous = labels.count - 1
            return previous
        }
        let isExtra = labels.map(extras.contains)
        self.scripts = scripts
        let (bounds, displayIndices) = Self.placementBounds(of: index, ordering: ordering)
        let placementBounds = PrimaryBounds(keys: bounds, displayIndices: displayIndices)
        self.placementBounds = placementBounds
        placementKeyBytes = (bounds.map(\.count).max() ?? 0) + 1
        let tailoring = TailoredLetters.placement(localeID: localeID, scripts: scripts, labels: labels, labelOf: { text in
            ordering.handle.sortKey(text).withUnsafeBufferPointer { key in
                Self.label(ofSortKey: key, bounds: placementBounds, labelOfBucket: labelOfBucket)
            }
        }, ordering: ordering, otherLanguages: letters == .own ? .lookingLikeOwn : .all)
        self.tailoring = tailoring
        var finalLabels = labels
        var finalIsExtra = isExtra
        if let tailoring {
            finalLabels = tailoring.labels
            self.labelOfBucket = labelOfBucket.map { $0.map { tailoring.positionOfLabel[$0] } }
            var shownWhenUsed = tailoring.isExtra
            for (label, position) in tailoring.positionOfLabel.enumerated() { shownWhenUsed[position] = isExtra[label] }
            finalIsExtra = shownWhenUsed
        } else {
            self.labelOfBucket = labelOfBucket
        }
        // No two labels that look alike (Đ and Ð, ك and ک): one section, under the group's own.
        let merge = LookAlikeLabels.merge(finalLabels, isExtra: finalIsExtra)
        // Letters of other languages in a row come in the order of the language they are from.
        let order = ExtraLetters.languageOrder(of: merge.labels, isExtra: merge.isExtra)
        self.labels = order.map { merge.labels[$0] }
        self.isExtra = order.map { merge.isExtra[$0] }
        var positionOfLabel = [Int](repeating: 0, count: order.count)
        for (position, label) in order.enumerated() { positionOfLabel[label] = position }
        let moved = order.enumerated().contains { $0.offset != $0.element }
        if let merged = merge.positionAfterMerge {
            positionAfterMerge = merged.map { positionOfLabel[$0] }
        } else {
            positionAfterMerge = moved ? positionOfLabel : nil
        }
    }

    /// A copy that claims other scripts or shows other labels, sharing everything else.
    private init(_ other: ContactsGroup, scripts: Set<Script>, labels: [String]? = nil, isExtra: [Bool]? = nil,
                 labelOfBucket: [Int?]? = nil, positionAfterMerge: [Int]?? = .none, keepsTailoring: Bool = true) {
        tailoring = keepsTailoring ? other.tailoring : nil
        localeID = other.localeID
        letters = other.letters
        self.positionAfterMerge = positionAfterMerge ?? other.positionAfterMerge
        index = other.index
        ordering = other.ordering
        self.labels = labels ?? other.labels
        self.isExtra = isExtra ?? other.isExtra
        self.labelOfBucket = labelOfBucket ?? other.labelOfBucket
        placementBounds = other.placementBounds
        placementKeyBytes = other.placementKeyBytes
        signLetters = other.signLetters
        self.scripts = scripts
    }

    /// The same group with one more label, last, for the names its index's overflow bucket
    /// holds (Japanese 他): no per-name work beyond the bucket search every name has.
    func closing(with label: String) -> ContactsGroup {
        var labelOfBucket = labelOfBucket
        // The new label's position before any merge, one past the last there.
        let unmerged = positionAfterMerge?.count ?? labels.count
        for (number, bucket) in index.buckets.enumerated() where bucket.kind == .overflow {
            labelOfBucket[number] = unmerged
        }
        return ContactsGroup(self, scripts: scripts, labels: labels + [label], isExtra: isExtra + [false], labelOfBucket: labelOfBucket,
                             positionAfterMerge: .some(positionAfterMerge.map { $0 + [labels.count] }))
    }

    /// The label (position in ``labels``) of a key made by ``ordering``, or nil when it falls
    /// outside the labels (before the first, between scripts, after the last).
    /// `text` is the key's UTF-8: a name in the section of a label that letters of other
    /// languages share (``tailoring``) may start with one of them.
    @inline(__always)
    func labelIndex(forSortKey key: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let label = Self.label(ofSortKey: key, bounds: placementBounds, labelOfBucket: labelOfBucket) else { return nil }
        let unmerged = tailoring?.label(of: text, filedAt: label) ?? label
        guard let positionAfterMerge else { return unmerged }
        return positionAfterMerge[unmerged]
    }

    /// The index's bucket bounds as primary keys of `ordering`, in that collator's order, each
    /// with the visible bucket its names go to. ICU puts the hidden bucket of a label of
    /// several letters (Kako Ŋg, at Ŋg + U+FFFF) right after the label, though U+FFFF sorts
    /// after every letter, so that a longer label starting with it (Ŋgb) comes after the
    /// hidden bucket, and its names past it (Ŋgo) go back to the nearest single letter (Ŋ)
    /// (ICU style keeps that). Here the bounds are sorted, and a hidden bucket sends its names
    /// to the longest label its own starts with (Ŋgo → Ŋg: CLDR kkj index characters …
    /// Ŋ Ŋg Ŋgb Ŋgw O, a letter of the alphabet each, so a name files under the longest one it
    /// starts with), else where ICU sends them.
    private static func placementBounds(of index: AlphabeticIndex, ordering: Collator) -> ([[UInt8]], [Int]) {
        let strings = index.lowerBoundStrings
        var displayIndices = index.displayIndices
        for (number, bound) in strings.enumerated() where bound.unicodeScalars.last == "\u{FFFF}" {
            let label = String(bound.unicodeScalars.dropLast())
            let prefixes = strings.indices.filter { other in
                let text = strings[other]
                return other != number && !text.isEmpty && text.unicodeScalars.last != "\u{FFFF}" && text != label
                    && label.unicodeScalars.starts(with: text.unicodeScalars) && text.unicodeScalars.count > 1
            }
            if let longest = prefixes.max(by: { strings[$0].unicodeScalars.count < strings[$1].unicodeScalars.count }) {
                displayIndices[number] = index.displayIndices[longest]
            }
        }
        let keys = strings.map { bound in
            let key = ordering.handle.sortKey(bound)
            return Array(key.prefix(key.primaryLength(from: 0, to: key.count)))
        }
        let order = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) || (keys[$0] == keys[$1] && $0 < $1) }
        return (order.map { keys[$0] }, order.map { displayIndices[$0] })
    }

    /// The label a sort key's primary part (the bytes before the first level separator)
    /// falls under by the buckets' bounds alone, before any ``tailoring``: what
    /// ``labelIndex(forSortKey:text:)`` starts from, and what the tailoring is built on.
    @inline(__always)
    private static func label(ofSortKey key: UnsafeBufferPointer<UInt8>, bounds: PrimaryBounds,
                              labelOfBucket: [Int?]) -> Int? {
        var primaryEnd = 0
        while primaryEnd < key.count, key[primaryEnd] > 1 { primaryEnd += 1 }
        let bucket = bounds.bucketIndex(forPrimaryKey: UnsafeBufferPointer(rebasing: key[..<primaryEnd]))
        return labelOfBucket[bucket]
    }

    /// The group of a locale: ICU's index of the locale with the letters ``ContactsLetters``
    /// adds for it and the caller's labels (`--labels`), as ICU's `addLabels` adds a set, then
    /// the letters of other languages of its scripts that its collation sorts apart
    /// (``ExtraLetters``), and those it sorts with one of its labels (``TailoredLetters``):
    /// with ``Letters/own``, only those that have no base letter among its labels, or that
    /// look like one of them.
    private convenience init(localeID: String, addedLabels: [String], letters: Letters) throws(IndexError) {
        let own = ContactsLetters.letters(for: localeID) + addedLabels
        // Where ICU's collation files the language against its alphabet, the group's index and
        // order both use contacts style's rules (ContactsCollation).
        let ordering: Collator
        let indexCollator: Collator?
        do {
            indexCollator = try ContactsCollation.collator(for: localeID, options: .localeDefaults)
            if let tailored = try ContactsCollation.collator(for: localeID, options: Collator.Options()) {
                ordering = tailored
            } else {
                ordering = try Collator(locale: localeID)
            }
        } catch { throw .collation(error) }
        var index = try AlphabeticIndex(.init(locale: localeID, additionalLabels: own), collator: indexCollator)
        var scripts = Set<Script>()
        for bucket in index.buckets where bucket.kind == .normal {
            guard let first = bucket.label.unicodeScalars.first else { continue }
            let script = Script(of: first)
            if !script.isShared { scripts.insert(script) }
        }
        // Kana is one writing system in two scripts: a kana group claims both.
        if !scripts.isDisjoint(with: [Script.hiragana, Script.katakana]) {
            scripts.formUnion([Script.hiragana, Script.katakana])
        }
        let ownLabels = index.buckets.filter { $0.kind == .normal }.map(\.label)
        var extras = ExtraLetters.letters(among: ExtraLetters.candidates(for: scripts), apartFrom: ownLabels,
                                          collator: index.collator)
        if letters == .own { extras = LookAlikeLabels.withoutBaseLetter(extras, among: ownLabels, collator: index.collator) }
        if !extras.isEmpty {
            // Room for every extra letter: ICU's cap of 99 would thin the group's own labels.
            index = try AlphabeticIndex(.init(locale: localeID, additionalLabels: own + extras,
                                              maximumLabelCount: max(99, ownLabels.count + extras.count)),
                                        collator: indexCollator)
        }
        let ownSet = Set(ownLabels)
        let extraLabels = Set(index.buckets.lazy.filter { $0.kind == .normal && !ownSet.contains($0.label) }.map(\.label))
        self.init(localeID: localeID, letters: letters, index: index, ordering: ordering, scripts: scripts, extras: extraLabels)
    }

    /// Whether this group places and keys every name as `other` does, with the same label
    /// numbers: the same group, or the same locale's group claiming other scripts.
    func placesNames(like other: ContactsGroup) -> Bool {
        self === other
            || (localeID == other.localeID && ordering == other.ordering && labels == other.labels
                && labelOfBucket == other.labelOfBucket && placementBounds == other.placementBounds
                && tailoring === other.tailoring
                && positionAfterMerge == other.positionAfterMerge)
    }

    /// The same group claiming only some scripts.
    func claiming(_ scripts: Set<Script>) -> ContactsGroup {
        scripts == self.scripts ? self : ContactsGroup(self, scripts: scripts)
    }

    /// Groups are built once per locale per process: building one opens collators and reads
    /// CLDR data, which costs milliseconds.
    private static let cache = Mutex<[String: ContactsGroup]>([:])

    static func shared(localeID: String, addedLabels: [String] = [], letters: Letters = .withOtherLanguages) throws(IndexError) -> ContactsGroup {
        let cacheKey = ([letters.rawValue, localeID] + addedLabels).joined(separator: "\u{0}")
        if let group = cache.withLock({ $0[cacheKey] }) { return group }
        let group = try ContactsGroup(localeID: localeID, addedLabels: addedLabels, letters: letters)
        return cache.withLock { cache in
            if let existing = cache[cacheKey] { return existing }
            cache[cacheKey] = group
            return group
        }
    }

    /// Whether a list of this primary locale files Latin names by its own letters, A–Z, with
    /// no other language's letters (``Letters/own``): Chinese, Japanese and Korean write
    /// foreign names in the 26 letters of English (CLDR zh index characters A–Z, the pinyin
    /// sections; Android's contacts index for ja and ko adds English's A–Z and no other Latin
    /// letters, `ContactLocaleUtils`).
    static func filesLatinAsOwn(primaryLocaleID: String) -> Bool {
        ["zh", "ja", "ko", "yue"].contains(ICU.language(of: primaryLocaleID))
    }

    /// The locale CLDR's likely subtags give for a script ("Cyrl" → "ru"), if its index
    /// claims that script.
    static func automatic(for script: Script) -> ContactsGroup? {
        if let known = automaticCache.withLock({ $0[script] }) { return known }
        let group = findAutomatic(for: script)
        automaticCache.withLock { $0[script] = .some(group) }
        return group
    }

    /// The group of a language in another of its scripts ("sr" in Latin → "sr_Latn"), if ICU
    /// has data for it and its index claims that script: a Serbian list's Cyrillic names get
    /// Serbian letters (Ђ Љ Ћ Џ Ј), not Russian ones. It is the list's own language, so it
    /// has the language's own letters only (``Letters/own``).
    static func sameLanguage(_ language: String, script: Script) -> ContactsGroup? {
        let key = language + "_" + script.shortName
        if let known = sameLanguageCache.withLock({ $0[key] }) { return known }
        var group: ContactsGroup?
        if !script.shortName.isEmpty, ICU.hasLocaleData(key), mayClaim(script, localeID: key),
           let candidate = try? shared(localeID: key, letters: .own),
           candidate.scripts.contains(script),
           ICU.language(of: candidate.localeID) == language {
            group = candidate
        }
        sameLanguageCache.withLock { $0[key] = .some(group) }
        return group
    }

    /// Language and script → the language's group in that script, or nil; decided once.
    private static let sameLanguageCache = Mutex<[String: ContactsGroup?]>([:])

    /// Script → its automatic group, or nil when no locale's index claims it; decided once.
    private static let automaticCache = Mutex<[Script: ContactsGroup?]>([:])

    private static func findAutomatic(for script: Script) -> ContactsGroup? {
        let code = script.shortName
        guard !code.isEmpty else { return nil }
        guard let likely = ICU.addLikelySubtags("und_" + code) else { return nil }
        let language = ICU.language(of: likely)
        guard !language.isEmpty, language != "und" else { return nil }
        // "und_Hang" gives "ko_Hang_KR", but ICU's data for Korean lives under "ko" (an id
        // with a non-default script falls back to root): try the language first.
        for localeID in [language, language + "_" + ICU.script(of: likely)] where mayClaim(script, localeID: localeID) {
            if let group = try? shared(localeID: localeID), group.scripts.contains(script) { return group }
        }
        return ofLetters(script, localeID: language + "_" + code)
    }

    /// Whether the group of a locale (without added labels) can claim a script, decided without
    /// building it: its scripts are those of its index's first labels, which are among the
    /// labels the index starts from (its U+FDD0 contractions or exemplars, shown without the
    /// U+FDD0) and ``ContactsLetters``' letters. A list met a dozen scripts and built a group for
    /// each in the primary language ("en_Cyrl", "ja_Thaa"), milliseconds each, only to find
    /// that none claims its script.
    private static func mayClaim(_ script: Script, localeID: String) -> Bool {
        // The collator the group's index would use (``ContactsCollation``'s where it has one).
        guard let collator = (try? ContactsCollation.collator(for: localeID, options: .localeDefaults))
                ?? (try? Collator(locale: localeID, options: .localeDefaults)),
              let initial = try? IndexCharacters.primaryLabels(for: collator.locale.icuID, primary: collator.primaryHandle)
        else { return false }
        let kana: Set<Script> = [Script.hiragana, Script.katakana]
        return (initial + ContactsLetters.letters(for: localeID)).contains { label in
            let scalars = label.unicodeScalars
            guard var first = scalars.first else { return false }
            if first == IndexCharacters.chineseLabelPrefix {
                guard let second = scalars.dropFirst().first else { return false }
                first = second
            }
            let labelScript = Script(of: first)
            return labelScript == script || (kana.contains(script) && kana.contains(labelScript))
        }
    }

    /// At most this many letters make a group of a script's own letters: an alphabet or
    /// abjad (Thaana 47, N'Ko 33, Syriac, Mongolian), not a syllabary of hundreds or
    /// thousands, which gets a label per row of its chart if ``SyllabaryRows`` has it (Yi,
    /// Canadian syllabics), else leaves its names in `#`.
    static let maximumOwnLetters = 150

    /// A group for a script no locale of ICU's covers (Thaana, Syriac, N'Ko, Mongolian): a
    /// label for every letter of the script that root collation sorts apart, in root order
    /// (Unicode's order where there is no tailoring), as ICU would build it from the letters.
    /// `localeID` is the script's likely locale, which ICU serves from root (`dv_Thaa`).
    private static func ofLetters(_ script: Script, localeID: String) -> ContactsGroup? {
        // A syllabary gets a label per row of its chart instead (Yi, Canadian syllabics).
        if let rows = SyllabaryRows.labels(for: script) {
            return (try? shared(localeID: localeID, addedLabels: rows))?.keepingLabels(of: script)
        }
        let code = Int(script.rawValue)
        let letters = lettersOfScript.indices.contains(code) ? lettersOfScript[code] : []
        if letters.count > maximumOwnLetters { return nil }
        guard !letters.isEmpty, let group = try? shared(localeID: localeID, addedLabels: letters) else { return nil }
        return group.keepingLabels(of: script)
    }

    /// The letters (Lo, Lu, Lt) from U+0080 to U+2FFFF of each script (by its ICU code), in
    /// code point order, each list stopping one past ``maximumOwnLetters``: one pass over the
    /// code points for the process instead of one per script ``ofLetters(_:localeID:)`` meets,
    /// and the letter test only for scripts still short of that.
    private static let lettersOfScript: [[String]] = {
        var letters: [[String]] = []
        for value in UInt32(0x80)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let code = Int(Script(of: scalar).rawValue)
            guard code >= 0 else { continue }
            if code >= letters.count { letters += Array(repeating: [], count: code + 1 - letters.count) }
            guard letters[code].count <= maximumOwnLetters else { continue }
            switch scalar.properties.generalCategory {
            case .otherLetter, .uppercaseLetter, .titlecaseLetter: letters[code].append(String(scalar))
            default: continue
            }
        }
        return letters
    }()

    /// The same group with only the labels of one script, claiming only that script: names
    /// of the script before its first label, or in a dropped label's bucket, go to `#`.
    private func keepingLabels(of script: Script) -> ContactsGroup {
        var kept: [String] = []
        var keptExtra: [Bool] = []
        let labelOfBucket = index.buckets.map { bucket -> Int? in
            guard bucket.kind == .normal, let first = bucket.label.unicodeScalars.first, Script(of: first) == script,
                  let position = labels.firstIndex(of: bucket.label) else { return nil }
            kept.append(bucket.label)
            keptExtra.append(isExtra[position])
            return kept.count - 1
        }
        // A script's own letters have no table entries (``TailoredLetters`` serves Latin and
        // Cyrillic): the kept labels need no tailoring.
        return ContactsGroup(self, scripts: [script], labels: kept, isExtra: keptExtra, labelOfBucket: labelOfBucket,
                             positionAfterMerge: .some(nil), keepsTailoring: false)
    }
}

/// ICU's scripts, by name: `Script.han`.
typealias Script = ICU.Script
