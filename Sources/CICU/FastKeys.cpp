// The collation fast path (see FastKeys.hpp): the per-collator table and the key writer.
#include "FastKeys.hpp"

#include "CollatorHandle.hpp"

#include <unicode/coleitr.h>
#include <unicode/normalizer2.h>
#include <unicode/tblcoll.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/ustring.h>
#include <unicode/uniset.h>
#include <unicode/usetiter.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace sicu {

namespace {

// ICU's sort-key constants (collation.h, collationkeys.h; the format is documented in ICU's
// user guide). They are part of the key format, which ICU keeps stable within a version.
constexpr uint32_t levelSeparatorByte = 1;
constexpr uint32_t mergeSeparatorByte = 2;
constexpr uint32_t mergeSeparatorPrimary = 0x02000000;
constexpr uint32_t primaryCompressionLowByte = 3;
constexpr uint32_t primaryCompressionHighByte = 0xff;
constexpr uint32_t commonWeight16 = 0x0500;
constexpr uint32_t noCEWeight16 = 0x0100;
/// How ICU writes a run of common weights on a level: one byte counted up from `low` when the
/// weight after the run is below the common one, down from `high` when above, with `middle`
/// for each full run of `maxCount`.
struct CommonRun {
    uint32_t low, middle, high;
    int32_t maxCount;
};
constexpr CommonRun secondaryRun{0x05, 0x25, 0x45, 0x21};
constexpr CommonRun tertiaryOnlyRun{0x05, 0x65, 0xc5, 0x61};
constexpr CommonRun tertiaryLowerFirstRun{0x05, 0x25, 0x45, 0x21};
constexpr CommonRun tertiaryUpperFirstRun{0x85, 0xa5, 0xc5, 0x21};
constexpr uint32_t caseLowerFirstCommonLow = 1, caseLowerFirstCommonMiddle = 7, caseLowerFirstCommonHigh = 13;
constexpr int32_t caseLowerFirstCommonMaxCount = 7;
constexpr uint32_t caseUpperFirstCommonLow = 3;
constexpr int32_t caseUpperFirstCommonMaxCount = 13;

/// One collation element as the key writer needs it.
struct Element {
    /// The primary weight after script reordering.
    uint32_t primary;
    /// Secondary (upper 16 bits) and case + tertiary (lower 16), as ICU's 64-bit CE has them.
    uint32_t lower;
    /// Whether the primary's lead byte (before reordering) compresses in ICU's keys.
    bool compressible;
    /// Whether the element is variable (space, punctuation) under alternate=shifted.
    bool variable;
};

/// What ICU's NO_CE contributes at the end of a string: it ends every level's compression.
constexpr Element endOfString{1, (noCEWeight16 << 16) | noCEWeight16, false, false};

/// The key settings, read once from the collator.
struct KeySettings {
    bool secondary;
    bool tertiary;
    bool caseLevel;
    bool primaryStrength;
    bool upperFirst;
    bool backwardSecondary;
    bool shifted;
    uint32_t tertiaryMask;
    /// Primaries at or below it are variable (only when shifted).
    uint32_t variableTop;
};

/// Longest name (in collation elements) the fast path keys; longer ones go to ICU.
constexpr int32_t maxElements = 160;
/// Bytes a key of maxElements elements can need: 4 primary bytes and a compression byte each,
/// and on three more levels 2 bytes plus a compression byte each, with the separators.
constexpr int32_t maxKeyLength = maxElements * (5 + 3 * 3) + 16;
/// The elements whose key surely fits `capacity` bytes (CICU.h tells callers the rule).
constexpr int32_t elementsFitting(int32_t capacity) { return (capacity - 16) / (5 + 3 * 3); }

/// A contraction of two letters a page keys: its second code point, and its elements.
struct Pair {
    UChar32 second;
    uint32_t offset;
    int32_t count;
};

struct Page {
    /// Per code point: bit 31 set when it needs ICU; else its count of elements in bits
    /// 16..23, the offset of its elements in `elements` in bits 0..15 (when more than one),
    /// bit 30 set when a contraction can start with it and a letter (or with the end of its
    /// decomposition), bit 29 when one can start with it and a combining mark, bit 28 when it
    /// ends in a combining mark (trailing canonical combining class not 0), bit 27 when it is
    /// a combining mark (leading class not 0), and bit 26 when the key loop takes it alone
    /// (simpleBit).
    uint32_t entries[128];
    /// The element of each code point that has one, as most have: no second look-up.
    Element single[128];
    /// For a code point with bit 30 or 29, what continues the contractions it starts.
    struct Starter {
        /// With bit 30: the code points that would continue a contraction.
        const icu::UnicodeSet *continuations;
        /// With bit 29: the combining marks that would continue a contraction.
        const icu::UnicodeSet *markContinuations;
        /// The ASCII code points of `continuations`, a bit each: what follows a starter is
        /// most often ASCII (root's l starts l·, and an English name has many an l).
        uint64_t asciiContinuations[2];
        /// The contractions of two letters it starts that the table keys (Czech "ch", Thai
        /// เ + ก), by their second code point, elements in `elements`.
        std::vector<Pair> pairs;
    };
    /// Each code point's index in `starters`, for one with bit 30 or 29. Few code points
    /// start contractions: kept apart, a page is some 2 KB rather than 7 (a list in many
    /// scripts builds hundreds of pages for each of its collators).
    uint8_t starterIndex[128];
    std::vector<Starter> starters;
    /// The elements of the code points with more than one.
    std::vector<Element> elements;

    const Starter &starter(int32_t k) const { return starters[starterIndex[k]]; }
};
constexpr uint32_t needsICUBit = 0x80000000u;
constexpr uint32_t startsContractionBit = 0x40000000u;
constexpr uint32_t startsMarkContractionBit = 0x20000000u;
constexpr uint32_t endsInMarkBit = 0x10000000u;
constexpr uint32_t markBit = 0x08000000u;
/// Set in a table of the usual settings (KeyWriter<true>) for a code point the key loop
/// takes on its own: one element, with a primary and common secondary and tertiary
/// weights, and no look at what follows. Most letters of most scripts.
constexpr uint32_t simpleBit = 0x04000000u;
/// The bits that make the key loop look at the code point after this one.
constexpr uint32_t looksAheadBits = startsContractionBit | startsMarkContractionBit | endsInMarkBit;
/// The pages of the Basic Multilingual Plane, and of the planes above it.
constexpr int32_t bmpPageCount = 0x10000 >> 7;
constexpr int32_t supplementaryPageCount = (0x110000 >> 7) - bmpPageCount;

/// The per-code-point steps of the key loop, inlined into it.
#define SICU_ALWAYS_INLINE inline __attribute__((always_inline))

inline void appendWeight16(uint8_t *level, int32_t &length, uint32_t weight) {
    level[length++] = static_cast<uint8_t>(weight >> 8);
    if ((weight & 0xff) != 0) { level[length++] = static_cast<uint8_t>(weight); }
}

/// Writes the pending run of `common` common weights, if any, before a weight `below` or
/// above the common one.
inline void endCommonRun(uint8_t *level, int32_t &length, int32_t &common, const CommonRun &run, bool below) {
    if (common == 0) { return; }
    --common;
    while (common >= run.maxCount) {
        level[length++] = static_cast<uint8_t>(run.middle);
        common -= run.maxCount;
    }
    level[length++] = static_cast<uint8_t>(below ? run.low + common : run.high - common);
    common = 0;
}

/// True when an element's secondary and tertiary (its `lower` weights, case bits aside) are
/// the common ones, as a lowercase letter's are.
constexpr bool hasCommonLowerLevels(uint32_t lower) {
    return (lower & 0xffff3f3fu) == ((commonWeight16 << 16) | commonWeight16);
}

/// The buffers a KeyWriter writes the levels after the primary to.
template <bool Plain>
struct LevelBuffers {
    uint8_t secondaries[maxElements * 3 + 8];
    uint8_t cases[Plain ? 1 : maxElements * 3 + 8];
    uint8_t tertiaries[maxElements * 3 + 8];
};

/// Writes one sort key element by element, as ICU's CollationKeys does: the primary level
/// straight into the key, the other levels into their own buffers until finish() appends
/// them. At most maxElements elements; `out` holds maxKeyLength bytes. `Plain` is the usual
/// settings (tertiary strength, forward secondaries, no case level, case first off,
/// non-ignorable), for which the compiler leaves every other branch out.
///
/// The writer holds only counters and pointers, and every member is inlined, so that in
/// the key loop its counters live in registers: were the buffers inside it, each byte
/// stored (which may alias any memory) would make the compiler reload and store them.
template <bool Plain>
class KeyWriter {
public:
    static constexpr bool plain = Plain;

    KeyWriter(const KeySettings &settings, uint8_t *out, LevelBuffers<Plain> &buffers)
        : s_(settings), out_(out), secondaries_(buffers.secondaries), cases_(buffers.cases),
          tertiaries_(buffers.tertiaries) {}

    void add(const Element &e);
    /// add() of an element of a code point with simpleBit.
    void addSimple(const Element &e) {
        addPrimary(e.primary, e.compressible);
        addCommonLowerLevels();
    }

