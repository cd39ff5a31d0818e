// CICU: the only code in SectionIndex that includes ICU's headers.
//
// Swift cannot call ICU by its plain names (urename.h turns `ucol_open` into `ucol_open_72`
// with macros Swift does not import), and a Swift module that sees both Foundation and ICU's
// headers fails to compile because Foundation on Linux carries a private ICU whose C types
// clash with the system's. So this header includes no ICU header: it declares prefixed
// functions over opaque handles, and every status is a plain `int32_t` holding ICU's
// UErrorCode value (0 success, negative a warning, positive an error).
//
// Strings cross this boundary as UTF-8 (pointer + byte length). Functions that return
// strings or bytes write at most `capacity` bytes and return the length they need: a caller
// whose buffer was too small grows it and calls again. Lists of strings come back as one
// buffer of NUL-terminated UTF-8 strings.
#ifndef CICU_H
#define CICU_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Status values callers test for (ICU's own numbers; static_assert'ed in the shim)

enum {
    SICU_ZERO_ERROR = 0,
    SICU_USING_FALLBACK_WARNING = -128,
    SICU_USING_DEFAULT_WARNING = -127,
    SICU_ILLEGAL_ARGUMENT_ERROR = 1,
    SICU_MISSING_RESOURCE_ERROR = 2,
    SICU_BUFFER_OVERFLOW_ERROR = 15,
};

/// The name of an ICU status code ("U_ILLEGAL_ARGUMENT_ERROR"); a static string.
const char *sicu_error_name(int32_t status);

/// The versions of the ICU library loaded at run time (u_getVersion), of its CLDR locale
/// data (ulocdata_getCLDRVersion) and of its Unicode data (u_getUnicodeVersion), each as
/// "72.1"-style text into `out` (at least 20 bytes). `which`: 0 ICU, 1 CLDR, 2 Unicode.
/// Returns the ICU status.
int32_t sicu_runtime_version(int32_t which, char *out, int32_t capacity);

/// Which version sicu_runtime_version reports.
enum {
    SICU_VERSION_ICU = 0,
    SICU_VERSION_CLDR = 1,
    SICU_VERSION_UNICODE = 2,
};

// MARK: - Locale identifiers

/// Converts a BCP 47 tag to an ICU locale id. `parsed_length` receives how many bytes of the
/// tag were understood: less than the tag's length means the tag is ill-formed.
int32_t sicu_locale_from_language_tag(const char *tag, char *out, int32_t capacity,
                                      int32_t *parsed_length, int32_t *status);

/// Converts an ICU locale id to a BCP 47 tag; with `strict`, an id that has no well-formed
/// tag is an error.
int32_t sicu_locale_to_language_tag(const char *locale_id, bool strict, char *out,
                                    int32_t capacity, int32_t *status);

/// Canonicalizes an ICU locale id ("en-us" → "en_US").
int32_t sicu_locale_canonicalize(const char *locale_id, char *out, int32_t capacity,
                                 int32_t *status);

/// CLDR's alias canonicalisation (icu::Locale::createCanonical): deprecated codes become
/// current ones ("iw" → "he", "mo" → "ro", "sh" → "sr_Latn", "tl" → "fil").
int32_t sicu_locale_replace_aliases(const char *locale_id, char *out, int32_t capacity,
                                    int32_t *status);

/// The BCP 47 key of an ICU keyword ("colreorder" → "kr"); the keyword itself when it has
/// none. A static string, or `keyword`.
const char *sicu_locale_unicode_key(const char *keyword);

/// CLDR likely subtags: "und_Cyrl" → "ru_Cyrl_RU".
int32_t sicu_locale_add_likely_subtags(const char *locale_id, char *out, int32_t capacity,
                                       int32_t *status);

/// The language subtag of a locale id ("zh_Hant_TW" → "zh").
int32_t sicu_locale_language(const char *locale_id, char *out, int32_t capacity,
                             int32_t *status);

