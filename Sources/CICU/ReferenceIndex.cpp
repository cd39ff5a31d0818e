// ICU's own icu::AlphabeticIndex, which has no C API: the reference that the Swift engine is
// tested against (labels and buckets) and measured against in the benchmark.
#include "CICU.h"
#include "Support.hpp"

#include <unicode/alphaindex.h>
#include <unicode/locid.h>
#include <unicode/uniset.h>

#include <memory>

static_assert(SICU_BUCKET_NORMAL == U_ALPHAINDEX_NORMAL, "bucket type mismatch");
static_assert(SICU_BUCKET_UNDERFLOW == U_ALPHAINDEX_UNDERFLOW, "bucket type mismatch");
static_assert(SICU_BUCKET_INFLOW == U_ALPHAINDEX_INFLOW, "bucket type mismatch");
static_assert(SICU_BUCKET_OVERFLOW == U_ALPHAINDEX_OVERFLOW, "bucket type mismatch");

struct SICUReferenceIndex {
    std::unique_ptr<icu::AlphabeticIndex> index;
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> immutable;
};

extern "C" {

SICUReferenceIndex *sicu_reference_index_open(const char *locale_id, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    auto index = std::make_unique<icu::AlphabeticIndex>(icu::Locale(locale_id), code);
    *status = code;
    if (U_FAILURE(code)) { return nullptr; }
    auto result = new SICUReferenceIndex;
    result->index = std::move(index);
    return result;
}

void sicu_reference_index_close(SICUReferenceIndex *index) { delete index; }

void sicu_reference_index_add_labels(SICUReferenceIndex *index, const char *locale_id,
                                     int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    index->index->addLabels(icu::Locale(locale_id), code);
    *status = code;
}

void sicu_reference_index_add_label_set(SICUReferenceIndex *index, const char *const *labels,
                                        int32_t count, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeSet set;
    for (int32_t i = 0; i < count; ++i) { set.add(icu::UnicodeString::fromUTF8(labels[i])); }
    index->index->addLabels(set, code);
    *status = code;
}

void sicu_reference_index_set_max_label_count(SICUReferenceIndex *index, int32_t count,
                                              int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    index->index->setMaxLabelCount(count, code);
    *status = code;
}

void sicu_reference_index_set_special_labels(SICUReferenceIndex *index, const char *underflow,
                                             const char *inflow, const char *overflow,
                                             int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    if (underflow != nullptr) {
        index->index->setUnderflowLabel(icu::UnicodeString::fromUTF8(underflow), code);
    }
    if (inflow != nullptr) {
        index->index->setInflowLabel(icu::UnicodeString::fromUTF8(inflow), code);
    }
    if (overflow != nullptr) {
        index->index->setOverflowLabel(icu::UnicodeString::fromUTF8(overflow), code);
    }
    *status = code;
}

void sicu_reference_index_build(SICUReferenceIndex *index, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    index->immutable.reset(index->index->buildImmutableIndex(code));
    *status = code;
}

int32_t sicu_reference_index_bucket_count(const SICUReferenceIndex *index) {
    return index->immutable ? index->immutable->getBucketCount() : 0;
}

int32_t sicu_reference_index_bucket_label(const SICUReferenceIndex *index, int32_t bucket,
                                          int32_t *type, char *out, int32_t capacity) {
    const icu::AlphabeticIndex::Bucket *b =
        index->immutable ? index->immutable->getBucket(bucket) : nullptr;
    if (b == nullptr) { *type = -1; return 0; }
    *type = b->getLabelType();
    return sicu::copyOut(b->getLabel(), out, capacity);
}

int32_t sicu_reference_index_bucket_of(const SICUReferenceIndex *index, const char *name,
                                       int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t bucket = index->immutable->getBucketIndex(sicu::fromUTF8(name, length), code);
    *status = code;
    return bucket;
}

void sicu_reference_index_group(SICUReferenceIndex *index, const char *const *names,
                                const int32_t *lengths, int32_t count, int32_t *order,
                                int32_t *buckets, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::AlphabeticIndex &alpha = *index->index;
    alpha.clearRecords(code);
    for (int32_t i = 0; i < count && U_SUCCESS(code); ++i) {
        // The record's data pointer carries its input position.
        alpha.addRecord(sicu::fromUTF8(names[i], lengths[i]),
                        reinterpret_cast<const void *>(static_cast<intptr_t>(i)), code);
    }
    alpha.resetBucketIterator(code);
    int32_t written = 0;
    while (alpha.nextBucket(code)) {
        int32_t bucket = alpha.getBucketIndex();
        while (alpha.nextRecord(code)) {
            if (written < count) {
                order[written] = static_cast<int32_t>(
                    reinterpret_cast<intptr_t>(alpha.getRecordData()));
                buckets[written] = bucket;
            }
            ++written;
        }
    }
    alpha.clearRecords(code);
    *status = U_FAILURE(code) ? code : (written == count ? U_ZERO_ERROR : U_INTERNAL_PROGRAM_ERROR);
}

}  // extern "C"
