// What an SICUCollator is inside the shim: ICU's collator and the fast-key state beside it.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

#include <unicode/ucol.h>

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

}  // namespace sicu
