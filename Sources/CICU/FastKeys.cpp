// The collation fast path (see FastKeys.hpp): the per-collator table and the key writer.
#include "FastKeys.hpp"

#include "CollatorHandle.hpp"

#include <unicode/coleitr.h>
#include <unicode/normalizer2.h>
#include <unicode/tblcoll.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/uniset.h>
#include <unicode/usetiter.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <string>
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

struct Page {
    /// Per code point: bit 31 set when it needs ICU; else elements [offset, offset + count)
    /// with count in bits 16..23 and offset in bits 0..15, and bit 30 set when a contraction
    /// can start with it (or with the end of its decomposition).
    uint32_t entries[128];
    /// For a code point with bit 30: the code points that would continue a contraction.
    const icu::UnicodeSet *continuations[128];
    std::vector<Element> elements;
};
constexpr uint32_t needsICUBit = 0x80000000u;
constexpr uint32_t startsContractionBit = 0x40000000u;
constexpr int32_t pageCount = 0x110000 >> 7;

class KeyWriter {
public:
    explicit KeyWriter(const KeySettings &settings) : settings_(settings) {}

    /// Writes the key of `elements` to `out` (at least maxKeyLength bytes); returns its length.
    int32_t write(const Element *elements, int32_t count, uint8_t *out) const;

private:
    const KeySettings &settings_;
};

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

