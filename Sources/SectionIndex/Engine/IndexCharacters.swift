import Collation
import Synchronization

/// Where index labels come from, as ICU's AlphabeticIndex takes them (ICU 72,
/// `alphaindex.cpp`; CLDR tr35-collation, "Collation Indexes"):
///
/// - The Chinese collations (pinyin, stroke, zhuyin, unihan) carry their labels as
///   contractions that start with U+FDD0; when any is U+FDD0 + an ASCII letter, A–Z join them.
/// - Every other locale uses its CLDR index exemplar characters; when it has none, a
///   reduction of its standard exemplars (a–z if any Latin, 14 Hangul syllables, every eighth
///   Ethiopic letter), upper-cased by the locale's rules.
/// - Script boundaries are the root collation's U+FDD1 contractions whose second code point is
///   a letter (or unassigned, for the implicit weights at the end).
enum IndexCharacters {
    /// U+FDD0: the prefix of the Chinese collations' index contractions.
    static let chineseLabelPrefix = Unicode.Scalar(UInt32(0xFDD0))!
    /// U+FDD1: the prefix of the "first character of a script" contractions.
    static let scriptBoundaryPrefix = Unicode.Scalar(UInt32(0xFDD1))!
    /// U+FFFF: appended to a multi-primary label to bound its hidden redirect bucket.
    static let maximumScalar = Unicode.Scalar(UInt32(0xFFFF))!

    /// The labels a locale adds through `addLabels(locale)`: always its exemplars.
    static func exemplarLabels(for localeID: String) -> [String] {
        if let index = ICU.exemplars(of: localeID, kind: .index) {
            return index
        }
        guard var standard = ICU.exemplars(of: localeID, kind: .standard) else { return [] }
        let coreLatin = (UInt32(0x61)...0x7A).map { String(Character(Unicode.Scalar($0)!)) }
        if standard.isEmpty || standard.contains(where: { isSingle($0, in: 0x61...0x7A) }) {
            standard += coreLatin
        }
        if standard.contains(where: { isSingle($0, in: 0xAC00...0xD7A3) }) {
            standard.removeAll { isSingle($0, in: 0xAC00...0xD7A3) }
            standard += hangulLabels
        }
        if standard.contains(where: { isSingle($0, in: 0x1200...0x137F) }) {
            let kept = ethiopicLabels.filter(standard.contains)
            standard.removeAll { isSingle($0, in: 0x1200...0x137F) }
            standard += kept
        }
        var seen = Set<String>()
        return standard.map { ICU.uppercased($0, localeID: localeID) }.filter { seen.insert($0).inserted }
    }

    /// The initial labels of a primary locale: its collation's U+FDD0 contractions when it has
    /// them, else its exemplars.
    static func primaryLabels(for localeID: String, primary: ICU.CollatorHandle) throws(ICUError) -> [String] {
        // Root collation defines no U+FDD0 contractions (otherwise every locale would get
        // Chinese labels): the tailoring alone has them, and reading it is much cheaper.
        let chinese = try primary.tailoredStrings(startingWith: chineseLabelPrefix)
        guard !chinese.isEmpty else { return exemplarLabels(for: localeID) }
        var labels = chinese
        if chinese.contains(where: { label in
            label.unicodeScalars.last.map { ("A"..."Z").contains($0) } ?? false
        }) {
            labels += (UInt32(0x41)...0x5A).map { String(Character(Unicode.Scalar($0)!)) }
        }
        return labels
    }

    /// The first string of every script, in the collator's order, without primary-ignorable
    /// ones at the start. The last one bounds the overflow bucket.
    static func scriptBoundaries(primary: ICU.CollatorHandle) throws(ICUError) -> [String] {
        let keyed = try rootScriptBoundaries().map { (string: $0, key: PrimaryKey(primary.sortKey($0))) }
            .sorted { $0.key < $1.key }
        let empty = PrimaryKey(primary.sortKey(""))
        return Array(keyed.drop { $0.key == empty }.map(\.string))
    }

    /// The U+FDD1 contractions come from root collation (tailorings reorder scripts but do
    /// not redefine them), so their strings are read once per process; each collator still
    /// sorts them its own way.
    private static func rootScriptBoundaries() throws(ICUError) -> [String] {
        if let cached = rootBoundaryCache.withLock({ $0 }) { return cached }
        let root = try ICU.CollatorHandle(localeID: "root")
        let boundaries = try root.contractions(startingWith: scriptBoundaryPrefix).filter { boundary in
            let scalars = Array(boundary.unicodeScalars)
            return scalars.count > 1 && ICU.isLetterOrUnassigned(scalars[1])
        }
        rootBoundaryCache.withLock { $0 = boundaries }
        return boundaries
    }

    private static let rootBoundaryCache = Mutex<[String]?>(nil)

    private static func isSingle(_ s: String, in range: ClosedRange<UInt32>) -> Bool {
        let scalars = s.unicodeScalars
        return scalars.count == 1 && range.contains(scalars.first!.value)
    }

    /// ICU's 14 Hangul labels 가 나 다 라 마 바 사 아 자 차 카 타 파 하.
    static let hangulLabels = [0xAC00, 0xB098, 0xB2E4, 0xB77C, 0xB9C8, 0xBC14, 0xC0AC,
                               0xC544, 0xC790, 0xCC28, 0xCE74, 0xD0C0, 0xD30C, 0xD558]
        .map { String(Character(Unicode.Scalar(UInt32($0))!)) }

    /// ICU's Ethiopic labels: the first letter of each row of eight.
    static let ethiopicLabels = "ሀለሐመሠረሰሸቀቈቐቘበቨተቸኀኈነኘአከኰኸዀወዐዘዠየደዸጀገጐጘጠጨጰጸፀፈፐፘ".map(String.init)
}
