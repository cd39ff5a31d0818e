// The collator: open, configure, compare and key UTF-8 strings, inspect contractions.
#include "CICU.h"
#include "CollatorHandle.hpp"
#include "FastKeys.hpp"
#include "Support.hpp"

#include <unicode/coleitr.h>
#include <unicode/uchar.h>
#include <unicode/tblcoll.h>
#include <unicode/ucol.h>
#include <unicode/uiter.h>
#include <unicode/uniset.h>
#include <unicode/uset.h>
#include <unicode/usetiter.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

static_assert(SICU_ATTR_ALTERNATE_HANDLING == UCOL_ALTERNATE_HANDLING, "attribute mismatch");
static_assert(SICU_ATTR_CASE_FIRST == UCOL_CASE_FIRST, "attribute mismatch");
static_assert(SICU_ATTR_STRENGTH == UCOL_STRENGTH, "attribute mismatch");
static_assert(SICU_ATTR_NUMERIC_COLLATION == UCOL_NUMERIC_COLLATION, "attribute mismatch");
static_assert(SICU_ATTR_NORMALIZATION_MODE == UCOL_NORMALIZATION_MODE, "attribute mismatch");
static_assert(SICU_ATTR_FRENCH_COLLATION == UCOL_FRENCH_COLLATION, "attribute mismatch");
static_assert(SICU_ATTR_CASE_LEVEL == UCOL_CASE_LEVEL, "attribute mismatch");
static_assert(SICU_VALUE_DEFAULT == UCOL_DEFAULT, "value mismatch");
static_assert(SICU_VALUE_PRIMARY == UCOL_PRIMARY, "value mismatch");
static_assert(SICU_VALUE_SECONDARY == UCOL_SECONDARY, "value mismatch");
static_assert(SICU_VALUE_TERTIARY == UCOL_TERTIARY, "value mismatch");
static_assert(SICU_VALUE_QUATERNARY == UCOL_QUATERNARY, "value mismatch");
static_assert(SICU_VALUE_IDENTICAL == UCOL_IDENTICAL, "value mismatch");
static_assert(SICU_VALUE_OFF == UCOL_OFF, "value mismatch");
static_assert(SICU_VALUE_ON == UCOL_ON, "value mismatch");
static_assert(SICU_VALUE_NON_IGNORABLE == UCOL_NON_IGNORABLE, "value mismatch");
static_assert(SICU_VALUE_LOWER_FIRST == UCOL_LOWER_FIRST, "value mismatch");
static_assert(SICU_VALUE_SHIFTED == UCOL_SHIFTED, "value mismatch");
static_assert(SICU_VALUE_UPPER_FIRST == UCOL_UPPER_FIRST, "value mismatch");

namespace {

using sicu::raw;

/// Takes ownership of an opened collator; nullptr (and closes it) when ICU failed.
SICUCollator *wrap(UCollator *collator, UErrorCode code) {
    if (U_FAILURE(code)) {
        ucol_close(collator);
        return nullptr;
    }
    return new SICUCollator(collator);
}

const icu::UnicodeSet *tailoredSet(const UCollator *collator, UErrorCode &code) {
    const sicu::Tailored *found = sicu::tailored(collator, code);
    return found ? &found->set : nullptr;
}

}  // namespace