int32_t KeyWriter::write(const Element *elements, int32_t count, uint8_t *out) const {
    const KeySettings &s = settings_;
    uint8_t secondaries[maxElements * 3 + 8];
    uint8_t cases[maxElements * 3 + 8];
    uint8_t tertiaries[maxElements * 3 + 8];
    int32_t secondaryLength = 0, caseLength = 0, tertiaryLength = 0;
    int32_t length = 0;
    uint32_t previousReorderedPrimary = 0;  // 0: no compression
    int32_t commonSecondaries = 0, commonCases = 0, commonTertiaries = 0;
    uint32_t previousSecondary = 0;
    int32_t secondarySegmentStart = 0;

    for (int32_t i = 0; i <= count; ++i) {
        if (i < count && elements[i].variable) {
            // Shifted: a variable element and the primary ignorables after it drop out of every
            // level written here (they would only reach the quaternary level).
            while (i < count && (elements[i].variable || elements[i].primary == 0)) { ++i; }
        }
        const Element &e = i < count ? elements[i] : endOfString;
        uint32_t p = e.primary;
        if (p > 1) {
            uint32_t lead = p >> 24;
            if (!e.compressible || lead != (previousReorderedPrimary >> 24)) {
                if (previousReorderedPrimary != 0) {
                    if (p < previousReorderedPrimary) {
                        if (lead > mergeSeparatorByte) { out[length++] = primaryCompressionLowByte; }
                    } else {
                        out[length++] = primaryCompressionHighByte;
                    }
                }
                out[length++] = static_cast<uint8_t>(lead);
                previousReorderedPrimary = e.compressible ? p : 0;
            }
            uint8_t b2 = static_cast<uint8_t>(p >> 16);
            if (b2 != 0) {
                out[length++] = b2;
                uint8_t b3 = static_cast<uint8_t>(p >> 8);
                if (b3 != 0) {
                    out[length++] = b3;
                    uint8_t b4 = static_cast<uint8_t>(p);
                    if (b4 != 0) { out[length++] = b4; }
                }
            }
        }
        uint32_t lower = e.lower;
        if (lower == 0) { continue; }  // completely ignorable

        if (s.secondary) {
            uint32_t w = lower >> 16;
            if (w == 0) {
                // secondary ignorable
            } else if (w == commonWeight16 && (!s.backwardSecondary || p != mergeSeparatorPrimary)) {
                ++commonSecondaries;
            } else if (!s.backwardSecondary) {
                endCommonRun(secondaries, secondaryLength, commonSecondaries, secondaryRun, w < commonWeight16);
                appendWeight16(secondaries, secondaryLength, w);
            } else {
                if (commonSecondaries != 0) {
                    --commonSecondaries;
                    // Written backwards: the level is reversed segment by segment below.
                    int32_t remainder = commonSecondaries % secondaryRun.maxCount;
                    secondaries[secondaryLength++] = static_cast<uint8_t>(
                        previousSecondary < commonWeight16 ? secondaryRun.low + remainder : secondaryRun.high - remainder);
                    commonSecondaries -= remainder;
                    while (commonSecondaries > 0) {
                        secondaries[secondaryLength++] = static_cast<uint8_t>(secondaryRun.middle);
                        commonSecondaries -= secondaryRun.maxCount;
                    }
                }
                if (0 < p && p <= mergeSeparatorPrimary) {
                    std::reverse(secondaries + secondarySegmentStart, secondaries + secondaryLength);
                    secondaries[secondaryLength++] = static_cast<uint8_t>(p == 1 ? levelSeparatorByte : mergeSeparatorByte);
                    previousSecondary = 0;
                    secondarySegmentStart = secondaryLength;
                } else {
                    uint8_t high = static_cast<uint8_t>(w >> 8), low = static_cast<uint8_t>(w);
                    if (low != 0) { secondaries[secondaryLength++] = low; }
                    secondaries[secondaryLength++] = high;
                    previousSecondary = w;
                }
            }
        }

        if (s.caseLevel && !(s.primaryStrength ? p == 0 : lower <= 0xffff)) {
            uint32_t c = (lower >> 8) & 0xff;
            if ((c & 0xc0) == 0 && c > levelSeparatorByte) {
                ++commonCases;
            } else {
                if (!s.upperFirst) {
                    if (commonCases != 0 && (c > levelSeparatorByte || caseLength != 0)) {
                        --commonCases;
                        while (commonCases >= caseLowerFirstCommonMaxCount) {
                            cases[caseLength++] = caseLowerFirstCommonMiddle << 4;
                            commonCases -= caseLowerFirstCommonMaxCount;
                        }
                        uint32_t b = c <= levelSeparatorByte ? caseLowerFirstCommonLow + commonCases
                                                             : caseLowerFirstCommonHigh - commonCases;
                        cases[caseLength++] = static_cast<uint8_t>(b << 4);
                        commonCases = 0;
                    }
                    if (c > levelSeparatorByte) { c = (caseLowerFirstCommonHigh + (c >> 6)) << 4; }
                } else {
                    if (commonCases != 0) {
                        --commonCases;
                        while (commonCases >= caseUpperFirstCommonMaxCount) {
                            cases[caseLength++] = caseUpperFirstCommonLow << 4;
                            commonCases -= caseUpperFirstCommonMaxCount;
                        }
                        cases[caseLength++] = static_cast<uint8_t>((caseUpperFirstCommonLow + commonCases) << 4);
                        commonCases = 0;
                    }
                    if (c > levelSeparatorByte) { c = (caseUpperFirstCommonLow - (c >> 6)) << 4; }
                }
                cases[caseLength++] = static_cast<uint8_t>(c);
            }
        }

        if (s.tertiary) {
            uint32_t t = lower & s.tertiaryMask;
            if (t == commonWeight16) {
                ++commonTertiaries;
            } else if ((s.tertiaryMask & 0x8000) == 0) {
                endCommonRun(tertiaries, tertiaryLength, commonTertiaries, tertiaryOnlyRun, t < commonWeight16);
                if (t > commonWeight16) { t += 0xc000; }
                appendWeight16(tertiaries, tertiaryLength, t);
            } else if (!s.upperFirst) {
                endCommonRun(tertiaries, tertiaryLength, commonTertiaries, tertiaryLowerFirstRun, t < commonWeight16);
                if (t > commonWeight16) { t += 0x4000; }
                appendWeight16(tertiaries, tertiaryLength, t);
            } else {
                if (t <= noCEWeight16) {
                    // separators stay
                } else if (lower > 0xffff) {
                    t ^= 0xc000;  // upper first: invert the case bits of primary and secondary CEs
                    if (t < (tertiaryUpperFirstRun.high << 8)) { t -= 0x4000; }
                } else {
                    t += 0x4000;  // a tertiary CE keeps its uppercase bits
                }
                endCommonRun(tertiaries, tertiaryLength, commonTertiaries, tertiaryUpperFirstRun,
                             t < (tertiaryUpperFirstRun.low << 8));
                appendWeight16(tertiaries, tertiaryLength, t);
            }
        }
    }

    // Each level ends with the 01 its end-of-string element wrote: ICU leaves it out.
    if (s.secondary) {
        out[length++] = levelSeparatorByte;
        std::memcpy(out + length, secondaries, static_cast<size_t>(secondaryLength - 1));
        length += secondaryLength - 1;
    }
    if (s.caseLevel) {
        out[length++] = levelSeparatorByte;
        uint8_t pending = 0;
        for (int32_t i = 0; i < caseLength - 1; ++i) {
            uint8_t c = cases[i];
            if (pending == 0) {
                pending = c;
            } else {
                out[length++] = static_cast<uint8_t>(pending | (c >> 4));
                pending = 0;
            }
        }
        if (pending != 0) { out[length++] = pending; }
    }
    if (s.tertiary) {
        out[length++] = levelSeparatorByte;
        std::memcpy(out + length, tertiaries, static_cast<size_t>(tertiaryLength - 1));
        length += tertiaryLength - 1;
    }
    return length;
}

