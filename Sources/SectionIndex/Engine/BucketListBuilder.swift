import Collation

/// ICU's `initLabels` and `createBucketList` (ICU 72 `alphaindex.cpp`), step by step, over
/// primary-strength sort keys instead of repeated comparisons.
struct BucketListBuilder {
    let collator: Collator
    let additional: [LocaleIdentifier]
    let configuration: AlphabeticIndex.Configuration

    private var primary: ICU.CollatorHandle { collator.primaryHandle }

    struct Result {
        var visible: [AlphabeticIndex.Bucket]
        var lowerBounds: [[UInt8]]
        var lowerBoundStrings: [String]
        var displayIndices: [Int]
    }

    /// A bucket while the list is being built.
    private struct Draft {
        var label: String
        var lowerBound: String
        var kind: AlphabeticIndex.BucketKind
        /// Index of the bucket this one shows as, for hidden and merged buckets.
        var display: Int?
    }

    func build() throws(ICUError) -> Result {
        let boundaries = try IndexCharacters.scriptBoundaries(primary: primary)
        let labels = try sortedLabels(boundaries: boundaries)
        return try makeBuckets(labels: labels, boundaries: boundaries)
    }

    // MARK: Labels (initLabels)

    private func sortedLabels(boundaries: [String]) throws(ICUError) -> [String] {
        var initial = try IndexCharacters.primaryLabels(for: collator.locale.icuID, primary: primary)
        for locale in additional { initial += IndexCharacters.exemplarLabels(for: locale.icuID) }
        initial += configuration.additionalLabels
        // ICU holds the initial labels in a UnicodeSet: duplicates collapse.
        var seen = Set<String>()
        initial = initial.filter { seen.insert($0).inserted }

        guard let firstBoundary = boundaries.first, let overflowBoundary = boundaries.last else { return [] }
        let firstKey = key(firstBoundary), overflowKey = key(overflowBoundary)
        var labels: [String] = []
        var keys: [[UInt8]] = []
        for original in initial {
            var item = original
            let scalars = Array(item.unicodeScalars)
            var checkDistinct = false
            if scalars.count > 1 {
                if scalars.last == "*" && scalars[scalars.count - 2] != "*" {
                    // A label marked with one trailing star is kept even if it does not sort
                    // distinctly from its separate characters.
                    item = String(String.UnicodeScalarView(scalars.dropLast()))
                } else {
                    checkDistinct = true
                }
            }
            let itemKey = key(item)
            if compareBytes(itemKey, firstKey) < 0 { continue }        // ignorable or not alphabetic
            if compareBytes(itemKey, overflowKey) >= 0 { continue }    // would land in overflow
            if checkDistinct, compareBytes(itemKey, key(separated(item))) == 0 { continue }
            switch binarySearch(keys, itemKey) {
            case .found(let at):
                if isBetter(item, than: labels[at]) { labels[at] = item }
            case .insert(let at):
                labels.insert(item, at: at)
                keys.insert(itemKey, at: at)
            }
        }
        // Still too many: keep label i only where i * max / (n - 1) changes.
        let size = labels.count - 1
        let maximum = configuration.maximumLabelCount
        if size > maximum {
            var kept: [String] = []
            var old = -1
            for (count, label) in zip(1..., labels) {
                let bump = count * maximum / size
                if bump != old {
                    kept.append(label)
                    old = bump
                }
            }
            labels = kept
        }
        return labels
    }

    private enum SearchResult { case found(Int), insert(Int) }

    /// ICU's `binarySearch` (like Java's Collections.binarySearch), same midpoints.
    private func binarySearch(_ keys: [[UInt8]], _ key: [UInt8]) -> SearchResult {
        guard !keys.isEmpty else { return .insert(0) }
        var start = 0, limit = keys.count
        while true {
            let i = (start + limit) / 2
            let comparison = compareBytes(key, keys[i])
            if comparison == 0 { return .found(i) }
            if comparison < 0 {
                if i == start { return .insert(start) }
                limit = i
            } else {
                if i == start { return .insert(start + 1) }
                start = i
            }
        }
    }

    /// ICU's preference among primary-equal labels: shorter NFKD (in code points), then NFKD
    /// in code point order, then the label in code point order.
    private func isBetter(_ one: String, than other: String) -> Bool {
        let n1 = Array(ICU.nfkd(one).unicodeScalars), n2 = Array(ICU.nfkd(other).unicodeScalars)
        if n1.count != n2.count { return n1.count < n2.count }
        if n1 != n2 { return n1.lexicographicallyPrecedes(n2) { $0.value < $1.value } }
        return one.unicodeScalars.lexicographicallyPrecedes(other.unicodeScalars) { $0.value < $1.value }
    }

    /// The label's code points separated by U+034F COMBINING GRAPHEME JOINER, which blocks
    /// contractions: a label equal to this is not a real multi-character letter.
    private func separated(_ item: String) -> String {
        var result = String.UnicodeScalarView()
        for (i, scalar) in item.unicodeScalars.enumerated() {
            if i > 0 { result.append("\u{034F}") }
            result.append(scalar)
        }
        return String(result)
    }

