internal import CICU

extension ICU {
    /// BCP 47 tag → ICU id; nil when ICU understood less than the whole tag.
    package static func localeID(fromLanguageTag tag: String) -> String? {
        var parsed: Int32 = 0
        guard let id = try? ICU.string("parsing a language tag", input: tag, {
            sicu_locale_from_language_tag(tag, $0, $1, &parsed, $2)
        }), Int(parsed) == tag.utf8.count else { return nil }
        return id
    }

    /// ICU id → BCP 47 tag; with `strict`, nil when the id has no well-formed tag.
    package static func languageTag(fromLocaleID id: String, strict: Bool) -> String? {
        try? ICU.string("making a language tag", input: id) { sicu_locale_to_language_tag(id, strict, $0, $1, $2) }
    }

    package static func canonicalLocaleID(_ id: String) -> String? {
        try? ICU.string("canonicalizing a locale id", input: id) { sicu_locale_canonicalize(id, $0, $1, $2) }
    }

    /// CLDR's aliases replaced: "iw" → "he", "mo" → "ro", "sh" → "sr_Latn", "tl" → "fil".
    package static func replacingAliases(_ id: String) -> String? {
        try? ICU.string("replacing locale aliases", input: id) { sicu_locale_replace_aliases(id, $0, $1, $2) }
    }

    /// The BCP 47 key of an ICU keyword ("colreorder" → "kr", "collation" → "co").
    package static func unicodeKey(of keyword: String) -> String {
        String(cString: sicu_locale_unicode_key(keyword))
    }

    /// CLDR likely subtags ("und_Cyrl" → "ru_Cyrl_RU").
    package static func addLikelySubtags(_ id: String) -> String? {
        try? ICU.string("adding likely subtags", input: id) { sicu_locale_add_likely_subtags(id, $0, $1, $2) }
    }

    // A subtag ICU cannot read from an id (an id it cannot parse) is empty, as for an id
    // without that subtag.

    package static func language(of id: String) -> String {
        (try? ICU.string("reading the language", input: id) { sicu_locale_language(id, $0, $1, $2) }) ?? ""
    }

    package static func script(of id: String) -> String {
        (try? ICU.string("reading the script", input: id) { sicu_locale_script(id, $0, $1, $2) }) ?? ""
    }

    package static func region(of id: String) -> String {
        (try? ICU.string("reading the region", input: id) { sicu_locale_region(id, $0, $1, $2) }) ?? ""
    }

    package static func keyword(_ keyword: String, of id: String) -> String {
        (try? ICU.string("reading a keyword", input: id) { sicu_locale_keyword(id, keyword, $0, $1, $2) }) ?? ""
    }

    /// The collation types ICU has for a locale, root's included ("standard", "search",
    /// "traditional", "emoji", "eor" for "sv").
    package static func collationTypes(of id: String) -> [String] {
        (try? ICU.strings("listing collation types", input: id) { sicu_collation_types(id, $0, $1, $2) }) ?? []
    }

    /// Every locale ICU has data for (`uloc_getAvailable`, which cannot fail).
    package static let availableLocaleIDs: [String] = (try? ICU.strings("listing locales") { buffer, capacity, status in
        status.pointee = 0
        return sicu_available_locales(buffer, capacity)
    }) ?? []

    /// Whether ICU's data for this very locale, not inherited from a parent or root, lists its
    /// index characters (CLDR's `exemplarCharacters type="index"`): `sv`, `de_AT` and `ha_NE`
    /// do; `en_GB` and `pt_PT` inherit theirs, and a locale ICU has no data for has none.
    package static func hasOwnIndexCharacters(_ id: String) -> Bool {
        sicu_locale_has_own_index_characters(id)
    }

    /// The languages ICU has data for.
    /// Whether ICU has locale data of its own for this id ("sr_Latn", "uz_Arab"), not only its
    /// parent's or root's ("ru_Latn").
    package static func hasLocaleData(_ localeID: String) -> Bool { availableLocaleIDSet.contains(localeID) }

    private static let availableLocaleIDSet = Set(availableLocaleIDs)

    package static let availableLanguages: Set<String> = Set(availableLocaleIDs.map(language(of:)))
}
