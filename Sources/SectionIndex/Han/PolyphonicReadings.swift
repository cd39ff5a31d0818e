/// Characters common in Chinese given names that have more than one reading, with every
/// reading a name may use: 张长春 is Zhāng Chángchūn to some and Zhāng Zhǎngchūn to others,
/// and a search must find it by either (`changchun`, `zcc`). ICU's Han-Latin gives one.
///
/// ```swift
/// PolyphonicReadings.readings["长"]   // ["cháng", "zhǎng"]
/// PolyphonicReadings.readings["伟"]   // nil: one reading
/// ```
///
/// Readings from 《现代汉语词典》 (7th edition), checked against the Unihan database's
/// kHanyuPinyin field (汉语大字典 readings); traditional forms (長, 樂, 單, …) carry the
/// readings of their simplified forms. Only readings a personal name uses, and only
/// characters whose readings differ in letters (和 hé/hè differ only in tone, which search
/// ignores; 着 zhe is a particle). Surnames keep their surname reading (``ChineseSurnames``):
/// the table serves the given name.
enum PolyphonicReadings {
    static let readings: [Character: [String]] = {
        var table: [Character: [String]] = [:]
        for (characters, readings) in entries {
            for character in characters { table[character] = readings }
        }
        return table
    }()

    /// Simplified and traditional forms, then the readings, the commoner first.
    private static let entries: [(String, [String])] = [
        ("长長", ["cháng", "zhǎng"]),
        ("乐樂", ["lè", "yuè"]),
        ("行", ["xíng", "háng"]),
        ("重", ["zhòng", "chóng"]),
        ("曾", ["céng", "zēng"]),
        ("单單", ["dān", "shàn", "chán"]),
        ("朝", ["cháo", "zhāo"]),
        ("觉覺", ["jué", "jiào"]),
        ("传傳", ["chuán", "zhuàn"]),
        ("调調", ["diào", "tiáo"]),
        ("还還", ["hái", "huán"]),
        ("都", ["dōu", "dū"]),
        ("会會", ["huì", "kuài"]),
        ("着著", ["zhuó", "zháo"]),
        ("大", ["dà", "dài"]),
        ("藏", ["cáng", "zàng"]),
        ("省", ["shěng", "xǐng"]),
        ("乘", ["chéng", "shèng"]),
        ("降", ["jiàng", "xiáng"]),
        ("率", ["shuài", "lǜ"]),
        ("便", ["biàn", "pián"]),
        ("奇", ["qí", "jī"]),
        ("强強", ["qiáng", "jiàng"]),
        ("盛", ["shèng", "chéng"]),
        ("区區", ["qū", "ōu"]),
        ("秘", ["mì", "bì"]),
        ("种種", ["zhǒng", "chóng"]),
        ("参參", ["cān", "shēn"]),
        ("薄", ["báo", "bó"]),
        ("解", ["jiě", "xiè"]),
        ("查", ["chá", "zhā"]),
        ("朴", ["pǔ", "piáo"]),
        ("仇", ["chóu", "qiú"]),
        ("宿", ["sù", "xiǔ"]),
        ("卜", ["bǔ", "bo"]),
        ("翟", ["zhái", "dí"]),
        ("缪繆", ["miào", "móu", "miù"]),
        ("差", ["chā", "chāi", "cī"]),
        ("弹彈", ["tán", "dàn"]),
        ("阿", ["ā", "ē"]),
        ("露", ["lù", "lòu"]),
        ("柏", ["bǎi", "bó"]),
        ("莎", ["shā", "suō"]),
        ("茜", ["qiàn", "xī"]),
        ("蔚", ["wèi", "yù"]),
        ("尉", ["wèi", "yù"]),
    ]
}
