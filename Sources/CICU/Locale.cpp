// Locale ids, BCP 47 tags, likely subtags, versions and error names.
#include "CICU.h"
#include "Support.hpp"

#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/ures.h>
#include <unicode/ulocdata.h>
#include <unicode/uversion.h>

static_assert(SICU_USING_FALLBACK_WARNING == U_USING_FALLBACK_WARNING, "ICU status mismatch");
static_assert(SICU_USING_DEFAULT_WARNING == U_USING_DEFAULT_WARNING, "ICU status mismatch");
static_assert(SICU_ILLEGAL_ARGUMENT_ERROR == U_ILLEGAL_ARGUMENT_ERROR, "ICU status mismatch");
static_assert(SICU_MISSING_RESOURCE_ERROR == U_MISSING_RESOURCE_ERROR, "ICU status mismatch");
static_assert(SICU_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "ICU status mismatch");

extern "C" {

const char *sicu_error_name(int32_t status) {
    return u_errorName(static_cast<UErrorCode>(status));
}

int32_t sicu_runtime_version(int32_t which, char *out, int32_t capacity) {
    if (capacity < U_MAX_VERSION_STRING_LENGTH) return U_BUFFER_OVERFLOW_ERROR;
    UVersionInfo version = {};
    UErrorCode status = U_ZERO_ERROR;
    switch (which) {
    case SICU_VERSION_ICU: u_getVersion(version); break;
    case SICU_VERSION_CLDR: ulocdata_getCLDRVersion(version, &status); break;
    case SICU_VERSION_UNICODE: u_getUnicodeVersion(version); break;
    default: return U_ILLEGAL_ARGUMENT_ERROR;
    }
    if (U_FAILURE(status)) return status;
    u_versionToString(version, out);
    return status;
}

int32_t sicu_locale_from_language_tag(const char *tag, char *out, int32_t capacity,
                                      int32_t *parsed_length, int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_forLanguageTag(tag, buffer, size, parsed_length, code);
    });
}

int32_t sicu_locale_to_language_tag(const char *locale_id, bool strict, char *out,
                                    int32_t capacity, int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_toLanguageTag(locale_id, buffer, size, strict, code);
    });
}

int32_t sicu_locale_canonicalize(const char *locale_id, char *out, int32_t capacity,
                                 int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_canonicalize(locale_id, buffer, size, code);
    });
}

int32_t sicu_locale_replace_aliases(const char *locale_id, char *out, int32_t capacity,
                                    int32_t *status) {
    icu::Locale canonical = icu::Locale::createCanonical(locale_id);
    if (canonical.isBogus()) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    *status = U_ZERO_ERROR;
    return sicu::copyOut(std::string(canonical.getName()), out, capacity);
}

const char *sicu_locale_unicode_key(const char *keyword) {
    const char *key = uloc_toUnicodeLocaleKey(keyword);
    return key != nullptr ? key : keyword;
}

int32_t sicu_locale_add_likely_subtags(const char *locale_id, char *out, int32_t capacity,
                                       int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_addLikelySubtags(locale_id, buffer, size, code);
    });
}

int32_t sicu_locale_language(const char *locale_id, char *out, int32_t capacity,
                             int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_getLanguage(locale_id, buffer, size, code);
    });
}

int32_t sicu_locale_script(const char *locale_id, char *out, int32_t capacity,
                           int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_getScript(locale_id, buffer, size, code);
    });
}

int32_t sicu_locale_region(const char *locale_id, char *out, int32_t capacity,
                           int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_getCountry(locale_id, buffer, size, code);
    });
}

int32_t sicu_locale_keyword(const char *locale_id, const char *keyword, char *out,
                            int32_t capacity, int32_t *status) {
    return sicu::fillOut(out, capacity, status, [&](char *buffer, int32_t size, UErrorCode *code) {
        return uloc_getKeywordValue(locale_id, keyword, buffer, size, code);
    });
}

int32_t sicu_collation_types(const char *locale_id, char *out, int32_t capacity,
                             int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UEnumeration *types = ucol_getKeywordValuesForLocale("collation", locale_id, false, &code);
    std::string all;
    while (U_SUCCESS(code)) {
        const char *type = uenum_next(types, nullptr, &code);
        if (type == nullptr) break;
        all += type;
        all.push_back('\0');
    }
    uenum_close(types);
    *status = U_FAILURE(code) ? code : U_ZERO_ERROR;
    return U_FAILURE(code) ? 0 : sicu::copyOut(all, out, capacity);
}

int32_t sicu_available_locales(char *out, int32_t capacity) {
    std::string all;
    int32_t count = uloc_countAvailable();
    for (int32_t i = 0; i < count; ++i) {
        all += uloc_getAvailable(i);
        all.push_back('\0');
    }
    return sicu::copyOut(all, out, capacity);
}

bool sicu_locale_has_own_index_characters(const char *locale_id) {
    // ures_openDirect opens the one bundle, with no fallback to a parent or root, so a key
    // found in it is the locale's own.
    UErrorCode code = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(nullptr, locale_id, &code);
    if (U_FAILURE(code)) return false;
    UResourceBundle *index = ures_getByKey(bundle, "ExemplarCharactersIndex", nullptr, &code);
    bool found = U_SUCCESS(code);
    ures_close(index);
    ures_close(bundle);
    return found;
}

}  // extern "C"