    /// The primary bytes written so far: they are final.
    int32_t primaryLength() const { return length_; }

    /// Ends the key; returns its length.
    int32_t finish();

private:
    void addPrimary(uint32_t p, bool compressible);
    /// The secondary and tertiary of an element for which hasCommonLowerLevels holds.
    void addCommonLowerLevels() {
        ++commonSecondaries_;
        ++commonTertiaries_;
    }

    const KeySettings &s_;
    uint8_t *out_;
    int32_t length_ = 0;
    uint8_t *secondaries_, *cases_, *tertiaries_;
    int32_t secondaryLength_ = 0, caseLength_ = 0, tertiaryLength_ = 0;
    uint32_t previousReorderedPrimary_ = 0;  // 0: no compression
    int32_t commonSecondaries_ = 0, commonCases_ = 0, commonTertiaries_ = 0;
    uint32_t previousSecondary_ = 0;
    int32_t secondarySegmentStart_ = 0;
    /// Shifted: after a variable element, primary ignorables drop out too.
    bool afterVariable_ = false;
};

template <bool Plain>
SICU_ALWAYS_INLINE void KeyWriter<Plain>::addPrimary(uint32_t p, bool compressible) {
    // State in locals: a byte stored through out_ could otherwise be the writer's own.
    uint8_t *out = out_;
    int32_t length = length_;
    uint32_t previous = previousReorderedPrimary_;
    uint32_t lead = p >> 24;
    // A primary's bytes end at its first zero byte; all four are stored, `count` kept.
    uint32_t bytes = p;
    int32_t count = 4 - (__builtin_ctz(p) >> 3);
    if (compressible && lead == (previous >> 24)) {
        bytes <<= 8;  // the lead byte of a compressed run is written once
        --count;
    } else {
        if (previous != 0) {
            if (p < previous) {
                if (lead > mergeSeparatorByte) { out[length++] = primaryCompressionLowByte; }
            } else {
                out[length++] = primaryCompressionHighByte;
            }
        }
        previousReorderedPrimary_ = compressible ? p : 0;
    }
    uint32_t bigEndian = __builtin_bswap32(bytes);
    std::memcpy(out + length, &bigEndian, 4);
    length_ = length + count;
}

template <bool Plain>
SICU_ALWAYS_INLINE void KeyWriter<Plain>::add(const Element &e) {
    const KeySettings &s = s_;
    if constexpr (!Plain) {
        // Shifted: a variable element and the primary ignorables after it drop out of every
        // level written here (they would only reach the quaternary level).
        if (e.variable) { afterVariable_ = true; return; }
        if (afterVariable_ && e.primary == 0) { return; }
        afterVariable_ = false;
    }
    uint32_t p = e.primary;
    if (p > 1) { addPrimary(p, e.compressible); }
    uint32_t lower = e.lower;
    if constexpr (Plain) {
        // The usual element, a lowercase letter's: common secondary and tertiary.
        if (hasCommonLowerLevels(lower)) {
            addCommonLowerLevels();
            return;
        }
    }
    if (lower == 0) { return; }  // completely ignorable

    if (Plain || s.secondary) {
        uint32_t w = lower >> 16;
        if (w == 0) {
            // secondary ignorable
        } else if (Plain || !s.backwardSecondary) {
            if (w == commonWeight16) {
                ++commonSecondaries_;
            } else {
                endCommonRun(secondaries_, secondaryLength_, commonSecondaries_, secondaryRun, w < commonWeight16);
                appendWeight16(secondaries_, secondaryLength_, w);
            }
        } else if (w == commonWeight16 && p != mergeSeparatorPrimary) {
            ++commonSecondaries_;
        } else {
            if (commonSecondaries_ != 0) {
                --commonSecondaries_;
                // Written backwards: the level is reversed segment by segment below.
                int32_t remainder = commonSecondaries_ % secondaryRun.maxCount;
                secondaries_[secondaryLength_++] = static_cast<uint8_t>(
                    previousSecondary_ < commonWeight16 ? secondaryRun.low + remainder : secondaryRun.high - remainder);
                commonSecondaries_ -= remainder;
                while (commonSecondaries_ > 0) {
                    secondaries_[secondaryLength_++] = static_cast<uint8_t>(secondaryRun.middle);
                    commonSecondaries_ -= secondaryRun.maxCount;
                }
            }
            if (0 < p && p <= mergeSeparatorPrimary) {
                std::reverse(secondaries_ + secondarySegmentStart_, secondaries_ + secondaryLength_);
                secondaries_[secondaryLength_++] = static_cast<uint8_t>(p == 1 ? levelSeparatorByte : mergeSeparatorByte);
                previousSecondary_ = 0;
                secondarySegmentStart_ = secondaryLength_;
            } else {
                uint8_t high = static_cast<uint8_t>(w >> 8), low = static_cast<uint8_t>(w);
                if (low != 0) { secondaries_[secondaryLength_++] = low; }
                secondaries_[secondaryLength_++] = high;
                previousSecondary_ = w;
            }
        }
    }

    if constexpr (!Plain) {
        if (s.caseLevel && !(s.primaryStrength ? p == 0 : lower <= 0xffff)) {
            uint32_t c = (lower >> 8) & 0xff;
            if ((c & 0xc0) == 0 && c > levelSeparatorByte) {
                ++commonCases_;
            } else {
                if (!s.upperFirst) {
                    if (commonCases_ != 0 && (c > levelSeparatorByte || caseLength_ != 0)) {
                        --commonCases_;
                        while (commonCases_ >= caseLowerFirstCommonMaxCount) {
                            cases_[caseLength_++] = caseLowerFirstCommonMiddle << 4;
                            commonCases_ -= caseLowerFirstCommonMaxCount;
                        }
                        uint32_t b = c <= levelSeparatorByte ? caseLowerFirstCommonLow + commonCases_
                                                             : caseLowerFirstCommonHigh - commonCases_;
                        cases_[caseLength_++] = static_cast<uint8_t>(b << 4);
                        commonCases_ = 0;
                    }
                    if (c > levelSeparatorByte) { c = (caseLowerFirstCommonHigh + (c >> 6)) << 4; }
                } else {
                    if (commonCases_ != 0) {
                        --commonCases_;
                        while (commonCases_ >= caseUpperFirstCommonMaxCount) {
                            cases_[caseLength_++] = caseUpperFirstCommonLow << 4;
                            commonCases_ -= caseUpperFirstCommonMaxCount;
                        }
                        cases_[caseLength_++] = static_cast<uint8_t>((caseUpperFirstCommonLow + commonCases_) << 4);
                        commonCases_ = 0;
                    }
                    if (c > levelSeparatorByte) { c = (caseUpperFirstCommonLow - (c >> 6)) << 4; }
                }
                cases_[caseLength_++] = static_cast<uint8_t>(c);
            }
        }
    }

    if (Plain || s.tertiary) {
        uint32_t t = lower & (Plain ? 0x3f3fu : s.tertiaryMask);
        if (t == commonWeight16) {
            ++commonTertiaries_;
        } else if (Plain || (s.tertiaryMask & 0x8000) == 0) {
            endCommonRun(tertiaries_, tertiaryLength_, commonTertiaries_, tertiaryOnlyRun, t < commonWeight16);
            if (t > commonWeight16) { t += 0xc000; }
            appendWeight16(tertiaries_, tertiaryLength_, t);
        } else if (!s.upperFirst) {
            endCommonRun(tertiaries_, tertiaryLength_, commonTertiaries_, tertiaryLowerFirstRun, t < commonWeight16);
            if (t > commonWeight16) { t += 0x4000; }
            appendWeight16(tertiaries_, tertiaryLength_, t);
        } else {
            if (t <= noCEWeight16) {
                // separators stay
            } else if (lower > 0xffff) {
                t ^= 0xc000;  // upper first: invert the case bits of primary and secondary CEs
                if (t < (tertiaryUpperFirstRun.high << 8)) { t -= 0x4000; }
            } else {
                t += 0x4000;  // a tertiary CE keeps its uppercase bits
            }
            endCommonRun(tertiaries_, tertiaryLength_, commonTertiaries_, tertiaryUpperFirstRun,
                         t < (tertiaryUpperFirstRun.low << 8));
            appendWeight16(tertiaries_, tertiaryLength_, t);
        }
    }
}

template <bool Plain>
SICU_ALWAYS_INLINE int32_t KeyWriter<Plain>::finish() {
    add(endOfString);
    const KeySettings &s = s_;
    // Each level ends with the 01 its end-of-string element wrote: ICU leaves it out.
    if (Plain || s.secondary) {
        out_[length_++] = levelSeparatorByte;
        std::memcpy(out_ + length_, secondaries_, static_cast<size_t>(secondaryLength_ - 1));
        length_ += secondaryLength_ - 1;
    }
    if constexpr (!Plain) {
        if (s.caseLevel) {
            out_[length_++] = levelSeparatorByte;
            uint8_t pending = 0;
            for (int32_t i = 0; i < caseLength_ - 1; ++i) {
                uint8_t c = cases_[i];
                if (pending == 0) {
                    pending = c;
                } else {
                    out_[length_++] = static_cast<uint8_t>(pending | (c >> 4));
                    pending = 0;
                }
            }
            if (pending != 0) { out_[length_++] = pending; }
        }
    }
    if (Plain || s.tertiary) {
        out_[length_++] = levelSeparatorByte;
        std::memcpy(out_ + length_, tertiaries_, static_cast<size_t>(tertiaryLength_ - 1));
        length_ += tertiaryLength_ - 1;
    }
    return length_;
}

inline bool isASCIIDigit(uint8_t byte) { return byte >= '0' && byte <= '9'; }

/// Decodes one well-formed UTF-8 code point at `s[i]`, advancing `i`; -1 when ill-formed
/// (ICU reads those as U+FFFD, which the fast path leaves to ICU).
SICU_ALWAYS_INLINE int32_t nextCodePoint(const uint8_t *s, int32_t length, int32_t &i) {
    uint32_t b0 = s[i];
    if (b0 < 0x80) { ++i; return static_cast<int32_t>(b0); }
    if (b0 < 0xc2) { return -1; }
    if (b0 < 0xe0) {
        if (i + 1 >= length || (s[i + 1] & 0xc0) != 0x80) { return -1; }
        int32_t c = static_cast<int32_t>(((b0 & 0x1f) << 6) | (s[i + 1] & 0x3f));
        i += 2;
        return c;
    }
    if (b0 < 0xf0) {
        if (i + 2 >= length || (s[i + 1] & 0xc0) != 0x80 || (s[i + 2] & 0xc0) != 0x80) { return -1; }
        int32_t c = static_cast<int32_t>(((b0 & 0x0f) << 12) | ((s[i + 1] & 0x3f) << 6) | (s[i + 2] & 0x3f));
        if (c < 0x800 || (c >= 0xd800 && c <= 0xdfff)) { return -1; }
        i += 3;
        return c;
    }
    if (b0 < 0xf5) {
        if (i + 3 >= length || (s[i + 1] & 0xc0) != 0x80 || (s[i + 2] & 0xc0) != 0x80 || (s[i + 3] & 0xc0) != 0x80) {
            return -1;
        }
        int32_t c = static_cast<int32_t>(((b0 & 0x07) << 18) | ((s[i + 1] & 0x3f) << 12) | ((s[i + 2] & 0x3f) << 6) |
                                         (s[i + 3] & 0x3f));
        if (c < 0x10000 || c > 0x10ffff) { return -1; }
        i += 4;
        return c;
    }
    return -1;
}

}  // namespace

