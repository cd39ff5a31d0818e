extension AlphabeticIndex {
    /// Groups elements into buckets as ICU's AlphabeticIndex does with records: each element
    /// in the bucket of its name, and inside a bucket by the locale's collation (full
    /// strength), equal names keeping their input order. Empty buckets are left out unless
    /// `full` is true.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "zh")
    /// index.sections(of: ["Adam", "阿里", "Bob"], name: \.self).map(\.label)   // ["A", "B"]
    /// // "A" holds 阿里 then Adam: in Chinese collation Han sorts before Latin.
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any collection.
    ///   - name: the string each element is indexed by.
    /// - Returns: the non-empty sections in index order.
    /// - Complexity: one sort key per element, a binary search over the buckets, and a sort.
    public func sections<C: Collection>(of elements: C, name: KeyPath<C.Element, String>,
                                        full: Bool = false) -> [Section<C.Element>] {
        let items = Array(elements)
        var byBucket = [[C.Element]](repeating: [], count: buckets.count)
        for (position, bucket) in placements(items.map { $0[keyPath: name] }) {
            byBucket[bucket].append(items[position])
        }
        return zip(buckets, byBucket).compactMap { bucket, members in
            full || !members.isEmpty ? Section(label: bucket.label, kind: SectionKind(bucket.kind), items: members) : nil
        }
    }

    /// For each name in output order: its input position and visible bucket.
    func placements(_ names: [String]) -> [(position: Int, bucket: Int)] {
        var records: [(bucket: Int, key: [UInt8], position: Int)] = []
        records.reserveCapacity(names.count)
        for (position, name) in names.enumerated() {
            let bucket = bucketIndex(for: name)
            records.append((bucket, collator.handle.sortKey(name), position))
        }
        records.sort { a, b in
            if a.bucket != b.bucket { return a.bucket < b.bucket }
            let order = compareBytes(a.key, b.key)
            if order != 0 { return order < 0 }
            return a.position < b.position
        }
        return records.map { ($0.position, $0.bucket) }
    }
}
