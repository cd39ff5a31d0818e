// Locale exemplar sets, character properties, scripts, normalization and case mapping.
#include "CICU.h"
#include "Support.hpp"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/ulocdata.h>
#include <unicode/uniset.h>
#include <unicode/uscript.h>
#include <unicode/usetiter.h>
#include <unicode/uspoof.h>

static_assert(SICU_PROPERTY_ALPHABETIC == UCHAR_ALPHABETIC, "property mismatch");
static_assert(SICU_PROPERTY_DEFAULT_IGNORABLE == UCHAR_DEFAULT_IGNORABLE_CODE_POINT, "property mismatch");
static_assert(SICU_PROPERTY_WHITE_SPACE == UCHAR_WHITE_SPACE, "property mismatch");
static_assert(SICU_PROPERTY_EMOJI_PRESENTATION == UCHAR_EMOJI_PRESENTATION, "property mismatch");
static_assert(SICU_PROPERTY_EXTENDED_PICTOGRAPHIC == UCHAR_EXTENDED_PICTOGRAPHIC, "property mismatch");
static_assert(SICU_GC_LETTER_MASK == U_GC_L_MASK, "mask mismatch");
static_assert(SICU_GC_UNASSIGNED_MASK == U_GC_CN_MASK, "mask mismatch");
static_assert(SICU_GC_MARK_MASK == U_GC_M_MASK, "mask mismatch");
static_assert(SICU_EXEMPLAR_STANDARD == ULOCDATA_ES_STANDARD, "exemplar kind mismatch");
static_assert(SICU_EXEMPLAR_AUXILIARY == ULOCDATA_ES_AUXILIARY, "exemplar kind mismatch");
static_assert(SICU_EXEMPLAR_INDEX == ULOCDATA_ES_INDEX, "exemplar kind mismatch");
static_assert(SICU_SCRIPT_COMMON == USCRIPT_COMMON, "script mismatch");
static_assert(SICU_SCRIPT_INHERITED == USCRIPT_INHERITED, "script mismatch");
static_assert(SICU_SCRIPT_CYRILLIC == USCRIPT_CYRILLIC, "script mismatch");
static_assert(SICU_SCRIPT_GREEK == USCRIPT_GREEK, "script mismatch");
static_assert(SICU_SCRIPT_BOPOMOFO == USCRIPT_BOPOMOFO, "script mismatch");
static_assert(SICU_SCRIPT_HAN == USCRIPT_HAN, "script mismatch");
static_assert(SICU_SCRIPT_HANGUL == USCRIPT_HANGUL, "script mismatch");
static_assert(SICU_SCRIPT_HIRAGANA == USCRIPT_HIRAGANA, "script mismatch");
static_assert(SICU_SCRIPT_KATAKANA == USCRIPT_KATAKANA, "script mismatch");
static_assert(SICU_SCRIPT_LATIN == USCRIPT_LATIN, "script mismatch");
static_assert(SICU_SCRIPT_UNKNOWN == USCRIPT_UNKNOWN, "script mismatch");

namespace {

int32_t normalize(const icu::Normalizer2 *normalizer, UErrorCode code, const char *s,
                  int32_t length, char *out, int32_t capacity, int32_t *status) {
    if (U_FAILURE(code)) { *status = code; return 0; }
    icu::UnicodeString result = normalizer->normalize(sicu::fromUTF8(s, length), code);
    *status = code;
    return U_FAILURE(code) ? 0 : sicu::copyOut(result, out, capacity);
}

}  // namespace

extern "C" {

int32_t sicu_exemplars(const char *locale_id, int32_t kind, char *out, int32_t capacity,
                       int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ULocaleData *data = ulocdata_open(locale_id, &code);
    if (U_FAILURE(code)) { *status = code; return 0; }
    icu::UnicodeSet set;
    ulocdata_getExemplarSet(data, set.toUSet(), 0, static_cast<ULocaleDataExemplarSetType>(kind),
                            &code);
    ulocdata_close(data);
    *status = code;
    if (U_FAILURE(code)) { return 0; }
    std::string all;
    icu::UnicodeSetIterator it(set);
    while (it.next()) {
        it.getString().toUTF8String(all);
        all.push_back('\0');
    }
    return sicu::copyOut(all, out, capacity);
}

int32_t sicu_script_of(int32_t code_point) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(code_point, &code);
    return U_FAILURE(code) ? USCRIPT_INVALID_CODE : script;
}

bool sicu_script_has(int32_t code_point, int32_t script) {
    return uscript_hasScript(code_point, static_cast<UScriptCode>(script));
}

const char *sicu_script_short_name(int32_t script) {
    const char *name = uscript_getShortName(static_cast<UScriptCode>(script));
    return name == nullptr ? "" : name;
}

int32_t sicu_script_code(const char *name) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode scripts[4];
    int32_t count = uscript_getCode(name, scripts, 4, &code);
    return (U_FAILURE(code) || count < 1) ? -1 : scripts[0];
}

uint32_t sicu_general_category_mask(int32_t code_point) { return U_GET_GC_MASK(code_point); }

bool sicu_has_property(int32_t code_point, int32_t property) {
    return u_hasBinaryProperty(code_point, static_cast<UProperty>(property));
}

int32_t sicu_nfkd_utf8(const char *s, int32_t length, char *out, int32_t capacity,
                       int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const icu::Normalizer2 *nfkd = icu::Normalizer2::getNFKDInstance(code);
    return normalize(nfkd, code, s, length, out, capacity, status);
}

int32_t sicu_look_alike_skeleton_utf8(const char *s, int32_t length, char *out, int32_t capacity,
                                      int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const icu::Normalizer2 *nfkc = icu::Normalizer2::getNFKCInstance(code);
    if (U_FAILURE(code)) { *status = code; return 0; }
    // In capitals, as an index shows letters: lower-case eth ð is drawn unlike đ, and ǝ
    // (of Ǝ) like ə (of Ə), but Ð is Đ and Ǝ is not Ə.
    icu::UnicodeString folded = nfkc->normalize(sicu::fromUTF8(s, length), code);
    folded.toUpper(icu::Locale::getRoot());
    // One checker for the process: opening one reads the confusables data, and a checker
    // that is not changed may be used from any thread (uspoof.h, "thread safety").
    static USpoofChecker *checker = uspoof_open(&code);
    if (checker == nullptr || U_FAILURE(code)) { *status = U_FAILURE(code) ? code : U_MEMORY_ALLOCATION_ERROR; return 0; }
    icu::UnicodeString skeleton;
    uspoof_getSkeletonUnicodeString(checker, 0, folded, skeleton, &code);
    *status = code;
    return U_FAILURE(code) ? 0 : sicu::copyOut(skeleton, out, capacity);
}

int32_t sicu_to_upper_utf8(const char *locale_id, const char *s, int32_t length, char *out,
                           int32_t capacity, int32_t *status) {
    icu::UnicodeString text = sicu::fromUTF8(s, length);
    text.toUpper(icu::Locale(locale_id));
    *status = U_ZERO_ERROR;
    return sicu::copyOut(text, out, capacity);
}

}  // extern "C"