/// The table of one tailoring at one set of key settings, shared by every collator that has
/// both (clones, the same locale opened twice). Pages are built on first use under a lock and
/// published with release stores; readers only load them.
class FastCollation {
public:
    /// The table for the collator's rules and settings, or nullptr when its settings are ones
    /// the fast path leaves to ICU (quaternary or identical strength) or ICU fails.
    static const FastCollation *forCollator(const UCollator *collator);

    /// The code point at `text[i]` and its page, advancing `i`; false when the UTF-8 is
    /// ill-formed. `ascii` is page 0.
    bool codePointAt(const uint8_t *text, int32_t length, int32_t &i, const Page *ascii, int32_t &c,
                     const Page *&p) const;
    /// The elements of the code point (or run of digits under numeric ordering) at `text[i]`,
    /// advancing `i`: `count` of them at `from` (the table's, or `number`). False when it
    /// needs ICU.
    bool elementsAt(const uint8_t *text, int32_t length, int32_t &i, const Element *&from, int32_t &count,
                    Element &number, const Page *ascii) const;

    /// ICU's sort key of `text` into `out` (the bytes of a key of `elementLimit` elements),
    /// or false when it needs ICU, or when it has more elements than `elementLimit`
    /// (`keyLength` is then -1). With `prefix` > 0, stops once that many bytes of the primary
    /// level are final.
    bool sortKey(const uint8_t *text, int32_t length, uint8_t *out, int32_t prefix, int32_t &keyLength,
                 int32_t elementLimit = maxElements) const;

    /// The key of `count` elements (the page builder's check against ICU's own keys).
    int32_t writeKey(const Element *elements, int32_t count, uint8_t *out) const;

    /// ucol_strcoll's order of two texts from their primaries alone, read only as far as
    /// their first difference; false when that needs ICU or the primaries are all equal
    /// (`order` is then 0).
    bool comparePrimaries(const uint8_t *a, int32_t aLength, const uint8_t *b, int32_t bLength, int32_t &order) const;

    bool comparesOnlyPrimaries() const { return !settings_.secondary && !settings_.caseLevel; }

    /// Appends the primaries above `variableTop` of `text`, as ICU's CollationElementIterator
    /// gives them (before script reordering), to `weights`, counting past `capacity`; false
    /// when a code point needs ICU (or a number under numeric ordering, whose primary the
    /// iterator gives in another form), with `count` as it was.
    bool iteratorPrimaries(const uint8_t *text, int32_t length, uint32_t variableTop, uint32_t *weights,
                           int32_t capacity, int32_t &count) const;

    /// Whether the elements read up to `text[i]` are final: what follows cannot change them.
    bool settled(const uint8_t *text, int32_t length, int32_t i) const;

    /// The primary of the text's first collation element when it counts (not ignorable, not
    /// variable) and its code point is not the start of a contraction there, advancing `i`
    /// past that code point; else false. What most comparisons of two names need, without the general reader.
    bool firstPrimary(const uint8_t *text, int32_t length, int32_t &i, uint32_t &primary) const;

private:
    /// `numeric` and `normalizing` are the collator's settings, which choose root's collator.
    FastCollation(UCollator *reference, const KeySettings &settings, bool reordering, bool numeric, bool normalizing);
    const Page *page(int32_t block) const;
    const Page *build(int32_t block) const;
    /// Whether the code point always needs ICU; else, in `continuations` and
    /// `markContinuations`, the letters and the combining marks that continue a contraction it
    /// starts (nullptr when none can).
    bool excluded(UChar32 c, const icu::UnicodeSet *&continuations, const icu::UnicodeSet *&markContinuations) const;
    /// Whether what follows the code point before `text[i]`, whose entry is `entry` on page
    /// `p` at `k`, makes ICU's elements differ from the table's: a contraction it starts, or
    /// a combining mark after a code point that ends in one (canonical reordering, or a
    /// discontiguous contraction).
    bool followedByChange(const uint8_t *text, int32_t length, int32_t i, uint32_t entry, const Page *p, int32_t k) const;
    /// The second half of followedByChange: a combining mark after it that changes elements.
    bool followedByMarkChange(const uint8_t *text, int32_t length, int32_t i, uint32_t entry, const Page *p,
                              int32_t k) const;
    /// The elements of the contraction of two letters that the code point before `text[i]`,
    /// at `k` on page `p`, starts with the code point at `text[i]`, advancing `i` past the
    /// second; false when the table does not key that contraction or what follows it needs ICU.
    bool pairAt(const uint8_t *text, int32_t length, int32_t &i, const Page *p, int32_t k, const Element *&from,
                int32_t &count) const;
    /// Per first code point, the second code points of the contractions (and prefix
    /// mappings) of two letters the table may key: neither part decomposes or is a mark, and
    /// no longer string begins with the two or ends in the second. Found on first need.
    const std::map<UChar32, std::vector<UChar32>> &pairCandidates() const;
    /// Whether the code point at `text[i]` continues a contraction that `starter` begins.
    bool continuesContraction(const uint8_t *text, int32_t length, int32_t i, const Page::Starter &starter) const {
        if (i >= length) { return false; }
        if (text[i] < 0x80) { return ((starter.asciiContinuations[text[i] >> 6] >> (text[i] & 63)) & 1) != 0; }
        return continuesContractionBeyondASCII(text, length, i, *starter.continuations);
    }
    /// continuesContraction when `text[i]` begins a code point beyond ASCII.
    bool continuesContractionBeyondASCII(const uint8_t *text, int32_t length, int32_t i,
                                         const icu::UnicodeSet &continuations) const;
    /// ICU's key for `text` without its terminating zero.
    std::string icuKey(const icu::UnicodeString &text) const;