inline bool isASCIIDigit(uint8_t byte) { return byte >= '0' && byte <= '9'; }

/// Decodes one well-formed UTF-8 code point at `s[i]`, advancing `i`; -1 when ill-formed
/// (ICU reads those as U+FFFD, which the fast path leaves to ICU).
inline int32_t nextCodePoint(const uint8_t *s, int32_t length, int32_t &i) {
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

    /// The collation elements of `text`, or false when a code point needs ICU.
    bool elements(const uint8_t *text, int32_t length, Element *out, int32_t &count) const;

    int32_t writeKey(const Element *elements, int32_t count, uint8_t *out) const {
        return KeyWriter(settings_).write(elements, count, out);
    }

    /// Compares the primary weights of two element runs; 0 when they are equal.
    int32_t comparePrimaries(const Element *a, int32_t aCount, const Element *b, int32_t bCount) const;

    bool comparesOnlyPrimaries() const { return !settings_.secondary && !settings_.caseLevel; }

private:
    FastCollation(UCollator *reference, const KeySettings &settings, bool reordering, bool numeric);
    const Page *page(int32_t block) const;
    const Page *build(int32_t block) const;
    /// Whether the code point always needs ICU; else, in `continuations`, what continues a
    /// contraction it starts (nullptr when none can).
    bool excluded(UChar32 c, const icu::UnicodeSet *&continuations) const;
    /// Whether the code point at `text[i]` continues a contraction `continuations` allows.
    bool continuesContraction(const uint8_t *text, int32_t length, int32_t i, const icu::UnicodeSet &continuations) const;
    /// ICU's key for `text` without its terminating zero.
    std::string icuKey(const icu::UnicodeString &text) const;

    UCollator *reference_;  // own clone; used only under buildLock_
    KeySettings settings_;
    bool numeric_;
    icu::UnicodeSet contextual_;  // code points with a prefix context
    /// Per contraction starter, the code points that can follow it in a contraction (only
    /// contractions continued by a letter: marks go to ICU anyway).
    std::map<UChar32, icu::UnicodeSet> continuations_;
    const icu::Normalizer2 *nfd_;
    icu::CollationElementIterator *iterator_;
    mutable std::mutex buildLock_;
    std::unique_ptr<std::atomic<const Page *>[]> pages_;
    mutable int16_t reorderedLead_[256];  // learned from ICU's keys; -1 unknown
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
        if (contextual_.contains(digit) || continuations_.count(digit) != 0) { return; }
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

FastCollation::FastCollation(UCollator *reference, const KeySettings &settings, bool reordering, bool numeric)
    : reference_(reference), settings_(settings), numeric_(numeric), nfd_(nullptr),
      iterator_(nullptr), pages_(new std::atomic<const Page *>[pageCount]) {
    for (int32_t i = 0; i < pageCount; ++i) { pages_[i].store(nullptr, std::memory_order_relaxed); }
    for (int32_t i = 0; i < 256; ++i) {
        reorderedLead_[i] = reordering ? -1 : static_cast<int16_t>(i);
        compressibleLead_[i] = -1;
    }
    UErrorCode code = U_ZERO_ERROR;
    nfd_ = icu::Normalizer2::getNFDInstance(code);
    const icu::Normalizer2 *nfc = icu::Normalizer2::getNFCInstance(code);
    // Contractions start at their first code point; a prefix mapping (Japanese ー after a
    // kana) belongs to the code point after the prefix, so every code point of a prefix string
    // but its first is contextual.
    icu::UnicodeSet contractions, withPrefixes;
    ucol_getContractionsAndExpansions(reference, contractions.toUSet(), nullptr, false, &code);
    ucol_getContractionsAndExpansions(reference, withPrefixes.toUSet(), nullptr, true, &code);
    icu::UnicodeSetIterator it(withPrefixes);
    while (it.next()) {
        if (!it.isString()) { continue; }
        const icu::UnicodeString &s = it.getString();
        if (contractions.contains(s)) {
            // A contraction whose second code point is a combining mark ("a" + U+030A, which
            // Swedish tailors as å) needs that mark, and a mark always goes to ICU. One whose
            // second code point is a letter (Czech "ch") makes its starter check what follows.
            // ICU may list a contraction in its decomposed form only: Uyghur's ئا as
            // ي + U+0654 + ا, whose composed form ئ starts it too.
            icu::UnicodeString composed;
            if (nfc != nullptr) { composed = nfc->normalize(s, code); }
            const icu::UnicodeString *forms[] = {&s, &composed};
            for (const icu::UnicodeString *form : forms) {
                if (form->countChar32() < 2) { continue; }
                UChar32 second = form->char32At(U16_LENGTH(form->char32At(0)));
                if (u_getIntPropertyValue(second, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) == 0) {
                    continuations_[form->char32At(0)].add(second);
                }
            }
        } else {
            for (int32_t i = U16_LENGTH(s.char32At(0)); i < s.length(); i += U16_LENGTH(s.char32At(i))) {
                contextual_.add(s.char32At(i));
            }
        }
    }
    for (auto &entry : continuations_) { entry.second.freeze(); }
    contextual_.freeze();
    const icu::RuleBasedCollator *rbc = icu::RuleBasedCollator::rbcFromUCollator(reference);
    if (U_SUCCESS(code) && rbc != nullptr) { iterator_ = rbc->createCollationElementIterator(icu::UnicodeString()); }
    learnNumbers();
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
        auto *made = new FastCollation(reference, settings, reorderCount > 0, numeric);
        if (made->iterator_ != nullptr && made->nfd_ != nullptr) {
            table = made;
        } else {
            delete made->iterator_;
            ucol_close(reference);
            delete made;
        }
    }
    (*cache)[key] = table;
    return table;
}

