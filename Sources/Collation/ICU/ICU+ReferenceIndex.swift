internal import CICU

extension ICU {
    /// ICU's own `icu::AlphabeticIndex` (C++ only), the reference this package's engine is
    /// tested and benchmarked against. Not `Sendable`: it is used from one thread.
    package final class ReferenceIndex {
        /// A bucket's kind (ICU's `UAlphabeticIndexLabelType`).
        package struct BucketKind: RawRepresentable, Hashable, Sendable {
            package let rawValue: Int32
            package init(rawValue: Int32) { self.rawValue = rawValue }

            package static let normal = Self(rawValue: Int32(SICU_BUCKET_NORMAL))
            package static let underflow = Self(rawValue: Int32(SICU_BUCKET_UNDERFLOW))
            package static let inflow = Self(rawValue: Int32(SICU_BUCKET_INFLOW))
            package static let overflow = Self(rawValue: Int32(SICU_BUCKET_OVERFLOW))
        }

        /// A visible bucket as ICU reports it.
        package struct Bucket: Hashable, Sendable {
            package var kind: BucketKind
            package var label: String

            package init(kind: BucketKind, label: String) {
                self.kind = kind
                self.label = label
            }
        }

        private let pointer: OpaquePointer
        package let localeID: String

        /// Opens ICU's index for a locale, adds label locales and settings, and builds ICU's
        /// immutable index.
        package init(localeID: String, additionalLocaleIDs: [String] = [], additionalLabels: [String] = [],
                     maxLabelCount: Int? = nil,
                     underflow: String? = nil, inflow: String? = nil,
                     overflow: String? = nil) throws(ICUError) {
            var status: Int32 = 0
            guard let handle = sicu_reference_index_open(localeID, &status), status <= 0 else {
                throw ICUError(operation: "opening icu::AlphabeticIndex", input: localeID, code: status)
            }
            pointer = handle
            self.localeID = localeID
            for other in additionalLocaleIDs {
                sicu_reference_index_add_labels(pointer, other, &status)
                try ICU.check(status, "adding labels to icu::AlphabeticIndex", input: other)
            }
            if !additionalLabels.isEmpty {
                // The labels as NUL-terminated strings in one buffer, and a pointer to each.
                var bytes: [CChar] = []
                var offsets: [Int] = []
                for label in additionalLabels {
                    offsets.append(bytes.count)
                    bytes += label.utf8CString
                }
                bytes.withUnsafeBufferPointer { buffer in
                    let labels: [UnsafePointer<CChar>?] = offsets.map { buffer.baseAddress! + $0 }
                    sicu_reference_index_add_label_set(pointer, labels, Int32(labels.count), &status)
                }
                try ICU.check(status, "adding a label set to icu::AlphabeticIndex", input: additionalLabels.joined(separator: " "))
            }
            if let maxLabelCount {
                sicu_reference_index_set_max_label_count(pointer, Int32(maxLabelCount), &status)
                try ICU.check(status, "setting the maximum label count", input: "\(maxLabelCount)")
            }
            sicu_reference_index_set_special_labels(pointer, underflow, inflow, overflow, &status)
            try ICU.check(status, "setting the special labels of icu::AlphabeticIndex", input: localeID)
            sicu_reference_index_build(pointer, &status)
            try ICU.check(status, "building icu::AlphabeticIndex", input: localeID)
        }

        deinit { sicu_reference_index_close(pointer) }

        /// The visible buckets (reading a label cannot fail: the shim copies it into the
        /// buffer, asking for a larger one when it does not fit).
        package var buckets: [Bucket] {
            (0..<sicu_reference_index_bucket_count(pointer)).map { index in
                var type: Int32 = 0
                let label = (try? ICU.string("reading a bucket label", input: localeID) { buffer, capacity, status in
                    status.pointee = 0
                    return sicu_reference_index_bucket_label(pointer, index, &type, buffer, capacity)
                }) ?? ""
                return Bucket(kind: BucketKind(rawValue: type), label: label)
            }
        }

        /// ICU's visible bucket for a name (`ImmutableIndex::getBucketIndex`).
        package func bucketIndex(of name: String) throws(ICUError) -> Int {
            try name.withUTF8Bytes { (chars, length) throws(ICUError) in
                var status: Int32 = 0
                let bucket = sicu_reference_index_bucket_of(pointer, chars, length, &status)
                try ICU.check(status, "finding a bucket with icu::AlphabeticIndex", input: name)
                return Int(bucket)
            }
        }

        /// ICU's record path: `addRecord` for every name, then a walk over buckets and
        /// records. Returns the input positions in ICU's output order with their buckets.
        package func group(_ names: [String]) throws(ICUError) -> [(position: Int, bucket: Int)] {
            var cStrings: [UnsafeMutablePointer<CChar>?] = []
            cStrings.reserveCapacity(names.count)
            var lengths: [Int32] = []
            lengths.reserveCapacity(names.count)
            for name in names {
                let utf8 = Array(name.utf8)
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(utf8.count, 1))
                utf8.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        if let base = chars.baseAddress { copy.initialize(from: base, count: chars.count) }
                    }
                }
                cStrings.append(copy)
                lengths.append(Int32(utf8.count))
            }
            defer { for pointer in cStrings { pointer?.deallocate() } }
            var order = [Int32](repeating: -1, count: names.count)
            var buckets = [Int32](repeating: -1, count: names.count)
            var status: Int32 = 0
            cStrings.withUnsafeBufferPointer { pointers in
                pointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { constPointers in
                    sicu_reference_index_group(pointer, constPointers.baseAddress, lengths,
                                               Int32(names.count), &order, &buckets, &status)
                }
            }
            try ICU.check(status, "grouping records with icu::AlphabeticIndex", input: localeID)
            return zip(order, buckets).map { (Int($0), Int($1)) }
        }
    }
}