    UCollator *reference_;  // own clone; used only under buildLock_
    KeySettings settings_;
    /// The usual settings, which KeyWriter<true> writes.
    bool plain_;
    bool numeric_;
    /// Per contraction starter, the letters (leading combining class 0) that can follow it in
    /// a contraction, and the combining marks: kept apart, so that a letter which only
    /// contractions with marks start (Swedish a, for a + U+030A) costs a look at the next byte.
    std::map<UChar32, icu::UnicodeSet> continuations_;
    std::map<UChar32, icu::UnicodeSet> markContinuations_;
    const icu::Normalizer2 *nfd_;
    /// The collator and root's with the same numeric and normalization settings, whose
    /// element iterators read ICU's elements for the pages. A text none of whose code points
    /// this tailoring touches (the code points of its tailored set) has root's elements.
    const icu::RuleBasedCollator *tailoring_ = nullptr;
    const icu::RuleBasedCollator *root_ = nullptr;
    /// Every code point of every element of the tailored set: sicu::tailored's, shared and
    /// frozen. nullptr only when ICU failed to give the set, and forCollator drops the table.
    const icu::UnicodeSet *touched_ = nullptr;
    /// Each made on first need (under buildLock_): the first iterator of a tailoring costs a
    /// table of all its expansions (see createRootElements), so one is made only when no
    /// iterator made already can read the text.
    mutable icu::CollationElementIterator *ownIterator_ = nullptr;
    mutable icu::CollationElementIterator *rootIterator_ = nullptr;
    /// The iterator that gives `text` the elements this collator gives it; nullptr when ICU
    /// fails to make one. Under buildLock_.
    icu::CollationElementIterator *iteratorFor(const icu::UnicodeString &text) const;
    mutable std::mutex buildLock_;
    mutable std::unique_ptr<std::map<UChar32, std::vector<UChar32>>> pairCandidates_;  // under buildLock_
    /// The strings of this tailoring's own (contractions and prefix mappings); root's are
    /// rootStrings().
    std::vector<icu::UnicodeString> tailoredStrings_;
    /// The pages built so far: the BMP's here, the rest in an array made when a text first
    /// holds a supplementary code point (most lists of names never do; a table of every
    /// page took 70 KB for each collator).
    mutable std::atomic<const Page *> bmpPages_[bmpPageCount];
    mutable std::atomic<std::atomic<const Page *> *> supplementaryPages_{nullptr};  // made under buildLock_
    mutable int16_t reorderedLead_[256];  // learned from ICU's keys; -1 unknown
    mutable uint8_t originalLead_[256];  // the inverse, for every reordered lead byte in a page
    mutable int8_t compressibleLead_[256];  // 1, 0, or -1 unknown
    /// Under numeric ordering, the reordered lead byte of ICU's number primaries, or -1 when
    /// numbers go to ICU.
    int32_t numberLead_ = -1;

    /// The element ICU gives a number of ASCII digits (leading zeros dropped), if it is small
    /// enough for the one-element forms (below 1,042,490); false otherwise.
    bool numberElement(uint32_t value, Element &element) const;
    void learnNumbers();
};

bool FastCollation::numberElement(uint32_t value, Element &element) const {
    // ICU's numeric primaries (collationiterator.cpp, appendNumericSegmentCEs): the number
    // lead byte, then 2 + value for 0..73, or two bytes in base 254 from 76 up to 74 + 40 × 254,
    // or three from 116 up to 1,042,489; secondary and tertiary common. Numbers do not compress.
    uint32_t lead = static_cast<uint32_t>(numberLead_) << 24;
    if (value < 74) {
        element = Element{lead | ((2 + value) << 16), 0x05000500, false, false};
        return true;
    }
    value -= 74;
    if (value < 40 * 254) {
        element = Element{lead | ((76 + value / 254) << 16) | ((2 + value % 254) << 8), 0x05000500, false, false};
        return true;
    }
    value -= 40 * 254;
    if (value >= 16 * 254 * 254) { return false; }
    element = Element{lead | ((116 + value / (254 * 254)) << 16) | ((2 + value / 254 % 254) << 8) | (2 + value % 254),
                      0x05000500, false, false};
    return true;
}

void FastCollation::learnNumbers() {
    if (!numeric_) { return; }
    // ASCII digits must be plain digits of this collation (no contraction, no context).
    for (UChar32 digit = u'0'; digit <= u'9'; ++digit) {
        if (continuations_.count(digit) != 0) { return; }
    }
    std::string zero = icuKey(icu::UnicodeString(u"0"));
    if (zero.size() < 2 || static_cast<uint8_t>(zero[1]) != 2) { return; }
    numberLead_ = static_cast<uint8_t>(zero[0]);
    // Checked against ICU at each edge of the encoding.
    for (uint32_t value : {0u, 7u, 73u, 74u, 75u, 327u, 328u, 999u, 1000u, 10233u, 10234u, 10235u, 74771u, 100000u, 1042489u}) {
        Element element;
        std::string text = std::to_string(value);
        std::string key = icuKey(icu::UnicodeString::fromUTF8(text));
        uint8_t mine[maxKeyLength];
        if (!numberElement(value, element)) { numberLead_ = -1; return; }
        int32_t length = writeKey(&element, 1, mine);
        if (key.size() != static_cast<size_t>(length) || std::memcmp(key.data(), mine, key.size()) != 0) {
            numberLead_ = -1;
            return;
        }
    }
}

namespace {

/// The strings root collation maps as a whole (contractions and prefix mappings), found once
/// per process: ucol_getContractionsAndExpansions costs some 10 ms, and every collator is a
/// tailoring of root, so its own strings are root's and those of its tailored set.
const std::vector<icu::UnicodeString> &rootStrings() {
    static const std::vector<icu::UnicodeString> *strings = [] {
        auto *found = new std::vector<icu::UnicodeString>;
        UErrorCode code = U_ZERO_ERROR;
        UCollator *root = ucol_open("", &code);
        icu::UnicodeSet set;
        ucol_getContractionsAndExpansions(root, set.toUSet(), nullptr, true, &code);
        ucol_close(root);
        if (U_FAILURE(code)) { return found; }
        icu::UnicodeSetIterator it(set);
        while (it.next()) {
            if (it.isString()) { found->push_back(it.getString()); }
        }
        return found;
    }();
    return *strings;
}

}  // namespace

FastCollation::FastCollation(UCollator *reference, const KeySettings &settings, bool reordering, bool numeric,
                             bool normalizing)
    : reference_(reference), settings_(settings),
      plain_(settings.secondary && settings.tertiary && !settings.caseLevel && !settings.backwardSecondary &&
             !settings.shifted && settings.tertiaryMask == 0x3f3f),
      numeric_(numeric), nfd_(nullptr) {
    for (int32_t i = 0; i < bmpPageCount; ++i) { bmpPages_[i].store(nullptr, std::memory_order_relaxed); }
    for (int32_t i = 0; i < 256; ++i) {
        reorderedLead_[i] = reordering ? -1 : static_cast<int16_t>(i);
        originalLead_[i] = static_cast<uint8_t>(i);
        compressibleLead_[i] = -1;
    }
    UErrorCode code = U_ZERO_ERROR;
    nfd_ = icu::Normalizer2::getNFDInstance(code);
    const icu::Normalizer2 *nfc = icu::Normalizer2::getNFCInstance(code);
    // Every string ICU maps as a whole, a contraction (Czech "ch") or a prefix mapping
    // (Japanese ー after か, listed as "かー"), makes its first code point look at the code
    // point after it: a name holding the string's first two code points goes to ICU. For a
    // prefix mapping that is every name in which the context can apply. The strings are root's
    // (the same for every collator, found once) and this tailoring's.
    auto addString = [&](const icu::UnicodeString &s) {
        // A string whose second code point is a combining mark ("a" + U+030A, which Swedish
        // tailors as å) makes its first code point look at a mark after it. ICU may list a
        // string in its decomposed form only: Uyghur's ئا as ي + U+0654 + ا, whose composed
        // form ئ starts it too.
        icu::UnicodeString composed;
        if (nfc != nullptr) { composed = nfc->normalize(s, code); }
        const icu::UnicodeString *forms[] = {&s, &composed};
        for (const icu::UnicodeString *form : forms) {
            if (form->countChar32() < 2) { continue; }
            UChar32 second = form->char32At(U16_LENGTH(form->char32At(0)));
            if (u_getIntPropertyValue(second, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) == 0) {
                continuations_[form->char32At(0)].add(second);
            } else {
                markContinuations_[form->char32At(0)].add(second);
            }
        }
    };
    for (const icu::UnicodeString &s : rootStrings()) { addString(s); }
    // The tailored set is shared with the contacts index's probes (found once per tailoring).
    UErrorCode tailoredCode = U_ZERO_ERROR;
    if (const Tailored *tailored = sicu::tailored(reference, tailoredCode)) {
        touched_ = &tailored->codePoints;
        icu::UnicodeSetIterator it(tailored->set);
        while (it.next()) {
            if (it.isString()) {
                addString(it.getString());
                tailoredStrings_.push_back(it.getString());
            }
        }
    }
    for (auto &entry : continuations_) { entry.second.freeze(); }
    for (auto &entry : markContinuations_) { entry.second.freeze(); }
    if (U_SUCCESS(code)) {
        tailoring_ = icu::RuleBasedCollator::rbcFromUCollator(reference);
        root_ = rootCollator(numeric, normalizing);
    }
    learnNumbers();
}

