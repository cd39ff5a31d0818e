internal import CICU

extension ICU {
    /// BCP 47 tag → ICU id; nil when ICU understood less than the whole tag.
    package static func localeID(fromLanguageTag tag: String) -> String? {
        var parsed: Int32 = 0
        let (id, status) = ICU.string { sicu_locale_from_language_tag(tag, $0, $1, &parsed, $2) }
        guard isSuccess(status), Int(parsed) == tag.utf8.count else { return nil }
        return id
    }

    /// ICU id → BCP 47 tag; with `strict`, nil when the id has no well-formed tag.
    package static func languageTag(fromLocaleID id: String, strict: Bool) -> String? {
        let (tag, status) = ICU.string { sicu_locale_to_language_tag(id, strict, $0, $1, $2) }
        return isSuccess(status) ? tag : nil
    }

    package static func canonicalLocaleID(_ id: String) -> String? {
        let (canonical, status) = ICU.string { sicu_locale_canonicalize(id, $0, $1, $2) }
        return isSuccess(status) ? canonical : nil
    }

    /// CLDR likely subtags ("und_Cyrl" → "ru_Cyrl_RU").
    package static func addLikelySubtags(_ id: String) -> String? {
        let (full, status) = ICU.string { sicu_locale_add_likely_subtags(id, $0, $1, $2) }
        return isSuccess(status) ? full : nil
    }

    package static func language(of id: String) -> String {
        ICU.string { sicu_locale_language(id, $0, $1, $2) }.0
    }

    package static func script(of id: String) -> String {
        ICU.string { sicu_locale_script(id, $0, $1, $2) }.0
    }

    package static func region(of id: String) -> String {
        ICU.string { sicu_locale_region(id, $0, $1, $2) }.0
    }

    package static func keyword(_ keyword: String, of id: String) -> String {
        ICU.string { sicu_locale_keyword(id, keyword, $0, $1, $2) }.0
    }

    /// Every locale ICU has data for (`uloc_getAvailable`).
    package static let availableLocaleIDs: [String] = ICU.strings { buffer, capacity, status in
        status.pointee = 0
        return sicu_available_locales(buffer, capacity)
    }.0

    /// The languages ICU has data for.
    package static let availableLanguages: Set<String> = Set(availableLocaleIDs.map(language(of:)))
}