/// The script subtag of a locale id ("zh_Hant_TW" → "Hant"), empty when absent.
int32_t sicu_locale_script(const char *locale_id, char *out, int32_t capacity,
                           int32_t *status);

/// The region subtag of a locale id ("zh_Hant_TW" → "TW"), empty when absent.
int32_t sicu_locale_region(const char *locale_id, char *out, int32_t capacity,
                           int32_t *status);

/// A keyword's value ("collation" of "zh@collation=stroke" → "stroke"), empty when absent.
int32_t sicu_locale_keyword(const char *locale_id, const char *keyword, char *out,
                            int32_t capacity, int32_t *status);

/// The collation types ICU has for a locale, its root's included ("standard", "search",
/// "traditional", …; ucol_getKeywordValuesForLocale), NUL-separated.
int32_t sicu_collation_types(const char *locale_id, char *out, int32_t capacity,
                             int32_t *status);

/// Every locale ICU has data for (uloc_getAvailable), NUL-separated.
int32_t sicu_available_locales(char *out, int32_t capacity);

/// Whether the locale's own resource bundle, not a parent's or root's, holds index characters
/// (ExemplarCharactersIndex): true for "sv" and "de_AT", false for "en_GB", which inherits
/// English's. False for a locale ICU has no bundle for.
bool sicu_locale_has_own_index_characters(const char *locale_id);

// MARK: - Collator

typedef struct SICUCollator SICUCollator;

/// Opens a collator for an ICU locale id. On success `status` may be
/// SICU_USING_DEFAULT_WARNING, which means ICU serves the locale from root.
SICUCollator *sicu_collator_open(const char *locale_id, int32_t *status);
SICUCollator *sicu_collator_clone(const SICUCollator *collator, int32_t *status);
void sicu_collator_close(SICUCollator *collator);

/// Opens a collator whose rules are `base`'s tailoring followed by `rules` (ICU rule syntax,
/// UTF-8): the base's order with some characters placed anew ("&Г<ґ<<<Ґ"). Attributes set on
/// `base` at run time are not carried over. `parse_offset` receives where in the whole rule
/// text a syntax error is, or -1.
SICUCollator *sicu_collator_open_tailoring(const SICUCollator *base, const char *rules,
                                           int32_t length, int32_t *parse_offset,
                                           int32_t *status);

/// The collator's tailoring rules as UTF-8 (empty for root): what a collator opened with
/// `sicu_collator_open_tailoring` over another base can carry over. Returns the length needed.
int32_t sicu_collator_rules(const SICUCollator *collator, char *out, int32_t capacity,
                            int32_t *status);

enum {
    // Attributes (UColAttribute).
    SICU_ATTR_FRENCH_COLLATION = 0,
    SICU_ATTR_ALTERNATE_HANDLING = 1,
    SICU_ATTR_CASE_FIRST = 2,
    SICU_ATTR_CASE_LEVEL = 3,
    SICU_ATTR_NORMALIZATION_MODE = 4,
    SICU_ATTR_STRENGTH = 5,
    SICU_ATTR_NUMERIC_COLLATION = 7,
    // Values (UColAttributeValue).
    SICU_VALUE_DEFAULT = -1,
    SICU_VALUE_PRIMARY = 0,
    SICU_VALUE_SECONDARY = 1,
    SICU_VALUE_TERTIARY = 2,
    SICU_VALUE_QUATERNARY = 3,
    SICU_VALUE_IDENTICAL = 15,
    SICU_VALUE_OFF = 16,
    SICU_VALUE_ON = 17,
    SICU_VALUE_SHIFTED = 20,
    SICU_VALUE_NON_IGNORABLE = 21,
    SICU_VALUE_LOWER_FIRST = 24,
    SICU_VALUE_UPPER_FIRST = 25,
};

void sicu_collator_set_attribute(SICUCollator *collator, int32_t attribute, int32_t value,
                                 int32_t *status);

/// The locale whose collation data the collator uses ("root" when it fell back), as an ICU id;
/// with `valid`, the most specific requested locale for which ICU has any collation data.
int32_t sicu_collator_locale(const SICUCollator *collator, bool valid, char *out,
                             int32_t capacity, int32_t *status);