namespace sicu {

const Tailored *tailored(const UCollator *collator, UErrorCode &code) {
    struct Entry {
        std::mutex lock;
        Tailored tailored;
        bool ready = false;
    };
    // Never destroyed: a worker may still read a set while the process exits.
    static std::mutex *cacheLock = new std::mutex;
    static auto *cache = new std::map<std::u16string, std::unique_ptr<Entry>>;
    int32_t length = 0;
    const UChar *rules = ucol_getRules(collator, &length);
    Entry *entry;
    {
        std::lock_guard<std::mutex> guard(*cacheLock);
        std::unique_ptr<Entry> &slot = (*cache)[std::u16string(rules, static_cast<size_t>(length))];
        if (!slot) { slot = std::make_unique<Entry>(); }
        entry = slot.get();
    }
    std::lock_guard<std::mutex> guard(entry->lock);
    if (!entry->ready) {
        USet *tailored = ucol_getTailoredSet(collator, &code);
        if (U_FAILURE(code)) { return nullptr; }
        icu::UnicodeSet &set = entry->tailored.set;
        set = *icu::UnicodeSet::fromUSet(tailored);
        uset_close(tailored);
        icu::UnicodeSet &codePoints = entry->tailored.codePoints;
        icu::UnicodeSetIterator it(set);
        while (it.next()) {
            if (it.isString()) { codePoints.addAll(it.getString()); } else { codePoints.add(it.getCodepoint()); }
        }
        set.freeze();
        codePoints.freeze();
        entry->ready = true;
    }
    return &entry->tailored;
}

const icu::RuleBasedCollator *rootCollator(bool numeric, bool normalizing) {
    // Never destroyed: a worker may still read one while the process exits.
    static const icu::RuleBasedCollator *const *roots = [] {
        auto **opened = new const icu::RuleBasedCollator *[4];
        for (int variant = 0; variant < 4; ++variant) {
            UErrorCode code = U_ZERO_ERROR;
            UCollator *root = ucol_open("", &code);
            ucol_setAttribute(root, UCOL_NUMERIC_COLLATION, (variant & 1) ? UCOL_ON : UCOL_OFF, &code);
            ucol_setAttribute(root, UCOL_NORMALIZATION_MODE, (variant & 2) ? UCOL_ON : UCOL_OFF, &code);
            opened[variant] = U_SUCCESS(code) ? icu::RuleBasedCollator::rbcFromUCollator(root) : nullptr;
        }
        return opened;
    }();
    return roots[(numeric ? 1 : 0) | (normalizing ? 2 : 0)];
}

namespace {
std::atomic<bool> rootElementsMade{false};
}

icu::CollationElementIterator *createRootElements(const icu::RuleBasedCollator *root, const icu::UnicodeString &text) {
    icu::CollationElementIterator *elements = root->createCollationElementIterator(text);
    if (elements != nullptr) { rootElementsMade.store(true, std::memory_order_release); }
    return elements;
}

bool rootElementsReady() { return rootElementsMade.load(std::memory_order_acquire); }

}  // namespace sicu

extern "C" {

SICUCollator *sicu_collator_open(const char *locale_id, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale_id, &code);
    *status = code;
    return wrap(collator, code);
}

SICUCollator *sicu_collator_clone(const SICUCollator *collator, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UCollator *copy = ucol_clone(raw(collator), &code);
    *status = code;
    return wrap(copy, code);
}

void sicu_collator_close(SICUCollator *collator) { delete collator; }

SICUCollator *sicu_collator_open_tailoring(const SICUCollator *base, const char *rules,
                                           int32_t length, int32_t *parse_offset,
                                           int32_t *status) {
    int32_t baseLength = 0;
    const UChar *baseRules = ucol_getRules(raw(base), &baseLength);
    icu::UnicodeString all(baseRules, baseLength);
    all.append(sicu::fromUTF8(rules, length));
    UParseError parseError;
    UErrorCode code = U_ZERO_ERROR;
    UCollator *collator = ucol_openRules(all.getBuffer(), all.length(), UCOL_DEFAULT,
                                         UCOL_DEFAULT_STRENGTH, &parseError, &code);
    *parse_offset = code == U_ZERO_ERROR ? -1 : parseError.offset;
    *status = code;
    return wrap(collator, code);
}

int32_t sicu_collator_rules(const SICUCollator *collator, char *out, int32_t capacity,
                            int32_t *status) {
    int32_t length = 0;
    const UChar *rules = ucol_getRules(raw(collator), &length);
    *status = U_ZERO_ERROR;
    return sicu::copyOut(icu::UnicodeString(rules, length), out, capacity);
}

void sicu_collator_set_attribute(SICUCollator *collator, int32_t attribute, int32_t value,
                                 int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    ucol_setAttribute(raw(collator), static_cast<UColAttribute>(attribute),
                      static_cast<UColAttributeValue>(value), &code);
    collator->settingsChanged();
    *status = code;
}

int32_t sicu_collator_locale(const SICUCollator *collator, bool valid, char *out,
                             int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const char *name = ucol_getLocaleByType(
        raw(collator), valid ? ULOC_VALID_LOCALE : ULOC_ACTUAL_LOCALE, &code);
    *status = code;
    if (U_FAILURE(code) || name == nullptr) { return 0; }
    return sicu::copyOut(name, static_cast<int32_t>(strlen(name)), out, capacity);
}

