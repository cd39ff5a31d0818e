// Helpers shared by the shim's translation units: UTF-8 in and out of ICU's UTF-16 strings.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

#include <unicode/stringpiece.h>
#include <unicode/unistr.h>
#include <unicode/utypes.h>

namespace sicu {

inline icu::UnicodeString fromUTF8(const char *s, int32_t length) {
    return icu::UnicodeString::fromUTF8(icu::StringPiece(s, length));
}

/// Copies bytes into a caller's buffer, returning the length needed (grow-and-retry contract).
inline int32_t copyOut(const char *bytes, int32_t length, char *out, int32_t capacity) {
    if (out != nullptr && capacity > 0) {
        std::memcpy(out, bytes, static_cast<size_t>(length < capacity ? length : capacity));
    }
    return length;
}

inline int32_t copyOut(const std::string &s, char *out, int32_t capacity) {
    return copyOut(s.data(), static_cast<int32_t>(s.size()), out, capacity);
}

inline int32_t copyOut(const icu::UnicodeString &s, char *out, int32_t capacity) {
    std::string utf8;
    s.toUTF8String(utf8);
    return copyOut(utf8, out, capacity);
}

/// Runs an ICU "fill a char buffer" function with the grow-and-retry contract and copies out.
template <typename Fill>
int32_t fillOut(char *out, int32_t capacity, int32_t *status, Fill fill) {
    char local[256];
    UErrorCode code = U_ZERO_ERROR;
    int32_t length = fill(local, static_cast<int32_t>(sizeof local), &code);
    if (code == U_BUFFER_OVERFLOW_ERROR || length >= static_cast<int32_t>(sizeof local)) {
        std::string big(static_cast<size_t>(length) + 1, '\0');
        code = U_ZERO_ERROR;
        length = fill(big.data(), length + 1, &code);
        *status = code;
        return U_FAILURE(code) ? 0 : copyOut(big.data(), length, out, capacity);
    }
    *status = code;
    return U_FAILURE(code) ? 0 : copyOut(local, length, out, capacity);
}

}  // namespace sicu