    private func key(_ s: String) -> [UInt8] { primary.sortKey(s) }

    // MARK: Buckets (createBucketList)

    private func makeBuckets(labels: [String], boundaries: [String]) throws(ICUError) -> Result {
        var drafts = [Draft(label: configuration.underflowLabel, lowerBound: "", kind: .underflow)]
        var hasInvisible = false
        var asciiBuckets = [Int?](repeating: nil, count: 26)
        var pinyinBuckets = [Int?](repeating: nil, count: 26)
        var hasPinyin = false

        var scriptIndex = -1
        var scriptUpperBoundary = ""
        for current in labels {
            let currentKey = key(current)
            if compareBytes(currentKey, key(scriptUpperBoundary)) >= 0 {
                // Crossed into a new script.
                let inflowBoundary = scriptUpperBoundary
                var skippedScript = false
                while true {
                    scriptIndex += 1
                    scriptUpperBoundary = boundaries[scriptIndex]
                    if compareBytes(currentKey, key(scriptUpperBoundary)) < 0 { break }
                    skippedScript = true
                }
                if skippedScript && drafts.count > 1 {
                    drafts.append(Draft(label: configuration.inflowLabel, lowerBound: inflowBoundary, kind: .inflow))
                }
            }
            drafts.append(Draft(label: Self.displayLabel(current), lowerBound: current, kind: .normal))
            let scalars = Array(current.unicodeScalars)
            if scalars.count == 1, ("A"..."Z").contains(scalars[0]) {
                asciiBuckets[Int(scalars[0].value - 0x41)] = drafts.count - 1
            } else if scalars.count == 2, scalars[0] == IndexCharacters.chineseLabelPrefix,
                      ("A"..."Z").contains(scalars[1]) {
                pinyinBuckets[Int(scalars[1].value - 0x41)] = drafts.count - 1
                hasPinyin = true
            }
            // "Æ" or "Sch": strings after the label's first primary belong to the previous
            // single-primary bucket, through a hidden bucket at label + U+FFFF.
            if scalars.first != IndexCharacters.chineseLabelPrefix,
               try primary.primaryWeightCount(current) > 1, scalars.last != IndexCharacters.maximumScalar {
                var j = drafts.count - 2
                while j >= 0 {
                    let single = drafts[j]
                    if single.kind != .normal { break }
                    if single.display == nil, try primary.primaryWeightCount(single.lowerBound) <= 1 {
                        drafts.append(Draft(label: "", lowerBound: current + String(Character(IndexCharacters.maximumScalar)), kind: .normal, display: j))
                        hasInvisible = true
                        break
                    }
                    j -= 1
                }
            }
        }
        if drafts.count == 1 {
            // No real labels: only the underflow bucket.
            return finish(drafts)
        }
        drafts.append(Draft(label: configuration.overflowLabel, lowerBound: scriptUpperBoundary, kind: .overflow))

        if hasPinyin {
            // Each pinyin bucket shows as the nearest A–Z bucket at or before its letter.
            var ascii: Int?
            for letter in 0..<26 {
                if let a = asciiBuckets[letter] { ascii = a }
                if let p = pinyinBuckets[letter], let ascii {
                    drafts[p].display = ascii
                    hasInvisible = true
                }
            }
        }
        if hasInvisible {
            // Merge an inflow bucket into a following inflow or overflow bucket.
            var i = drafts.count - 1
            var next = i
            i -= 1
            while i > 0 {
                defer { i -= 1 }
                if drafts[i].display != nil { continue }
                if drafts[i].kind == .inflow && drafts[next].kind != .normal {
                    drafts[i].display = next
                    continue
                }
                next = i
            }
        }
        return finish(drafts)
    }

    private func finish(_ drafts: [Draft]) -> Result {
        var visibleIndex = [Int](repeating: -1, count: drafts.count)
        var visible: [AlphabeticIndex.Bucket] = []
        for (i, draft) in drafts.enumerated() where draft.display == nil {
            visibleIndex[i] = visible.count
            visible.append(AlphabeticIndex.Bucket(label: draft.label, kind: draft.kind))
        }
        let display = drafts.indices.map { i in drafts[i].display.map { visibleIndex[$0] } ?? visibleIndex[i] }
        return Result(visible: visible, lowerBounds: drafts.map { key($0.lowerBound) },
                      lowerBoundStrings: drafts.map(\.lowerBound), displayIndices: display)
    }

    /// ICU's `fixLabel`: U+FDD0 + a letter shows as the letter; U+FDD0 + U+28nn (a stroke
    /// count in the Braille block) shows as "n劃".
    static func displayLabel(_ label: String) -> String {
        let scalars = Array(label.unicodeScalars)
        guard scalars.first == IndexCharacters.chineseLabelPrefix, scalars.count > 1 else { return label }
        let rest = scalars[1].value
        if rest > 0x2800 && rest <= 0x28FF {
            return "\(rest - 0x2800)劃"
        }
        return String(String.UnicodeScalarView(scalars.dropFirst()))
    }
}