int32_t sicu_collator_icu_compare_utf8(const SICUCollator *collator, const char *a, int32_t a_length,
                                       const char *b, int32_t b_length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(raw(collator), a, a_length, b, b_length, &code);
    *status = code;
    return static_cast<int32_t>(result);
}

int32_t sicu_collator_compare_utf8(const SICUCollator *collator, const char *a, int32_t a_length,
                                   const char *b, int32_t b_length, int32_t *status) {
    int32_t order = 0;
    if (sicu::fastCompare(collator, a, a_length, b, b_length, order) == sicu::FastResult::done) {
        *status = U_ZERO_ERROR;
        return order;
    }
    return sicu_collator_icu_compare_utf8(collator, a, a_length, b, b_length, status);
}

namespace {

int32_t icuSortKeyPrefix(const SICUCollator *collator, const char *s, int32_t length, uint8_t *out,
                         int32_t capacity, int32_t *status) {
    UCharIterator iterator;
    uiter_setUTF8(&iterator, s, length);
    uint32_t state[2] = {0, 0};
    UErrorCode code = U_ZERO_ERROR;
    int32_t written = capacity > 0 ? ucol_nextSortKeyPart(raw(collator), &iterator, state, out, capacity, &code) : 0;
    *status = code;
    return U_FAILURE(code) ? 0 : written;
}

}  // namespace

int32_t sicu_collator_sort_key_prefix_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                           uint8_t *out, int32_t capacity, int32_t *status) {
    int32_t made = 0;
    if (sicu::fastSortKey(collator, s, length, out, capacity, made, false, true) == sicu::FastResult::done) {
        *status = U_ZERO_ERROR;
        return made < capacity ? made : capacity;
    }
    return icuSortKeyPrefix(collator, s, length, out, capacity, status);
}

int32_t sicu_collator_icu_sort_key_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                        uint8_t *out, int32_t capacity, int32_t *status) {
    int32_t written = icuSortKeyPrefix(collator, s, length, out, capacity, status);
    if (U_FAILURE(static_cast<UErrorCode>(*status)) || written < capacity) { return written; }
    // The buffer is full: measure the whole key in one pass so the caller can grow it once.
    // Not part by part: every ucol_nextSortKeyPart call regenerates the key from its start,
    // which made a 10 MB name take hours.
    icu::UnicodeString text = sicu::fromUTF8(s, length);
    int32_t total = ucol_getSortKey(raw(collator), text.getBuffer(), text.length(), nullptr, 0);
    *status = U_ZERO_ERROR;
    // ucol_getSortKey counts a terminating zero byte that ucol_nextSortKeyPart does not write.
    return total > written ? total - 1 : written;
}

int32_t sicu_collator_sort_key_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                    uint8_t *out, int32_t capacity, int32_t *status) {
    int32_t full = 0;
    if (sicu::fastSortKey(collator, s, length, out, capacity, full) == sicu::FastResult::done) {
        *status = U_ZERO_ERROR;
        return full;
    }
    return sicu_collator_icu_sort_key_utf8(collator, s, length, out, capacity, status);
}

int32_t sicu_collator_fast_sort_key_utf8(const SICUCollator *collator, const char *s, int32_t length,
                                         uint8_t *out, int32_t capacity) {
    int32_t full = 0;
    return sicu::fastSortKey(collator, s, length, out, capacity, full, true) == sicu::FastResult::done ? full : -1;
}

