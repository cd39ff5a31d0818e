// Search: the primary weights of a text, split into words, for collation-aware search.
#include "CICU.h"
#include "CollatorHandle.hpp"
#include "FastKeys.hpp"
#include "Support.hpp"

#include <unicode/coleitr.h>
#include <unicode/tblcoll.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/uniset.h>
#include <unicode/uscript.h>
#include <unicode/usetiter.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace {

/// The primaries of segments already weighed: a segment's primaries depend on nothing but its
/// text, and names repeat their words, so most segments of a long list are looked up here
/// instead of iterated again. Open addressing over flat arrays: a look-up hashes the segment
/// where it lies and allocates nothing (a map keyed by std::u16string built a string, on the
/// heap past seven code units, for every look-up: 8 % of `search`'s time at 1M names).
class SegmentMemo {
public:
    /// Past this many segments the memo starts again, so that a list whose words never repeat
    /// cannot fill the memory.
    static constexpr size_t limit = 16384;
    /// Longer segments are weighed every time: they seldom repeat, and the offsets stay small.
    static constexpr size_t longestKept = 64;

    SegmentMemo() : slots(2 * limit) {}

    /// FNV-1a over the code units.
    static uint64_t hash(const char16_t *segment, size_t length) {
        uint64_t h = 0xcbf29ce484222325ULL;
        for (size_t i = 0; i < length; ++i) {
            h = (h ^ static_cast<uint64_t>(segment[i])) * 0x100000001b3ULL;
        }
        // 0 marks an empty slot.
        return h | 1;
    }

    /// The weights of a segment weighed before, or nullptr; `count` gets their number.
    const uint32_t *find(const char16_t *segment, size_t length, uint64_t h, size_t &count) const {
        for (size_t at = h & (slots.size() - 1);; at = (at + 1) & (slots.size() - 1)) {
            const Slot &slot = slots[at];
            if (slot.hash == 0) { return nullptr; }
            if (slot.hash == h && slot.keyLength == length &&
                std::memcmp(keys.data() + slot.keyStart, segment, length * sizeof(char16_t)) == 0) {
                count = slot.weightCount;
                return weights.data() + slot.weightStart;
            }
        }
    }

    /// Remembers a segment's weights (not found before).
    void insert(const char16_t *segment, size_t length, uint64_t h, const uint32_t *segmentWeights, size_t count) {
        if (length > longestKept) { return; }
        if (used >= limit) {
            std::fill(slots.begin(), slots.end(), Slot{});
            keys.clear();
            weights.clear();
            used = 0;
        }
        size_t at = h & (slots.size() - 1);
        while (slots[at].hash != 0) { at = (at + 1) & (slots.size() - 1); }
        slots[at] = Slot{h, static_cast<uint32_t>(keys.size()), static_cast<uint32_t>(length),
                         static_cast<uint32_t>(weights.size()), static_cast<uint32_t>(count)};
        keys.insert(keys.end(), segment, segment + length);
        weights.insert(weights.end(), segmentWeights, segmentWeights + count);
        ++used;
    }

private:
    struct Slot {
        uint64_t hash = 0;
        uint32_t keyStart = 0, keyLength = 0, weightStart = 0, weightCount = 0;
    };
    /// Twice as many as the segments kept: a probe ends at an empty slot soon.
    std::vector<Slot> slots;
    std::vector<char16_t> keys;
    std::vector<uint32_t> weights;
    size_t used = 0;
};

}  // namespace

struct SICUSearchWeigher {
    /// The collator, whose fast-path table gives most words' weights; nullptr when the
    /// weigher always iterates ICU's elements.
    const SICUCollator *collator;
    const SICUCollator *owner;
    icu::CollationElementIterator *elements;
    /// Primaries at or below this are white space and punctuation (the collator's maxVariable
    /// group): they separate words and are not weights.
    uint32_t variableTop;
    SegmentMemo known;
};

namespace {

using sicu::raw;

/// White space and punctuation end a word.
bool isSeparator(UChar32 c) {
    return u_isUWhiteSpace(c) || (U_GET_GC_MASK(c) & U_GC_P_MASK) != 0;
}

/// Symbols and emoji (⭐, 🏠, +) end a word as punctuation does, but keep their weights: a
/// name such as "⭐Anna" is found by "anna". Marks, format characters (ZWJ, variation
/// selectors) and emoji modifiers after a symbol stay part of it.
bool isSymbol(UChar32 c) { return (U_GET_GC_MASK(c) & U_GC_S_MASK) != 0; }
bool extendsSymbol(UChar32 c) {
    return (U_GET_GC_MASK(c) & (U_GC_MN_MASK | U_GC_ME_MASK | U_GC_CF_MASK)) != 0 || u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER);
}

/// Han ideographs and Hangul syllables each begin a word: names in these scripts are written
/// without spaces, and each character is a syllable a user searches by.
bool beginsOwnWord(UChar32 c) {
    if (c >= 0xAC00 && c <= 0xD7A3) { return true; }
    UErrorCode code = U_ZERO_ERROR;
    return uscript_getScript(c, &code) == USCRIPT_HAN;
}