icu::CollationElementIterator *FastCollation::iteratorFor(const icu::UnicodeString &text) const {
    bool untouched = touched_ != nullptr && touched_->containsNone(text);
    if (untouched && rootIterator_ != nullptr) { return rootIterator_; }
    // Root's iterator when it costs nothing more than this tailoring's would: root's table is
    // built already, or the tailoring touches nothing, so its own would never be needed. A
    // tailoring that touches letters (Swedish å) most likely needs its own for them anyway:
    // it reads every text then, and a list of one language pays for one table, not two.
    if (untouched && ownIterator_ == nullptr && (touched_->isEmpty() || rootElementsReady())) {
        rootIterator_ = createRootElements(root_, icu::UnicodeString());
        return rootIterator_;
    }
    if (ownIterator_ == nullptr) { ownIterator_ = tailoring_->createCollationElementIterator(icu::UnicodeString()); }
    return ownIterator_;
}

const FastCollation *FastCollation::forCollator(const UCollator *collator) {
    UErrorCode code = U_ZERO_ERROR;
    auto get = [&](UColAttribute attribute) { return ucol_getAttribute(collator, attribute, &code); };
    UColAttributeValue strength = get(UCOL_STRENGTH);
    UColAttributeValue caseFirst = get(UCOL_CASE_FIRST);
    bool caseLevel = get(UCOL_CASE_LEVEL) == UCOL_ON;
    bool french = get(UCOL_FRENCH_COLLATION) == UCOL_ON;
    bool shifted = get(UCOL_ALTERNATE_HANDLING) == UCOL_SHIFTED;
    bool numeric = get(UCOL_NUMERIC_COLLATION) == UCOL_ON;
    bool normalizing = get(UCOL_NORMALIZATION_MODE) == UCOL_ON;
    uint32_t variableTop = ucol_getVariableTop(collator, &code);
    int32_t reorderCodes[64];
    int32_t reorderCount = ucol_getReorderCodes(collator, reorderCodes, 64, &code);
    if (U_FAILURE(code) || strength > UCOL_TERTIARY) { return nullptr; }

    KeySettings settings{};
    settings.secondary = strength >= UCOL_SECONDARY;
    settings.tertiary = strength >= UCOL_TERTIARY;
    settings.caseLevel = caseLevel;
    settings.primaryStrength = strength == UCOL_PRIMARY;
    settings.upperFirst = caseFirst == UCOL_UPPER_FIRST;
    settings.backwardSecondary = french;
    settings.shifted = shifted;
    // Case bits ride on the tertiary weight only when case first is on and case level off.
    settings.tertiaryMask = (caseFirst != UCOL_OFF && !caseLevel) ? 0xff3f : 0x3f3f;
    settings.variableTop = shifted ? variableTop : 0;

    // Shared by rules and settings. Never destroyed: a worker may still read a table while
    // the process exits.
    int32_t rulesLength = 0;
    const UChar *rules = ucol_getRules(collator, &rulesLength);
    std::u16string key(rules, static_cast<size_t>(rulesLength));
    uint32_t flags[] = {static_cast<uint32_t>(strength), static_cast<uint32_t>(caseFirst), caseLevel, french, shifted,
                        numeric, normalizing, variableTop};
    for (uint32_t f : flags) { key.push_back(u'\uFFFF'); key.push_back(static_cast<char16_t>(f >> 16)); key.push_back(static_cast<char16_t>(f)); }
    for (int32_t i = 0; i < reorderCount; ++i) { key.push_back(static_cast<char16_t>(0x8000 + reorderCodes[i])); }

    static std::mutex *cacheLock = new std::mutex;
    static auto *cache = new std::map<std::u16string, const FastCollation *>;
    std::lock_guard<std::mutex> guard(*cacheLock);
    auto found = cache->find(key);
    if (found != cache->end()) { return found->second; }
    UCollator *reference = ucol_clone(collator, &code);
    const FastCollation *table = nullptr;
    if (U_SUCCESS(code)) {
        auto *made = new FastCollation(reference, settings, reorderCount > 0, numeric, normalizing);
        // Without the tailored set the table would not know the tailoring's contractions.
        if (made->touched_ != nullptr && made->tailoring_ != nullptr && made->root_ != nullptr &&
            made->nfd_ != nullptr) {
            table = made;
        } else {
            ucol_close(reference);
            delete made;
        }
    }
    (*cache)[key] = table;
    return table;
}

bool FastCollation::excluded(UChar32 c, const icu::UnicodeSet *&continuations,
                             const icu::UnicodeSet *&markContinuations) const {
    continuations = nullptr;
    markContinuations = nullptr;
    // A combining mark the table keys only as itself: one that decomposes goes to ICU.
    icu::UnicodeString decomposition;
    bool decomposes = nfd_->getDecomposition(c, decomposition);
    if (u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0 && decomposes) { return true; }
    if (c == 0xfffe || c == 0xffff || (c >= 0xd800 && c <= 0xdfff)) { return true; }
    if (numeric_ && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) { return true; }
    auto starts = [&](UChar32 x) {
        auto found = continuations_.find(x);
        return found == continuations_.end() ? nullptr : &found->second;
    };
    auto startsWithMark = [&](UChar32 x) {
        auto found = markContinuations_.find(x);
        return found == markContinuations_.end() ? nullptr : &found->second;
    };
    continuations = starts(c);
    markContinuations = startsWithMark(c);
    // A precomposed letter or a Hangul syllable is read as its decomposition: a starter
    // continued inside it is ICU's; a starter at its end looks at what follows.
    if (decomposes) {
        for (int32_t i = 0; i < decomposition.length(); i += U16_LENGTH(decomposition.char32At(i))) {
            const icu::UnicodeSet *inner = starts(decomposition.char32At(i));
            int32_t next = i + U16_LENGTH(decomposition.char32At(i));
            if (next < decomposition.length()) {
                // Hangul jamo: ᄆ starts contractions with other initial consonants, not
                // with the vowel that follows it in 민.
                if (inner != nullptr && inner->contains(decomposition.char32At(next))) { return true; }
            } else {
                // Its own contractions (ئا for ئ) and its last part's: one set, else ICU's.
                if (inner != nullptr) {
                    if (continuations != nullptr && continuations != inner) { return true; }
                    continuations = inner;
                }
                const icu::UnicodeSet *innerMarks = startsWithMark(decomposition.char32At(i));
                if (innerMarks != nullptr) {
                    if (markContinuations != nullptr && markContinuations != innerMarks) { return true; }
                    markContinuations = innerMarks;
                }
            }
        }
    }
    return false;
}

bool FastCollation::followedByChange(const uint8_t *text, int32_t length, int32_t i, uint32_t entry, const Page *p,
                                     int32_t k) const {
    return ((entry & startsContractionBit) != 0 && continuesContraction(text, length, i, p->starter(k))) ||
           followedByMarkChange(text, length, i, entry, p, k);
}

bool FastCollation::followedByMarkChange(const uint8_t *text, int32_t length, int32_t i, uint32_t entry, const Page *p,
                                         int32_t k) const {
    // A combining mark is what is looked for: never an ASCII byte.
    if (i >= length || text[i] < 0x80) { return false; }
    int32_t at = i;
    int32_t next = nextCodePoint(text, length, at);
    if (next < 0) { return true; }
    uint32_t nextEntry = page(next >> 7)->entries[next & 127];
    if ((nextEntry & (markBit | needsICUBit)) == 0) { return false; }
    // A mark after a code point that ends in one: canonical reordering may swap them, or the
    // second may reach back into a contraction (discontiguous, Swedish a + U+0323 + U+030A).
    if ((entry & endsInMarkBit) != 0) { return true; }
    return (entry & startsMarkContractionBit) != 0 && p->starter(k).markContinuations->contains(next);
}

bool FastCollation::continuesContractionBeyondASCII(const uint8_t *text, int32_t length, int32_t i,
                                                    const icu::UnicodeSet &continuations) const {
    int32_t next = nextCodePoint(text, length, i);
    if (next < 0 || continuations.contains(next)) { return true; }
    if (next < 0xc0) { return false; }
    if (next >= 0xac00 && next <= 0xd7a3) { return continuations.contains(0x1100 + (next - 0xac00) / 588); }
    UChar32 lead = next;
    icu::UnicodeString decomposition;
    if (nfd_->getDecomposition(next, decomposition)) { lead = decomposition.char32At(0); }
    return continuations.contains(lead);
}

bool FastCollation::pairAt(const uint8_t *text, int32_t length, int32_t &i, const Page *p, int32_t k,
                           const Element *&from, int32_t &count) const {
    const std::vector<Pair> &pairs = p->starter(k).pairs;
    if (pairs.empty() || i >= length) { return false; }
    int32_t at = i;
    int32_t second = text[at] < 0x80 ? text[at++] : nextCodePoint(text, length, at);
    if (second < 0) { return false; }
    auto found = std::lower_bound(pairs.begin(), pairs.end(), second,
                                  [](const Pair &pair, int32_t c) { return pair.second < c; });
    if (found == pairs.end() || found->second != second) { return false; }
    // What follows the pair is looked at as what follows its second code point: a
    // contraction or prefix mapping that code point starts, or a mark after it.
    const Page *q = page(second >> 7);
    uint32_t entry = q->entries[second & 127];
    if ((entry & needsICUBit) != 0 ||
        ((entry & looksAheadBits) != 0 && followedByChange(text, length, at, entry, q, second & 127))) {
        return false;
    }
    from = p->elements.data() + found->offset;
    count = found->count;
    i = at;
    return true;
}