int32_t sicu_collator_primary_weight_count_utf8(const SICUCollator *collator, const char *s,
                                                int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const icu::RuleBasedCollator *rbc = icu::RuleBasedCollator::rbcFromUCollator(raw(collator));
    uint32_t variableTop = 0;
    if (ucol_getAttribute(raw(collator), UCOL_ALTERNATE_HANDLING, &code) == UCOL_SHIFTED) {
        variableTop = ucol_getVariableTop(raw(collator), &code);
    }
    icu::UnicodeString text = sicu::fromUTF8(s, length);
    // ICU builds a table of every expansion of the collator's data, root's included, before
    // it hands out its first element iterator: tens of millions of instructions per
    // tailoring, and contacts style asks a dozen tailorings about their labels. A string none
    // of whose code points the tailoring touches (as a code point, a contraction or a prefix)
    // has root's collation elements, so root's iterator, whose table is built once, counts them.
    const icu::RuleBasedCollator *root = nullptr;
    UErrorCode probe = U_ZERO_ERROR;
    const sicu::Tailored *touched = sicu::tailored(raw(collator), probe);
    if (U_SUCCESS(probe) && touched->codePoints.containsNone(text)) {
        bool numeric = ucol_getAttribute(raw(collator), UCOL_NUMERIC_COLLATION, &probe) == UCOL_ON;
        bool normalizing = ucol_getAttribute(raw(collator), UCOL_NORMALIZATION_MODE, &probe) == UCOL_ON;
        root = U_SUCCESS(probe) ? sicu::rootCollator(numeric, normalizing) : nullptr;
    }
    icu::CollationElementIterator *elements =
        root != nullptr ? sicu::createRootElements(root, text) : rbc->createCollationElementIterator(text);
    if (elements == nullptr) { *status = U_MEMORY_ALLOCATION_ERROR; return 0; }
    // Old-style 32-bit CEs: a 64-bit CE whose primary needs more than 16 bits comes out as a
    // first half (upper 16 primary bits) and a continuation (lower 16), marked 0xC0.
    int32_t count = 0;
    uint32_t pending = 0;
    bool hasPending = false;
    for (;;) {
        int32_t ce = elements->next(code);
        if (U_FAILURE(code)) { break; }
        bool done = ce == icu::CollationElementIterator::NULLORDER;
        uint32_t bits = static_cast<uint32_t>(ce);
        if (!done && hasPending && (bits & 0xC0) == 0xC0) {
            pending |= bits >> 16;
            continue;
        }
        if (hasPending && pending > variableTop) { ++count; }
        hasPending = false;
        if (done) { break; }
        pending = bits & 0xFFFF0000u;
        hasPending = true;
    }
    delete elements;
    *status = code;
    return count;
}

int32_t sicu_collator_contractions_starting_with(const SICUCollator *collator, int32_t first,
                                                 char *out, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeSet contractions;
    if (first >= 0) {
        // Only the contractions of one code point, as ICU's AlphabeticIndex asks for U+FDD1's:
        // all of them would walk every mapping of the tailoring and of root.
        icu::RuleBasedCollator::rbcFromUCollator(raw(collator))->internalAddContractions(first, contractions, code);
    } else {
        ucol_getContractionsAndExpansions(raw(collator), contractions.toUSet(), nullptr, false, &code);
    }
    *status = code;
    if (U_FAILURE(code)) { return 0; }
    std::string all;
    icu::UnicodeSetIterator it(contractions);
    while (it.next()) {
        const icu::UnicodeString &s = it.getString();
        bool wanted = first < 0 ? (it.isString() && s.countChar32() >= 2) : (s.length() > 0 && s.char32At(0) == first);
        if (wanted) {
            s.toUTF8String(all);
            all.push_back('\0');
        }
    }
    return sicu::copyOut(all, out, capacity);
}

int32_t sicu_collator_tailored_strings_starting_with(const SICUCollator *collator, int32_t first,
                                                     char *out, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const icu::UnicodeSet *tailored = tailoredSet(raw(collator), code);
    *status = code;
    if (U_FAILURE(code)) { return 0; }
    std::string all;
    // Range by range: a single code point is longer than one UTF-16 unit only when it is
    // supplementary, so of the ranges only `first` itself can qualify.
    icu::UnicodeSetIterator it(*tailored);
    while (it.nextRange()) {
        if (!it.isString()) {
            if (first > 0xFFFF && it.getCodepoint() <= first && first <= it.getCodepointEnd()) {
                icu::UnicodeString(static_cast<UChar32>(first)).toUTF8String(all);
                all.push_back('\0');
            }
            continue;
        }
        const icu::UnicodeString &s = it.getString();
        bool wanted = first < 0 ? !u_isalpha(s.char32At(0)) : s.char32At(0) == first;
        if (s.length() > 1 && wanted) {
            s.toUTF8String(all);
            all.push_back('\0');
        }
    }
    return sicu::copyOut(all, out, capacity);
}

void sicu_collator_tailors_code_points(const SICUCollator *collator, const int32_t *code_points,
                                       int32_t count, bool *out, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const icu::UnicodeSet *tailored = count > 0 ? tailoredSet(raw(collator), code) : nullptr;
    *status = code;
    for (int32_t i = 0; i < count; ++i) {
        out[i] = U_SUCCESS(code) && tailored->contains(code_points[i]);
    }
}

}  // extern "C"