/// Appends the non-variable primaries of one segment; returns whether it produced any.
bool appendPrimaries(SICUSearchWeigher *weigher, const icu::UnicodeString &segment,
                     uint32_t *weights, int32_t capacity, int32_t &count, UErrorCode &code) {
    int32_t before = count;
    if (weigher->collator != nullptr &&
        sicu::fastIteratorPrimaries(weigher->collator, segment.getBuffer(), segment.length(), weigher->variableTop,
                                    weights, capacity, count) == sicu::FastResult::done) {
        return count > before;
    }
    weigher->elements->setText(segment, code);
    if (U_FAILURE(code)) { return false; }
    bool produced = false;
    // Old-style 32-bit CEs: a primary that needs more than 16 bits comes as a first half and a
    // continuation (low byte 0xC0) holding its lower 16 bits.
    uint32_t pending = 0;
    bool hasPending = false;
    for (;;) {
        int32_t ce = weigher->elements->next(code);
        if (U_FAILURE(code)) { return produced; }
        bool done = ce == icu::CollationElementIterator::NULLORDER;
        uint32_t bits = static_cast<uint32_t>(ce);
        if (!done && hasPending && (bits & 0xC0) == 0xC0) {
            pending |= bits >> 16;
            continue;
        }
        if (hasPending && pending > weigher->variableTop) {
            if (count < capacity) { weights[count] = pending; }
            ++count;
            produced = true;
        }
        hasPending = false;
        if (done) { return produced; }
        pending = bits & 0xFFFF0000u;
        hasPending = true;
    }
}

/// Appends the primaries of one segment, from the memo when it was weighed before; returns
/// whether it produced any.
bool appendSegment(SICUSearchWeigher *weigher, const icu::UnicodeString &text, int32_t start, int32_t limit,
                   uint32_t *weights, int32_t capacity, int32_t &count, UErrorCode &code) {
    const char16_t *segment = text.getBuffer() + start;
    size_t length = static_cast<size_t>(limit - start);
    uint64_t h = SegmentMemo::hash(segment, length);
    size_t knownCount = 0;
    if (const uint32_t *known = weigher->known.find(segment, length, h, knownCount)) {
        for (size_t i = 0; i < knownCount; ++i) {
            if (count < capacity) { weights[count] = known[i]; }
            ++count;
        }
        return knownCount > 0;
    }
    int32_t before = count;
    bool produced = appendPrimaries(weigher, text.tempSubString(start, limit - start), weights, capacity, count, code);
    // Only a segment weighed whole and without failure is remembered.
    if (U_SUCCESS(code) && count <= capacity) {
        weigher->known.insert(segment, length, h, weights + before, static_cast<size_t>(count - before));
    }
    return produced;
}

}  // namespace

extern "C" {

SICUSearchWeigher *sicu_search_weigher_open(const SICUCollator *collator, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const icu::RuleBasedCollator *rbc = icu::RuleBasedCollator::rbcFromUCollator(raw(collator));
    if (rbc == nullptr) { *status = U_UNSUPPORTED_ERROR; return nullptr; }
    uint32_t variableTop = ucol_getVariableTop(raw(collator), &code);
    if (U_FAILURE(code)) { *status = code; return nullptr; }
    icu::CollationElementIterator *elements =
        rbc->createCollationElementIterator(icu::UnicodeString());
    if (elements == nullptr) { *status = U_MEMORY_ALLOCATION_ERROR; return nullptr; }
    *status = U_ZERO_ERROR;
    return new SICUSearchWeigher{collator, collator, elements, variableTop, SegmentMemo()};
}

void sicu_search_weigher_set_fast_path(SICUSearchWeigher *weigher, bool enabled) {
    weigher->collator = enabled ? weigher->owner : nullptr;
    weigher->known = SegmentMemo();
}

void sicu_search_weigher_close(SICUSearchWeigher *weigher) {
    if (weigher == nullptr) { return; }
    delete weigher->elements;
    delete weigher;
}

int32_t sicu_search_weights_utf8(SICUSearchWeigher *weigher, const char *s, int32_t length,
                                 uint32_t *weights, int32_t *word_starts, int32_t capacity,
                                 int32_t *word_count, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeString text = sicu::fromUTF8(s, length);
    int32_t count = 0;
    int32_t words = 0;
    int32_t segmentStart = 0;
    bool afterSeparator = true;
    bool afterSymbol = false;
    auto flush = [&](int32_t limit) {
        int32_t before = count;
        if (appendSegment(weigher, text, segmentStart, limit, weights, capacity, count, code)) {
            if (words < capacity) { word_starts[words] = before; }
            ++words;
        }
    };
    for (int32_t i = 0; i < text.length() && U_SUCCESS(code);) {
        UChar32 c = text.char32At(i);
        bool separator = isSeparator(c);
        bool symbol = isSymbol(c);
        bool extending = afterSymbol && extendsSymbol(c);
        bool startsWord = !separator && !extending &&
                          (afterSeparator || (afterSymbol && !symbol) || beginsOwnWord(c));
        if (startsWord && i > segmentStart) {
            flush(i);
            segmentStart = i;
        }
        afterSeparator = separator;
        afterSymbol = symbol || extending;
        i += U16_LENGTH(c);
    }
    if (U_SUCCESS(code) && text.length() > segmentStart) { flush(text.length()); }
    *status = code;
    *word_count = words;
    return U_FAILURE(code) ? 0 : count;
}


}  // extern "C"
