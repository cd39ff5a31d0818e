// The collation fast path: ICU's exact sort-key bytes for names whose code points each have
// fixed collation elements, from a table ICU itself fills, without ICU's general machinery.
//
// A name is a run of code points. For most names (`Anna Nilsson`, `Иван Петров`, `たなか`)
// each code point has the same collation elements wherever it stands, so the key is a
// function of the code points' elements alone. The table holds, per code point, the elements
// ICU's CollationElementIterator gives it, in 128-code-point pages built on first use, and
// marks the code points whose elements depend on their neighbours: the first code point of
// a contraction (Czech "ch") or of a prefix mapping (Japanese ー after か) checks the code
// point after it, and so does a code point that ends in a combining mark: a mark after it
// (which canonical reordering may move, or which may complete a discontiguous contraction)
// goes to ICU. A contraction of two letters that no longer string begins, and after whose
// second letter no string of three or more ends (Czech "ch", Danish "aa", root's Thai and Lao
// prevowel with its consonant), has its own entry too, the elements ICU's iterator gives the
// pair, checked against ucol_getSortKey like every entry; the code point after the pair is
// looked at as the one after its second letter. Other contractions and prefix mappings go
// to ICU. A single combining mark after a letter, as Devanagari's virama or a decomposed
// é, is its own elements. A mark that decomposes, digits under numeric ordering, and any code
// point whose key alone differs from ICU's (each entry is checked against ucol_getSortKey when
// its page is built) always go to ICU. A name with such a code point, or with ill-formed
// UTF-8, goes through ICU as before.
//
// The key writer follows ICU's sort-key format (ICU user guide, "Sort key features";
// collationkeys.cpp): primary compression for compressible lead bytes, common-weight
// compression on the secondary, case and tertiary levels, backward secondary, case first,
// case level and shifted variable handling. Strengths above tertiary are left to ICU. What
// ICU keeps to itself is learned from ICU: the lead-byte permutation of script reordering
// from the first byte of a code point's key, and which lead bytes compress from the key of a
// code point written twice.
#pragma once

#include <cstdint>

struct SICUCollator;

namespace sicu {

/// What a fast-path call did.
enum class FastResult : int8_t {
    /// The fast path produced the answer.
    done,
    /// A code point needs ICU (or the collator has no table): ask ICU.
    needsICU,
};

/// The whole sort key of UTF-8 text (no terminating zero), the bytes ICU's
/// ucol_nextSortKeyPart gives. Writes at most `capacity` bytes to `out` and sets `length` to
/// the key's full length. With `now`, the table is looked up at once instead of after the
/// collator's first keysBeforeFastPath keys. With `prefix`, only the first `capacity` bytes
/// are asked for: the key may stop there, and `length` is then what was made.
FastResult fastSortKey(const SICUCollator *collator, const char *text, int32_t textLength, uint8_t *out,
                       int32_t capacity, int32_t &length, bool now = false, bool prefix = false);

/// ucol_strcollUTF8's answer (-1, 0, 1) from the fast path.
FastResult fastCompare(const SICUCollator *collator, const char *a, int32_t aLength, const char *b,
                       int32_t bLength, int32_t &order);

/// Appends the primary weights above `variableTop` of UTF-16 text to `weights` (counting past
/// `capacity`), the ones ICU's CollationElementIterator gives: what search's weigher compares.
/// On needsICU, `count` is as it was.
FastResult fastIteratorPrimaries(const SICUCollator *collator, const char16_t *text, int32_t length,
                                 uint32_t variableTop, uint32_t *weights, int32_t capacity, int32_t &count);

}  // namespace sicu
