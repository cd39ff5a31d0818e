import Collation

extension AlphabeticIndex {
    /// One key per name, in input order, whose plain byte order is the order of
    /// ``sections(of:name:full:)-(_,KeyPath<C.Element,String>,_)``, ICU's record order: by bucket, then by the full collation
    /// key, then by position.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "sv")
    /// let names = ["Östen", "Anna", "Zoë"]
    /// let keys = index.sortKeys(names: names)
    /// names.indices.sorted { keys[$0] < keys[$1] }.map { names[$0] }   // ["Anna", "Zoë", "Östen"]
    /// ```
    ///
    /// A key is the bucket's number (2 bytes, big-endian), the full-strength sort key of the
    /// name (escaped and terminated so it cannot run into what follows) and the name's
    /// position in `names` (4 bytes). The buckets depend only on the configuration, so a key
    /// never depends on the other names.
    ///
    /// - Returns: a key for each name, in the order of `names`.
    /// - Complexity: two sort keys and one binary search per name.
    public func sortKeys(names: [String]) -> [SortKey] {
        labeledSortKeys(names: names).map(\.key)
    }

    /// The keys of ``sortKeys(names:)`` for a list that is one part of a longer one, starting
    /// at position `firstTieBreak` of the whole, each with the label of its bucket: the keys of
    /// the parts of a split list, computed apart, are the keys of the whole.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "sv")
    /// let whole = index.sortKeys(names: ["Östen", "Anna", "Zoë"])
    /// let part = index.labeledSortKeys(names: ["Anna", "Zoë"], firstTieBreak: 1)
    /// part.map(\.key) == Array(whole[1...])   // true
    /// part.map(\.label)                       // ["A", "Z"]
    /// ```
    ///
    /// - Parameters:
    ///   - names: the names.
    ///   - firstTieBreak: the position of the first name in the whole list.
    /// - Returns: a key and a label for each name, in the order of `names`.
    /// - Complexity: two sort keys and one binary search per name.
    public func labeledSortKeys(names: [String], firstTieBreak: UInt32 = 0) -> [(key: SortKey, label: String)] {
        precondition(UInt64(names.count) + UInt64(firstTieBreak) <= UInt64(UInt32.max) + 1,
                     "tie-breaks end at \(UInt32.max)")
        return names.indices.map { position in
            let bucket = bucketIndex(for: names[position])
            return (key(for: names[position], bucket: bucket, tieBreak: firstTieBreak + UInt32(position)), buckets[bucket].label)
        }
    }

    /// The key of one name, as ``sortKeys(names:)`` computes it for a name at position
    /// `tieBreak`.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "de")
    /// index.sortKey(for: "Ärger", tieBreak: 0) < index.sortKey(for: "Bach", tieBreak: 1)   // true
    /// ```
    public func sortKey(for name: String, tieBreak: UInt32) -> SortKey {
        key(for: name, bucket: bucketIndex(for: name), tieBreak: tieBreak)
    }

    private func key(for name: String, bucket: Int, tieBreak: UInt32) -> SortKey {
        var writer = OrderedKeyWriter()
        writer.append(bigEndian: UInt16(bucket))
        writer.appendTerminated(collator.handle.sortKey(name))
        writer.append(bigEndian: tieBreak)
        return SortKey(bytes: writer.bytes)
    }
}