const std::map<UChar32, std::vector<UChar32>> &FastCollation::pairCandidates() const {
    if (pairCandidates_) { return *pairCandidates_; }
    pairCandidates_ = std::make_unique<std::map<UChar32, std::vector<UChar32>>>();
    auto plainLetter = [&](UChar32 c) {
        icu::UnicodeString decomposition;
        return u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) == 0 &&
               u_getIntPropertyValue(c, UCHAR_TRAIL_CANONICAL_COMBINING_CLASS) == 0 &&
               !nfd_->getDecomposition(c, decomposition) && !(c >= 0xd800 && c <= 0xdfff);
    };
    // A pair is keyed as ICU keys it alone. That holds for a contraction no longer string
    // continues, and for a prefix mapping of its second code point (Japanese ー after カ,
    // listed as "カー") whose context is the first alone: so no string of three or more may
    // begin with the pair, nor end in its second code point.
    std::set<UChar32> contextual;
    std::set<icu::UnicodeString> begunByLonger;
    auto forEachString = [&](auto body) {
        for (const icu::UnicodeString &string : rootStrings()) { body(string); }
        for (const icu::UnicodeString &string : tailoredStrings_) { body(string); }
    };
    forEachString([&](const icu::UnicodeString &string) {
        if (string.countChar32() < 3) { return; }
        contextual.insert(string.char32At(string.moveIndex32(string.length(), -1)));
        begunByLonger.insert(icu::UnicodeString(string, 0, string.moveIndex32(0, 2)));
    });
    forEachString([&](const icu::UnicodeString &string) {
        if (string.countChar32() != 2) { return; }
        UChar32 first = string.char32At(0), second = string.char32At(U16_LENGTH(first));
        if (!plainLetter(first) || !plainLetter(second) || contextual.count(second) != 0 ||
            begunByLonger.count(string) != 0) {
            return;
        }
        (*pairCandidates_)[first].push_back(second);
    });
    for (auto &entry : *pairCandidates_) {
        std::sort(entry.second.begin(), entry.second.end());
        entry.second.erase(std::unique(entry.second.begin(), entry.second.end()), entry.second.end());
    }
    return *pairCandidates_;
}

std::string FastCollation::icuKey(const icu::UnicodeString &text) const {
    uint8_t local[512];
    int32_t length = ucol_getSortKey(reference_, text.getBuffer(), text.length(), local, sizeof local);
    if (length <= 0) { return std::string(); }
    if (length > static_cast<int32_t>(sizeof local)) {
        std::string big(static_cast<size_t>(length), '\0');
        ucol_getSortKey(reference_, text.getBuffer(), text.length(), reinterpret_cast<uint8_t *>(big.data()), length);
        big.pop_back();
        return big;
    }
    return std::string(reinterpret_cast<const char *>(local), static_cast<size_t>(length - 1));
}

SICU_ALWAYS_INLINE const Page *FastCollation::page(int32_t block) const {
    const Page *found = nullptr;
    if (block < bmpPageCount) {
        found = bmpPages_[block].load(std::memory_order_acquire);
    } else if (std::atomic<const Page *> *above = supplementaryPages_.load(std::memory_order_acquire)) {
        found = above[block - bmpPageCount].load(std::memory_order_acquire);
    }
    return found != nullptr ? found : build(block);
}

const Page *FastCollation::build(int32_t block) const {
    std::lock_guard<std::mutex> guard(buildLock_);
    std::atomic<const Page *> *slot = &bmpPages_[block];
    if (block >= bmpPageCount) {
        std::atomic<const Page *> *above = supplementaryPages_.load(std::memory_order_acquire);
        if (above == nullptr) {
            above = new std::atomic<const Page *>[supplementaryPageCount];
            for (int32_t i = 0; i < supplementaryPageCount; ++i) { above[i].store(nullptr, std::memory_order_relaxed); }
            supplementaryPages_.store(above, std::memory_order_release);
        }
        slot = &above[block - bmpPageCount];
    }
    if (const Page *found = slot->load(std::memory_order_acquire)) { return found; }
    auto page = std::make_unique<Page>();
    struct Raw {
        uint32_t primary;
        uint32_t lower;
    };
    // ICU's elements of a text, from its iterator, which gives old-style 32-bit halves:
    // rebuilt as 64-bit elements (the quaternary bits it drops are not read at tertiary
    // strength). False when ICU fails or gives more than 31.
    auto readRaws = [&](const icu::UnicodeString &text, std::vector<Raw> &ces) {
        UErrorCode code = U_ZERO_ERROR;
        icu::CollationElementIterator *iterator = iteratorFor(text);
        if (iterator == nullptr) { return false; }
        iterator->setText(text, code);
        for (;;) {
            int32_t half = iterator->next(code);
            if (U_FAILURE(code) || half == icu::CollationElementIterator::NULLORDER) { break; }
            uint32_t bits = static_cast<uint32_t>(half);
            if ((bits & 0xc0) == 0xc0 && !ces.empty()) {
                Raw &last = ces.back();
                last.primary |= bits >> 16;
                last.lower |= ((bits & 0xff00) << 8) | (bits & 0x3f);
                continue;
            }
            ces.push_back(Raw{bits & 0xffff0000u, ((bits & 0xff00) << 16) | ((bits & 0xff) << 8)});
        }
        return U_SUCCESS(code) && ces.size() <= 31;
    };
    std::vector<std::vector<Raw>> raws(128);
    std::vector<bool> candidate(128, false);
    const icu::UnicodeSet *continuations[128] = {};
    const icu::UnicodeSet *markContinuations[128] = {};
    for (int32_t k = 0; k < 128; ++k) {
        UChar32 c = block * 128 + k;
        page->starterIndex[k] = 0;
        if (excluded(c, continuations[k], markContinuations[k])) { continue; }
        std::vector<Raw> &ces = raws[static_cast<size_t>(k)];
        candidate[static_cast<size_t>(k)] = readRaws(icu::UnicodeString(c), ces);
    }
    auto isVariable = [&](uint32_t p) { return settings_.shifted && p > mergeSeparatorPrimary && p <= settings_.variableTop; };
    auto written = [&](const Raw &r) { return r.primary > mergeSeparatorPrimary && !isVariable(r.primary); };

    // Learn what ICU keeps to itself from its keys: the reordered lead byte of a primary (the
    // first byte of a key whose first written primary it is) and whether a lead byte
    // compresses (the key of a code point written twice).
    for (int32_t k = 0; k < 128; ++k) {
        const std::vector<Raw> &ces = raws[static_cast<size_t>(k)];
        if (!candidate[static_cast<size_t>(k)] || ces.empty()) { continue; }
        UChar32 c = block * 128 + k;
        auto first = std::find_if(ces.begin(), ces.end(), written);
        if (first == ces.end()) { continue; }
        uint32_t lead = first->primary >> 24;
        if (reorderedLead_[lead] < 0) {
            std::string key = icuKey(icu::UnicodeString(c));
            if (!key.empty()) {
                reorderedLead_[lead] = static_cast<uint8_t>(key[0]);
                originalLead_[static_cast<uint8_t>(key[0])] = static_cast<uint8_t>(lead);
            }
        }
    }
    // Elements of a code point with the learned bytes; false when a lead byte is not known.
    // `probeLead` (if not -1) is taken as compressible or not, as `probeCompressible` says.
    auto toElements = [&](const std::vector<Raw> &ces, int32_t probeLead, bool probeCompressible, Element *out,
                          int32_t &count) {
        count = 0;
        for (const Raw &r : ces) {
            uint32_t lead = r.primary >> 24;
            Element e{r.primary, r.lower, false, isVariable(r.primary)};
            if (written(r)) {
                int32_t compressible = static_cast<int32_t>(lead) == probeLead ? probeCompressible : compressibleLead_[lead];
                if (reorderedLead_[lead] < 0 || compressible < 0) { return false; }
                e.primary = (static_cast<uint32_t>(reorderedLead_[lead]) << 24) | (r.primary & 0xffffff);
                e.compressible = compressible == 1;
            } else if (r.primary != 0 && !e.variable) {
                return false;  // the merge separator or a special primary: ICU's business
            }
            out[count++] = e;
        }
        return true;
    };
    // Whether a lead byte compresses: the key of the text written twice, with U+0000
    // (completely ignorable, so it stops any contraction but not compression) between.
    auto learnCompression = [&](const std::vector<Raw> &ces, const icu::UnicodeString &text) {
        int32_t unknown = -1;
        for (const Raw &r : ces) {
            uint32_t lead = r.primary >> 24;
            if (!written(r) || compressibleLead_[lead] >= 0) { continue; }
            if ((r.primary & 0xffffff) == 0) {
                // A one-byte primary never compresses: with its lead byte left out, nothing
                // of it would be written. (ICU's compressible lead bytes hold longer ones.)
                compressibleLead_[lead] = 0;
            } else if (unknown < 0 || unknown == static_cast<int32_t>(lead)) {
                unknown = static_cast<int32_t>(lead);
            } else {
                unknown = -2;  // two unknown lead bytes: probe with another text
            }
        }
        if (unknown < 0) { return; }
        icu::UnicodeString twice(text);
        twice.append(static_cast<UChar32>(0));
        twice.append(text);
        std::string key = icuKey(twice);
        for (bool compressible : {true, false}) {
            Element pair[64];
            int32_t count = 0;
            if (!toElements(ces, unknown, compressible, pair, count)) { break; }
            std::copy(pair, pair + count, pair + count);
            uint8_t mine[maxKeyLength];
            int32_t length = writeKey(pair, 2 * count, mine);
            if (key.size() == static_cast<size_t>(length) && std::memcmp(key.data(), mine, key.size()) == 0) {
                compressibleLead_[unknown] = compressible ? 1 : 0;
                break;
            }
        }
    };
    for (int32_t k = 0; k < 128; ++k) {
        if (!candidate[static_cast<size_t>(k)]) { continue; }
        learnCompression(raws[static_cast<size_t>(k)], icu::UnicodeString(block * 128 + k));
    }

    for (int32_t k = 0; k < 128; ++k) {
        page->entries[k] = needsICUBit;
        if (!candidate[static_cast<size_t>(k)]) { continue; }
        const std::vector<Raw> &ces = raws[static_cast<size_t>(k)];
        Element elements[32];
        int32_t count = 0;
        if (!toElements(ces, -1, false, elements, count)) { continue; }
        // The check that keeps the table honest: the code point's own key must be ICU's.
        uint8_t mine[maxKeyLength];
        int32_t length = writeKey(elements, count, mine);
        std::string key = icuKey(icu::UnicodeString(block * 128 + k));
        if (key.size() != static_cast<size_t>(length) || std::memcmp(key.data(), mine, key.size()) != 0) { continue; }
        uint32_t offset = 0;
        if (count == 1) {
            page->single[k] = elements[0];
        } else {
            offset = static_cast<uint32_t>(page->elements.size());
            page->elements.insert(page->elements.end(), elements, elements + count);
        }
        UChar32 c = block * 128 + k;
        page->entries[k] = (static_cast<uint32_t>(count) << 16) | offset |
                           (continuations[k] != nullptr ? startsContractionBit : 0) |
                           (markContinuations[k] != nullptr ? startsMarkContractionBit : 0) |
                           (u_getIntPropertyValue(c, UCHAR_TRAIL_CANONICAL_COMBINING_CLASS) != 0 ? endsInMarkBit : 0) |
                           (u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0 ? markBit : 0);
        if (plain_ && count == 1 && (page->entries[k] & looksAheadBits) == 0 && elements[0].primary > 1 &&
            !elements[0].variable &&
            hasCommonLowerLevels(elements[0].lower)) {
            page->entries[k] |= simpleBit;
        }
        if (continuations[k] == nullptr && markContinuations[k] == nullptr) { continue; }
        page->starterIndex[k] = static_cast<uint8_t>(page->starters.size());
        page->starters.push_back(Page::Starter{continuations[k], markContinuations[k], {0, 0}, {}});
        if (continuations[k] == nullptr) { continue; }
        for (UChar32 ascii = 0; ascii < 0x80; ++ascii) {
            if (continuations[k]->contains(ascii)) { page->starters.back().asciiContinuations[ascii >> 6] |= uint64_t{1} << (ascii & 63); }
        }
        // The contractions of two letters it starts, each checked against ICU's own key.
        auto seconds = pairCandidates().find(c);
        if (seconds == pairCandidates().end()) { continue; }
        for (UChar32 second : seconds->second) {
            icu::UnicodeString pair(c);
            pair.append(second);
            std::vector<Raw> pairRaws;
            Element pairElements[32];
            int32_t pairCount = 0;
            if (!readRaws(pair, pairRaws)) { continue; }
            // A tailored contraction may have a primary of its own lead byte (cs "ch").
            learnCompression(pairRaws, pair);
            if (!toElements(pairRaws, -1, false, pairElements, pairCount)) { continue; }
            int32_t pairLength = writeKey(pairElements, pairCount, mine);
            std::string pairKey = icuKey(pair);
            if (pairKey.size() != static_cast<size_t>(pairLength) ||
                std::memcmp(pairKey.data(), mine, pairKey.size()) != 0) {
                continue;
            }
            page->starters.back().pairs.push_back(Pair{second, static_cast<uint32_t>(page->elements.size()), pairCount});
            page->elements.insert(page->elements.end(), pairElements, pairElements + pairCount);
        }
    }
    const Page *built = page.release();
    slot->store(built, std::memory_order_release);
    return built;
}

