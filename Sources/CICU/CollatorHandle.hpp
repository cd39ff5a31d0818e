// What an SICUCollator is inside the shim: ICU's collator and the fast-key state beside it.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include <unicode/ucol.h>
#include <unicode/uniset.h>

U_NAMESPACE_BEGIN
class CollationElementIterator;
class RuleBasedCollator;
class UnicodeString;
U_NAMESPACE_END

namespace sicu {
class FastCollation;
}

/// The shim's collator handle. Swift sees only the opaque `SICUCollator *`.
struct SICUCollator {
    explicit SICUCollator(UCollator *collator) : icu(collator) {}
    ~SICUCollator() { ucol_close(icu); }
    SICUCollator(const SICUCollator &) = delete;
    SICUCollator &operator=(const SICUCollator &) = delete;

    UCollator *icu;

    /// Keys made through ICU before the fast path is looked up: a collator that keys one name
    /// never pays for building a table (see FastKeys.hpp).
    static constexpr int32_t keysBeforeFastPath = 256;
    mutable std::atomic<int32_t> keysUntilFast{keysBeforeFastPath};
    /// The shared fast-key table, once looked up; nullptr while counting or when the
    /// collator's settings have none. `fastLookedUp` says which.
    mutable std::atomic<const sicu::FastCollation *> fast{nullptr};
    mutable std::atomic<bool> fastLookedUp{false};
    mutable std::mutex lookUpLock;

    /// Forgets the fast path: the settings changed (only while the collator is configured).
    void settingsChanged() {
        fast.store(nullptr, std::memory_order_relaxed);
        fastLookedUp.store(false, std::memory_order_relaxed);
        keysUntilFast.store(keysBeforeFastPath, std::memory_order_relaxed);
    }
};

namespace sicu {

inline UCollator *raw(SICUCollator *c) { return c->icu; }
inline const UCollator *raw(const SICUCollator *c) { return c->icu; }

/// Root's collator with the two settings that change which collation elements a string has
/// (numeric collation, normalization), opened once per process; nullptr if it fails to open.
const icu::RuleBasedCollator *rootCollator(bool numeric, bool normalizing);

/// An element iterator over `text` from `root` (one of rootCollator's), or nullptr when ICU
/// fails. ICU builds a table of every expansion of a tailoring, root's included, before it
/// hands out the tailoring's first element iterator: tens of millions of instructions, once
/// per tailoring. Root's is built once for all four of rootCollator's, by the first of these.
icu::CollationElementIterator *createRootElements(const icu::RuleBasedCollator *root, const icu::UnicodeString &text);

/// Whether root's table of expansions is built (a createRootElements call made it), so that
/// root's element iterators cost nothing more.
bool rootElementsReady();

/// ICU's tailored set of a collator, computed once per tailoring per process and shared by
/// every collator with the same rules (the rules alone make the tailoring's data). Computing
/// it walks the whole tailoring: Japanese's thousands of prefix mappings cost tens of millions
/// of instructions a time, and each contacts group and each fast-key table asks for it. Both
/// sets are frozen: read from several threads at once.
struct Tailored {
    /// ICU's tailored set: code points and strings (contractions, prefix + code point).
    icu::UnicodeSet set;
    /// Every code point of every element of the set.
    icu::UnicodeSet codePoints;
};

/// The collator's tailored set, or nullptr (and `code` set) when ICU fails; a failure is not
/// kept, so the next call tries again.
const Tailored *tailored(const UCollator *collator, UErrorCode &code);

}  // namespace sicu