bool FastCollation::excluded(UChar32 c, const icu::UnicodeSet *&continuations) const {
    continuations = nullptr;
    if (contextual_.contains(c) || u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0) { return true; }
    if (c == 0xfffe || c == 0xffff || (c >= 0xd800 && c <= 0xdfff)) { return true; }
    if (numeric_ && u_charType(c) == U_DECIMAL_DIGIT_NUMBER) { return true; }
    auto starts = [&](UChar32 x) {
        auto found = continuations_.find(x);
        return found == continuations_.end() ? nullptr : &found->second;
    };
    continuations = starts(c);
    // A precomposed letter or a Hangul syllable is read as its decomposition: a starter
    // inside it, or a prefix context, is ICU's; a starter at its end looks at what follows.
    icu::UnicodeString decomposition;
    if (nfd_->getDecomposition(c, decomposition)) {
        if (contextual_.containsSome(decomposition)) { return true; }
        for (int32_t i = 0; i < decomposition.length(); i += U16_LENGTH(decomposition.char32At(i))) {
            const icu::UnicodeSet *inner = starts(decomposition.char32At(i));
            int32_t next = i + U16_LENGTH(decomposition.char32At(i));
            if (next < decomposition.length()) {
                // Hangul jamo: ᄆ starts contractions with other initial consonants, not
                // with the vowel that follows it in 민.
                if (inner != nullptr && inner->contains(decomposition.char32At(next))) { return true; }
            } else if (inner != nullptr) {
                // Its own contractions (ئا for ئ) and its last part's: one set, else ICU's.
                if (continuations != nullptr && continuations != inner) { return true; }
                continuations = inner;
            }
        }
    }
    return false;
}