SICU_ALWAYS_INLINE bool FastCollation::codePointAt(const uint8_t *text, int32_t length, int32_t &i, const Page *ascii,
                                                   int32_t &c, const Page *&p) const {
    if (text[i] < 0x80) {
        c = text[i++];
        p = ascii;
        return true;
    }
    c = nextCodePoint(text, length, i);
    if (c < 0) { return false; }
    p = page(c >> 7);
    return true;
}

SICU_ALWAYS_INLINE bool FastCollation::elementsAt(const uint8_t *text, int32_t length, int32_t &i, const Element *&from, int32_t &count,
                               Element &number, const Page *ascii) const {
    if (text[i] < 0x80) {
        if (numberLead_ >= 0 && isASCIIDigit(text[i])) {
            // A run of digits is one number under numeric ordering.
            while (i + 1 < length && text[i] == '0' && isASCIIDigit(text[i + 1])) { ++i; }
            uint32_t value = 0;
            int32_t digits = 0;
            while (i < length && isASCIIDigit(text[i]) && digits < 7) { value = value * 10 + (text[i++] - '0'); ++digits; }
            if ((i < length && isASCIIDigit(text[i])) || !numberElement(value, number)) { return false; }
            from = &number;
            count = 1;
            return true;
        }
    }
    int32_t c;
    const Page *p;
    if (!codePointAt(text, length, i, ascii, c, p)) { return false; }
    uint32_t entry = p->entries[c & 127];
    if (entry & needsICUBit) { return false; }
    if ((entry & looksAheadBits) != 0) {
        if ((entry & startsContractionBit) != 0 && continuesContraction(text, length, i, p->starter(c & 127))) {
            return pairAt(text, length, i, p, c & 127, from, count);
        }
        if (followedByMarkChange(text, length, i, entry, p, c & 127)) { return false; }
    }
    count = static_cast<int32_t>((entry >> 16) & 0xff);
    from = count == 1 ? &p->single[c & 127] : p->elements.data() + (entry & 0xffff);
    return true;
}

namespace {

template <bool Plain>
int32_t writeElements(const KeySettings &settings, const Element *elements, int32_t count, uint8_t *out) {
    LevelBuffers<Plain> buffers;
    KeyWriter<Plain> writer(settings, out, buffers);
    for (int32_t i = 0; i < count; ++i) { writer.add(elements[i]); }
    return writer.finish();
}

}  // namespace

int32_t FastCollation::writeKey(const Element *elements, int32_t count, uint8_t *out) const {
    return plain_ ? writeElements<true>(settings_, elements, count, out)
                  : writeElements<false>(settings_, elements, count, out);
}

bool FastCollation::sortKey(const uint8_t *text, int32_t length, uint8_t *out, int32_t prefix, int32_t &keyLength,
                            int32_t elementLimit) const {
    // Held in a register: the key's byte stores could otherwise alias the page table.
    const Page *ascii = page(0);
    // One loop per kind of call, so that the usual one (the whole key) checks no prefix.
    auto write = [&](auto &writer, auto wantsPrefix) {
        int32_t total = 0;
        // Counts `added` elements; false past elementLimit.
        auto fits = [&](int32_t added) {
            total += added;
            if (total <= elementLimit) { return true; }
            keyLength = elementLimit < maxElements ? -1 : 0;
            return false;
        };
        for (int32_t i = 0; i < length;) {
            bool added = false;
            if constexpr (std::remove_reference_t<decltype(writer)>::plain) {
                // A code point with simpleBit, as most are, takes the short way.
                int32_t next = i, c;
                const Page *p;
                if (!codePointAt(text, length, next, ascii, c, p)) { return false; }
                if ((p->entries[c & 127] & simpleBit) != 0) {
                    if (!fits(1)) { return false; }
                    writer.addSimple(p->single[c & 127]);
                    i = next;
                    added = true;
                }
            }
            if (!added) {
                const Element *from;
                int32_t count;
                Element number;
                if (!elementsAt(text, length, i, from, count, number, ascii) || !fits(count)) { return false; }
                if (count == 1) {
                    writer.add(*from);  // most code points have one element: no loop over them
                } else {
                    for (int32_t j = 0; j < count; ++j) { writer.add(from[j]); }
                }
            }
            if constexpr (decltype(wantsPrefix)::value) {
                if (writer.primaryLength() >= prefix && settled(text, length, i)) {
                    keyLength = writer.primaryLength();
                    return true;
                }
            }
        }
        keyLength = writer.finish();
        return true;
    };
    auto run = [&](auto &writer) {
        return prefix > 0 ? write(writer, std::true_type{}) : write(writer, std::false_type{});
    };
    if (plain_) {
        LevelBuffers<true> buffers;
        KeyWriter<true> writer(settings_, out, buffers);
        return run(writer);
    }
    LevelBuffers<false> buffers;
    KeyWriter<false> writer(settings_, out, buffers);
    return run(writer);
}

