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
    ///   - full: also return the empty buckets, so every label has a section.
    /// - Returns: the sections in index order (the non-empty ones unless `full`).
    /// - Complexity: one sort key per element, a binary search over the buckets, and a sort.
    public func sections<C: Collection>(of elements: C, name: KeyPath<C.Element, String>,
                                        full: Bool = false) -> [Section<C.Element>] {
        sections(of: elements, name: { $0[keyPath: name] }, full: full)
    }

    /// Groups elements into buckets as ICU does, with a closure for the name.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "sv")
    /// index.sections(of: [(given: "Åsa", family: "Berg")], name: { $0.family }).map(\.label)   // ["B"]
    /// ```
    public func sections<C: Collection>(of elements: C, name: (C.Element) -> String,
                                        full: Bool = false) -> [Section<C.Element>] {
        let items = Array(elements)
        var byBucket = [[C.Element]](repeating: [], count: buckets.count)
        for (position, bucket) in placements(items.map(name)) {
            byBucket[bucket].append(items[position])
        }
        let kinds = buckets.map { SectionKind($0.kind) }
        let ids = SectionKind.ids(labels: labels, kinds: kinds)
        return buckets.indices.compactMap { i in
            full || !byBucket[i].isEmpty ? Section(label: buckets[i].label, kind: kinds[i], items: byBucket[i], id: ids[i]) : nil
        }
    }

    /// For each name in output order: its input position and visible bucket (its section). One full sort
    /// key per name does both jobs: its primary part finds the bucket, the whole key orders.
    func placements(_ names: [String]) -> GroupedOrder.Entries {
        placements(StringNames(names: names))
    }

    func placements<Source: NameSource>(_ names: Source) -> GroupedOrder.Entries {
        let handle = collator.handle
        // Each key's bucket found as soon as it is made, while its bytes are at hand.
        var (table, records) = KeyTable.records(count: names.count) { i, bytes, bucket in
            let start = bytes.count
            names.withName(i) { handle.appendSortKey($0, to: &bytes) }
            let end = start + bytes.primaryLength(from: start, to: bytes.count)
            bucket = bytes.withUnsafeBufferPointer { all in Int32(bucketIndex(forPrimaryKey: UnsafeBufferPointer(rebasing: all[start..<end]))) }
        }
        table.sort(&records)
        table.release()
        return GroupedOrder.Entries(packed: ParallelWork.map(records) { .init(position: Int($0.index), section: Int($0.group)) })
    }
}