bool FastCollation::continuesContraction(const uint8_t *text, int32_t length, int32_t i,
                                         const icu::UnicodeSet &continuations) const {
    if (i >= length) { return false; }
    int32_t next = nextCodePoint(text, length, i);
    if (next < 0 || continuations.contains(next)) { return true; }
    if (next < 0xc0) { return false; }
    if (next >= 0xac00 && next <= 0xd7a3) { return continuations.contains(0x1100 + (next - 0xac00) / 588); }
    UChar32 lead = next;
    icu::UnicodeString decomposition;
    if (nfd_->getDecomposition(next, decomposition)) { lead = decomposition.char32At(0); }
    return continuations.contains(lead);
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

const Page *FastCollation::page(int32_t block) const {
    const Page *found = pages_[block].load(std::memory_order_acquire);
    return found != nullptr ? found : build(block);
}

const Page *FastCollation::build(int32_t block) const {
    std::lock_guard<std::mutex> guard(buildLock_);
    if (const Page *found = pages_[block].load(std::memory_order_acquire)) { return found; }
    auto page = std::make_unique<Page>();
    struct Raw {
        uint32_t primary;
        uint32_t lower;
    };
    std::vector<std::vector<Raw>> raws(128);
    std::vector<bool> candidate(128, false);
    for (int32_t k = 0; k < 128; ++k) {
        UChar32 c = block * 128 + k;
        page->continuations[k] = nullptr;
        if (excluded(c, page->continuations[k])) { continue; }
        UErrorCode code = U_ZERO_ERROR;
        iterator_->setText(icu::UnicodeString(c), code);
        std::vector<Raw> &ces = raws[static_cast<size_t>(k)];
        // ICU's iterator gives old-style 32-bit halves; rebuild the 64-bit elements (the
        // quaternary bits it drops are not read at tertiary strength).
        for (;;) {
            int32_t half = iterator_->next(code);
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
        candidate[static_cast<size_t>(k)] = U_SUCCESS(code) && ces.size() <= 31;
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
            if (!key.empty()) { reorderedLead_[lead] = static_cast<uint8_t>(key[0]); }
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
    // Whether a lead byte compresses: the key of the code point written twice, with U+0000
    // (completely ignorable, so it stops any contraction but not compression) between.
    for (int32_t k = 0; k < 128; ++k) {
        const std::vector<Raw> &ces = raws[static_cast<size_t>(k)];
        if (!candidate[static_cast<size_t>(k)]) { continue; }
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
                unknown = -2;  // two unknown lead bytes: probe with another code point
            }
        }
        if (unknown < 0) { continue; }
        UChar32 c = block * 128 + k;
        icu::UnicodeString twice(c);
        twice.append(static_cast<UChar32>(0));
        twice.append(c);
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
        page->entries[k] = (static_cast<uint32_t>(count) << 16) | static_cast<uint32_t>(page->elements.size()) |
                           (page->continuations[k] != nullptr ? startsContractionBit : 0);
        page->elements.insert(page->elements.end(), elements, elements + count);
    }
    const Page *built = page.release();
    pages_[block].store(built, std::memory_order_release);
    return built;
}

bool FastCollation::elements(const uint8_t *text, int32_t length, Element *out, int32_t &count) const {
    count = 0;
    const Page *ascii = page(0);
    for (int32_t i = 0; i < length;) {
        int32_t c;
        const Page *p;
        if (text[i] < 0x80) {
            if (numberLead_ >= 0 && isASCIIDigit(text[i])) {
                // A run of digits is one number under numeric ordering.
                while (i + 1 < length && text[i] == '0' && isASCIIDigit(text[i + 1])) { ++i; }
                uint32_t value = 0;
                int32_t digits = 0;
                while (i < length && isASCIIDigit(text[i]) && digits < 7) { value = value * 10 + (text[i++] - '0'); ++digits; }
                if ((i < length && isASCIIDigit(text[i])) || count == maxElements || !numberElement(value, out[count])) {
                    return false;
                }
                ++count;
                continue;
            }
            c = text[i++];
            p = ascii;
        } else {
            c = nextCodePoint(text, length, i);
            if (c < 0) { return false; }
            p = page(c >> 7);
        }
        uint32_t entry = p->entries[c & 127];
        if (entry & needsICUBit) { return false; }
        if ((entry & startsContractionBit) && continuesContraction(text, length, i, *p->continuations[c & 127])) {
            return false;
        }
        int32_t n = static_cast<int32_t>((entry >> 16) & 0xff);
        if (count + n > maxElements) { return false; }
        const Element *from = p->elements.data() + (entry & 0xffff);
        for (int32_t j = 0; j < n; ++j) { out[count++] = from[j]; }
    }
    return true;
}

int32_t FastCollation::comparePrimaries(const Element *a, int32_t aCount, const Element *b, int32_t bCount) const {
    int32_t i = 0, j = 0;
    for (;;) {
        while (i < aCount && (a[i].primary == 0 || a[i].variable)) { ++i; }
        while (j < bCount && (b[j].primary == 0 || b[j].variable)) { ++j; }
        if (i == aCount || j == bCount) { return (i == aCount ? 0 : 1) - (j == bCount ? 0 : 1); }
        if (a[i].primary != b[j].primary) { return a[i].primary < b[j].primary ? -1 : 1; }
        ++i;
        ++j;
    }
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
                       int32_t capacity, int32_t &length, bool now) {
    const FastCollation *table = fastCollation(collator, now);
    if (table == nullptr) { return FastResult::needsICU; }
    Element elements[maxElements];
    int32_t count = 0;
    if (!table->elements(reinterpret_cast<const uint8_t *>(text), textLength, elements, count)) { return FastResult::needsICU; }
    uint8_t key[maxKeyLength];
    length = table->writeKey(elements, count, key);
    if (capacity > 0) { std::memcpy(out, key, static_cast<size_t>(std::min(length, capacity))); }
    return FastResult::done;
}

FastResult fastCompare(const SICUCollator *collator, const char *a, int32_t aLength, const char *b, int32_t bLength,
                       int32_t &order) {
    const FastCollation *table = fastCollation(collator, false);
    if (table == nullptr) { return FastResult::needsICU; }
    Element left[maxElements], right[maxElements];
    int32_t leftCount = 0, rightCount = 0;
    if (!table->elements(reinterpret_cast<const uint8_t *>(a), aLength, left, leftCount) ||
        !table->elements(reinterpret_cast<const uint8_t *>(b), bLength, right, rightCount)) {
        return FastResult::needsICU;
    }
    // Most names differ in their letters: primaries decide without writing a key.
    order = table->comparePrimaries(left, leftCount, right, rightCount);
    if (order != 0 || table->comparesOnlyPrimaries()) { return FastResult::done; }
    uint8_t leftKey[maxKeyLength], rightKey[maxKeyLength];
    int32_t leftLength = table->writeKey(left, leftCount, leftKey);
    int32_t rightLength = table->writeKey(right, rightCount, rightKey);
    int32_t cmp = std::memcmp(leftKey, rightKey, static_cast<size_t>(std::min(leftLength, rightLength)));
    order = cmp != 0 ? (cmp < 0 ? -1 : 1) : (leftLength < rightLength ? -1 : leftLength > rightLength ? 1 : 0);
    return FastResult::done;
}

}  // namespace sicu
