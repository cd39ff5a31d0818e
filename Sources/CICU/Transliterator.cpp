// Transliterators (Han-Latin/Names, Any-Latin, …) over UTF-8.
#include "CICU.h"
#include "Support.hpp"

#include <unicode/translit.h>

namespace {

inline icu::Transliterator *raw(SICUTransliterator *t) {
    return reinterpret_cast<icu::Transliterator *>(t);
}

}  // namespace

extern "C" {

SICUTransliterator *sicu_transliterator_open(const char *id, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::Transliterator *t = icu::Transliterator::createInstance(
        icu::UnicodeString::fromUTF8(id), UTRANS_FORWARD, code);
    *status = code;
    if (U_FAILURE(code)) {
        delete t;
        return nullptr;
    }
    return reinterpret_cast<SICUTransliterator *>(t);
}

void sicu_transliterator_close(SICUTransliterator *transliterator) {
    delete raw(transliterator);
}

int32_t sicu_transliterate_utf8(SICUTransliterator *transliterator, const char *s,
                                int32_t length, char *out, int32_t capacity, int32_t *status) {
    icu::UnicodeString text = sicu::fromUTF8(s, length);
    raw(transliterator)->transliterate(text);
    *status = U_ZERO_ERROR;
    return sicu::copyOut(text, out, capacity);
}

}  // extern "C"