/// Compares two UTF-8 strings: -1, 0 or 1.
int32_t sicu_collator_compare_utf8(const SICUCollator *collator, const char *a, int32_t a_length,
                                   const char *b, int32_t b_length, int32_t *status);

/// The sort key of a UTF-8 string, straight from UTF-8 (no UTF-16 copy). Keys of one collator
/// compare with memcmp exactly as the collator compares the strings. Returns the key's length;
/// when it exceeds `capacity` only the first `capacity` bytes were written. The bytes are
/// ICU's; most names get them from the shim's fast path (FastKeys.hpp), the rest from ICU.
int32_t sicu_collator_sort_key_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                    uint8_t *out, int32_t capacity, int32_t *status);

/// A `capacity` of 1 KB or more saves a copy: the fast path then writes the key of a name
/// of up to (capacity - 16) / 14 collation elements straight into `out`.

/// The first `capacity` bytes (or fewer: the whole key) of a UTF-8 string's sort key, made
/// only as far as they reach: a prefix of what sicu_collator_sort_key_utf8 gives, at a cost
/// that does not grow with the string. Returns the bytes written.
int32_t sicu_collator_sort_key_prefix_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                           uint8_t *out, int32_t capacity, int32_t *status);

/// ICU's own answers, without the fast path: what the fast path is tested and measured
/// against. Same contracts as sicu_collator_compare_utf8 and sicu_collator_sort_key_utf8.
int32_t sicu_collator_icu_compare_utf8(const SICUCollator *collator, const char *a, int32_t a_length,
                                       const char *b, int32_t b_length, int32_t *status);
int32_t sicu_collator_icu_sort_key_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                        uint8_t *out, int32_t capacity, int32_t *status);

/// The fast path alone (its table looked up at once, not after the collator's first keys):
/// the key's length, as sicu_collator_sort_key_utf8 returns it, or -1 when the string needs
/// ICU (a contraction, a combining mark, ill-formed UTF-8, …) or the collator's settings have
/// no fast path (quaternary or identical strength).
int32_t sicu_collator_fast_sort_key_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                         uint8_t *out, int32_t capacity);

/// How many collation elements of the string carry a primary weight that is not ignorable
/// (above the variable top when alternate handling is shifted).
int32_t sicu_collator_primary_weight_count_utf8(const SICUCollator *collator, const char *s,
                                                int32_t length, int32_t *status);

/// Every contraction of the collator (tailoring and root) that starts with `first`, as
/// NUL-terminated UTF-8 strings; with `first` < 0, every contraction of two or more code
/// points ("ch" in Czech, "aa" in Danish, "cs" in Hungarian).
int32_t sicu_collator_contractions_starting_with(const SICUCollator *collator, int32_t first,
                                                 char *out, int32_t capacity, int32_t *status);

/// Like sicu_collator_contractions_starting_with, but only among the strings the collator's
/// tailoring defines (ucol_getTailoredSet): much faster, and enough for prefixes that root
/// collation does not use (U+FDD0, the Chinese index labels).
/// With `first` < 0: every string of the tailoring whose first code point is no letter
/// (u_isalpha), such as Hausa's 'y.
int32_t sicu_collator_tailored_strings_starting_with(const SICUCollator *collator, int32_t first,
                                                     char *out, int32_t capacity, int32_t *status);

/// For each of `count` code points, whether the collator's tailoring places it (it is in
/// ucol_getTailoredSet: the locale's rules say where it goes, as Faroese says ä is a variant
/// of æ). Writes `count` flags to `out`.
void sicu_collator_tailors_code_points(const SICUCollator *collator, const int32_t *code_points,
                                       int32_t count, bool *out, int32_t *status);

// MARK: - Locale data

enum {
    SICU_EXEMPLAR_STANDARD = 0,
    SICU_EXEMPLAR_AUXILIARY = 1,
    SICU_EXEMPLAR_INDEX = 2,
};

