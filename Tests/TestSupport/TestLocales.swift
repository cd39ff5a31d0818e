/// Locales the parity tests run beside every locale ICU lists as available.
public enum TestLocales {
    /// The Chinese collation variants, the other collation keywords the fixtures use, and root.
    public static let collationVariants = [
        "zh@collation=pinyin", "zh@collation=stroke", "zh@collation=zhuyin", "zh@collation=unihan",
        "zh_Hant@collation=pinyin", "ja@collation=unihan", "ko@collation=unihan", "ko@collation=searchjl",
        "de@collation=phonebook", "es@collation=traditional", "sv@collation=reformed", "root",
    ]
}