SICU_ALWAYS_INLINE bool FastCollation::settled(const uint8_t *text, int32_t length, int32_t i) const {
    // Only a combining mark changes the elements before it (a contraction, as Swedish å from
    // a + U+030A, or a discontiguous one through another mark), so elements are final only
    // before a code point that is not a mark. Contractions and prefix mappings of two
    // starters are checked where they begin.
    if (i >= length || text[i] < 0x80) { return true; }
    int32_t c = nextCodePoint(text, length, i);
    return c >= 0 && (page(c >> 7)->entries[c & 127] & (needsICUBit | markBit)) == 0;
}

SICU_ALWAYS_INLINE bool FastCollation::firstPrimary(const uint8_t *text, int32_t length, int32_t &i,
                                                    uint32_t &primary) const {
    if (length <= 0) { return false; }
    int32_t c;
    const Page *p;
    i = 0;
    if (text[0] < 0x80) {
        if (numberLead_ >= 0 && isASCIIDigit(text[0])) { return false; }
        c = text[0];
        i = 1;
        p = page(0);
    } else {
        c = nextCodePoint(text, length, i);
        if (c < 0) { return false; }
        p = page(c >> 7);
    }
    uint32_t entry = p->entries[c & 127];
    if ((entry & needsICUBit) != 0 ||
        ((entry & startsContractionBit) != 0 && continuesContraction(text, length, i, p->starter(c & 127)))) {
        return false;
    }
    // Han under most locales and Hangul syllables have more than one element: the first
    // decides when it differs.
    uint32_t count = (entry >> 16) & 0xff;
    if (count == 0) { return false; }
    const Element &e = count == 1 ? p->single[c & 127] : p->elements[entry & 0xffff];
    if (e.primary == 0 || e.variable) { return false; }
    primary = e.primary;
    return true;
}

bool FastCollation::comparePrimaries(const uint8_t *a, int32_t aLength, const uint8_t *b, int32_t bLength,
                                     int32_t &order) const {
    // Most pairs of names differ in their first letters.
    {
        int32_t i = 0, j = 0;
        uint32_t p = 0, q = 0;
        if (firstPrimary(a, aLength, i, p) && firstPrimary(b, bLength, j, q) && p != q && settled(a, aLength, i) &&
            settled(b, bLength, j)) {
            order = p < q ? -1 : 1;
            return true;
        }
    }
    // A reader of one text's primaries that count (not ignorable, not variable when shifted).
    struct Reader {
        const FastCollation &table;
        const uint8_t *text;
        int32_t length;
        int32_t i = 0;
        const Element *from = nullptr;
        int32_t count = 0, next = 0;
        Element number{};
        /// The next primary, 0 at the end; false when a code point needs ICU.
        bool read(uint32_t &primary) {
            for (;;) {
                while (next < count) {
                    const Element &e = from[next++];
                    if (e.primary != 0 && !e.variable) { primary = e.primary; return true; }
                }
                if (i >= length) { primary = 0; return true; }
                if (!table.elementsAt(text, length, i, from, count, number, table.page(0))) { return false; }
                next = 0;
            }
        }
    };
    Reader left{*this, a, aLength}, right{*this, b, bLength};
    order = 0;
    for (;;) {
        uint32_t p = 0, q = 0;
        if (!left.read(p) || !right.read(q)) { return false; }
        if (p != q) {
            // A primary is final when no combining mark follows its code point.
            if (!settled(a, aLength, left.i) || !settled(b, bLength, right.i)) { return false; }
            order = p < q ? -1 : 1;  // the end (0) sorts first
            return true;
        }
        if (p == 0) { return false; }
    }
}

bool FastCollation::iteratorPrimaries(const uint8_t *text, int32_t length, uint32_t variableTop, uint32_t *weights,
                                      int32_t capacity, int32_t &count) const {
    int32_t start = count;
    for (int32_t i = 0; i < length;) {
        const Element *from;
        int32_t n;
        Element number;
        if (!elementsAt(text, length, i, from, n, number, page(0)) || from == &number) {
            count = start;
            return false;
        }
        for (int32_t j = 0; j < n; ++j) {
            uint32_t p = from[j].primary;
            // A variable element (shifted) keeps its original primary, which is at or below
            // variableTop; every other primary is the reordered one.
            if (p == 0 || from[j].variable) { continue; }
            p = (static_cast<uint32_t>(originalLead_[p >> 24]) << 24) | (p & 0xffffff);
            if (p <= variableTop) { continue; }
            if (count < capacity) { weights[count] = p; }
            ++count;
        }
    }
    return true;
}

namespace {

/// The collator's shared table, or nullptr while it counts its first keys (unless `now`) and
/// when its settings have none.
const FastCollation *fastCollation(const SICUCollator *collator, bool now) {
    if (collator->fastLookedUp.load(std::memory_order_acquire)) { return collator->fast.load(std::memory_order_relaxed); }
    if (!now && collator->keysUntilFast.fetch_sub(1, std::memory_order_relaxed) > 0) { return nullptr; }
    std::lock_guard<std::mutex> guard(collator->lookUpLock);
    if (!collator->fastLookedUp.load(std::memory_order_relaxed)) {
        collator->fast.store(FastCollation::forCollator(collator->icu), std::memory_order_relaxed);
        collator->fastLookedUp.store(true, std::memory_order_release);
    }
    return collator->fast.load(std::memory_order_relaxed);
}

}  // namespace

FastResult fastSortKey(const SICUCollator *collator, const char *text, int32_t textLength, uint8_t *out,
                       int32_t capacity, int32_t &length, bool now, bool prefix) {
    const FastCollation *table = fastCollation(collator, now);
    if (table == nullptr) { return FastResult::needsICU; }
    auto utf8 = reinterpret_cast<const uint8_t *>(text);
    if (!prefix && elementsFitting(capacity) >= 8) {
        // Written in place; a name with more elements than fit is made again below (a rare
        // second pass: letting the key move on to a buffer of its own when it outgrows
        // `out` cost the key loop 20 to 80 instructions on every name).
        length = 0;
        if (table->sortKey(utf8, textLength, out, 0, length, std::min(elementsFitting(capacity), maxElements))) {
            return FastResult::done;
        }
        if (length != -1) { return FastResult::needsICU; }
    }
    uint8_t key[maxKeyLength];
    if (!table->sortKey(utf8, textLength, key, prefix ? std::max(capacity, 1) : 0, length)) {
        return FastResult::needsICU;
    }
    if (capacity > 0) { std::memcpy(out, key, static_cast<size_t>(std::min(length, capacity))); }
    return FastResult::done;
}

FastResult fastCompare(const SICUCollator *collator, const char *a, int32_t aLength, const char *b, int32_t bLength,
                       int32_t &order) {
    const FastCollation *table = fastCollation(collator, false);
    if (table == nullptr) { return FastResult::needsICU; }
    auto left = reinterpret_cast<const uint8_t *>(a), right = reinterpret_cast<const uint8_t *>(b);
    // Most names differ in their letters, most of them early: primaries decide, read only up
    // to their first difference.
    if (table->comparePrimaries(left, aLength, right, bLength, order)) { return FastResult::done; }
    uint8_t leftKey[maxKeyLength], rightKey[maxKeyLength];
    int32_t leftLength = 0, rightLength = 0;
    if (!table->sortKey(left, aLength, leftKey, 0, leftLength) || !table->sortKey(right, bLength, rightKey, 0, rightLength)) {
        return FastResult::needsICU;
    }
    int32_t cmp = std::memcmp(leftKey, rightKey, static_cast<size_t>(std::min(leftLength, rightLength)));
    order = cmp != 0 ? (cmp < 0 ? -1 : 1) : (leftLength < rightLength ? -1 : leftLength > rightLength ? 1 : 0);
    return FastResult::done;
}

FastResult fastIteratorPrimaries(const SICUCollator *collator, const char16_t *text, int32_t length,
                                 uint32_t variableTop, uint32_t *weights, int32_t capacity, int32_t &count) {
    const FastCollation *table = fastCollation(collator, false);
    // A word of a name: longer text (or an unpaired surrogate) goes to ICU.
    char utf8[256];
    int32_t utf8Length = 0;
    UErrorCode code = U_ZERO_ERROR;
    if (table == nullptr || length > 80) { return FastResult::needsICU; }
    u_strToUTF8(utf8, sizeof utf8, &utf8Length, text, length, &code);
    if (U_FAILURE(code) || utf8Length > static_cast<int32_t>(sizeof utf8)) { return FastResult::needsICU; }
    return table->iteratorPrimaries(reinterpret_cast<const uint8_t *>(utf8), utf8Length, variableTop, weights, capacity,
                                    count)
               ? FastResult::done
               : FastResult::needsICU;
}

}  // namespace sicu