/// A locale's exemplar set of the given kind, every code point and string of it as
/// NUL-terminated UTF-8. SICU_MISSING_RESOURCE_ERROR when the locale has none of that kind.
int32_t sicu_exemplars(const char *locale_id, int32_t kind, char *out, int32_t capacity,
                       int32_t *status);

// MARK: - Characters and strings

/// Script codes this package names (UScriptCode).
enum {
    SICU_SCRIPT_COMMON = 0,
    SICU_SCRIPT_INHERITED = 1,
    SICU_SCRIPT_BOPOMOFO = 5,
    SICU_SCRIPT_CYRILLIC = 8,
    SICU_SCRIPT_GREEK = 14,
    SICU_SCRIPT_HAN = 17,
    SICU_SCRIPT_HANGUL = 18,
    SICU_SCRIPT_HIRAGANA = 20,
    SICU_SCRIPT_KATAKANA = 22,
    SICU_SCRIPT_LATIN = 25,
    SICU_SCRIPT_UNKNOWN = 103,
};

/// ICU's script code (UScriptCode) of a code point.
int32_t sicu_script_of(int32_t code_point);
/// Whether the code point's Script_Extensions contain the script.
bool sicu_script_has(int32_t code_point, int32_t script);
/// A script's ISO 15924 short name ("Latn"); a static string.
const char *sicu_script_short_name(int32_t script);
/// A script code from a name or ISO 15924 code, or -1.
int32_t sicu_script_code(const char *name);
/// The general category mask (U_GET_GC_MASK) of a code point.
uint32_t sicu_general_category_mask(int32_t code_point);

enum {
    SICU_GC_LETTER_MASK = 0x3e,          // U_GC_L_MASK
    SICU_GC_UNASSIGNED_MASK = 0x1,       // U_GC_CN_MASK
    SICU_GC_MARK_MASK = 0x1c0,           // U_GC_M_MASK
};

/// Binary properties this package asks about.
enum {
    SICU_PROPERTY_ALPHABETIC = 0,
    SICU_PROPERTY_DEFAULT_IGNORABLE = 5,
    SICU_PROPERTY_WHITE_SPACE = 31,
    SICU_PROPERTY_EMOJI_PRESENTATION = 58,
    SICU_PROPERTY_EXTENDED_PICTOGRAPHIC = 64,
};
bool sicu_has_property(int32_t code_point, int32_t property);

/// NFKD of a UTF-8 string.
int32_t sicu_nfkd_utf8(const char *s, int32_t length, char *out, int32_t capacity,
                       int32_t *status);
/// What a UTF-8 string looks like, for telling look-alike labels apart: the UTS #39
/// confusable skeleton (uspoof_getSkeleton) of its NFKC form in capitals, so that labels
/// equal but for case, equal after compatibility normalisation, or confusables of one shape
/// (Đ U+0110, Ð U+00D0, Ɖ U+0189) get equal skeletons.
int32_t sicu_look_alike_skeleton_utf8(const char *s, int32_t length, char *out, int32_t capacity,
                                      int32_t *status);
/// Full upper-casing of a UTF-8 string by a locale's rules.
int32_t sicu_to_upper_utf8(const char *locale_id, const char *s, int32_t length, char *out,
                           int32_t capacity, int32_t *status);

// MARK: - Transliterator

typedef struct SICUTransliterator SICUTransliterator;

/// Opens a transliterator by id ("Han-Latin/Names", "Hiragana-Latin"). Transliterators keep
/// mutable state while they run: one handle must not be used by two threads at once.
SICUTransliterator *sicu_transliterator_open(const char *id, int32_t *status);
void sicu_transliterator_close(SICUTransliterator *transliterator);
int32_t sicu_transliterate_utf8(SICUTransliterator *transliterator, const char *s,
                                int32_t length, char *out, int32_t capacity, int32_t *status);

// MARK: - Reference: ICU's own AlphabeticIndex (C++ only, no C API), for parity and benchmarks

typedef struct SICUReferenceIndex SICUReferenceIndex;

SICUReferenceIndex *sicu_reference_index_open(const char *locale_id, int32_t *status);
void sicu_reference_index_close(SICUReferenceIndex *index);
void sicu_reference_index_add_labels(SICUReferenceIndex *index, const char *locale_id,
                                     int32_t *status);
/// ICU's addLabels(UnicodeSet): each of `count` UTF-8 strings joins the index's labels.
void sicu_reference_index_add_label_set(SICUReferenceIndex *index, const char *const *labels,
                                        int32_t count, int32_t *status);
void sicu_reference_index_set_max_label_count(SICUReferenceIndex *index, int32_t count,
                                              int32_t *status);
/// Sets the underflow, inflow and overflow labels (UTF-8, NUL-terminated; NULL keeps one).
void sicu_reference_index_set_special_labels(SICUReferenceIndex *index, const char *underflow,
                                             const char *inflow, const char *overflow,
                                             int32_t *status);
/// Builds ICU's ImmutableIndex; call once after the settings above.
void sicu_reference_index_build(SICUReferenceIndex *index, int32_t *status);
int32_t sicu_reference_index_bucket_count(const SICUReferenceIndex *index);
/// Bucket label types (UAlphabeticIndexLabelType).
enum {
    SICU_BUCKET_NORMAL = 0,
    SICU_BUCKET_UNDERFLOW = 1,
    SICU_BUCKET_INFLOW = 2,
    SICU_BUCKET_OVERFLOW = 3,
};

/// The label of a visible bucket; `type` receives its SICU_BUCKET_… type.
int32_t sicu_reference_index_bucket_label(const SICUReferenceIndex *index, int32_t bucket,
                                          int32_t *type, char *out, int32_t capacity);
/// The visible bucket of a UTF-8 name (ImmutableIndex::getBucketIndex).
int32_t sicu_reference_index_bucket_of(const SICUReferenceIndex *index, const char *name,
                                       int32_t length, int32_t *status);
/// ICU's record path: addRecord for every name, then walk buckets and records. Writes, in
/// ICU's output order, each record's input position into `order` and its visible bucket
/// into `buckets` (both `count` long).
void sicu_reference_index_group(SICUReferenceIndex *index, const char *const *names,
                                const int32_t *lengths, int32_t count, int32_t *order,
                                int32_t *buckets, int32_t *status);

// MARK: - Search

typedef struct SICUSearchWeigher SICUSearchWeigher;

/// Opens a weigher: it turns text into the primary weights that collation-aware search compares,
/// with `collator`'s rules (the collator must outlive it). It keeps an iteration state: one
/// weigher must not be used by two threads at once.
SICUSearchWeigher *sicu_search_weigher_open(const SICUCollator *collator, int32_t *status);
void sicu_search_weigher_close(SICUSearchWeigher *weigher);

/// Whether the weigher takes a word's weights from the collation fast path's table when it
/// can (the default) or always iterates ICU's collation elements (for tests that compare).
void sicu_search_weigher_set_fast_path(SICUSearchWeigher *weigher, bool enabled);

/// The primary weights of a UTF-8 string, in order: one 32-bit primary per collation element
/// whose primary is above the variable top (white space and punctuation give none; accents,
/// case and width give none at primary strength; expansions give several, contractions one).
/// The text is split into words before it is weighed: a word begins at the first character
/// after white space or punctuation, and at every Han ideograph and Hangul syllable.
/// `word_starts` receives the index in `weights` of the first weight of each word that has
/// any, and `*word_count` how many there are (never more than the weights). Both buffers hold
/// `capacity` entries; returns the number of weights: when it exceeds `capacity`, grow both
/// buffers and call again.
int32_t sicu_search_weights_utf8(SICUSearchWeigher *weigher, const char *s, int32_t length,
                                 uint32_t *weights, int32_t *word_starts, int32_t capacity,
                                 int32_t *word_count, int32_t *status);


#ifdef __cplusplus
}
#endif

#endif  // CICU_H
