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
        precondition(names.count <= Int(UInt32.max), "at most \(UInt32.max) names get keys")
        return names.indices.map { sortKey(for: names[$0], tieBreak: UInt32($0)) }
    }

    /// The key of one name, as ``sortKeys(names:)`` computes it for a name at position
    /// `tieBreak`.
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "de")
    /// index.sortKey(for: "Ärger", tieBreak: 0) < index.sortKey(for: "Bach", tieBreak: 1)   // true
    /// ```
    public func sortKey(for name: String, tieBreak: UInt32) -> SortKey {
        var writer = OrderedKeyWriter()
        writer.append(bigEndian: UInt16(bucketIndex(for: name)))
        writer.appendTerminated(collator.handle.sortKey(name))
        writer.append(bigEndian: tieBreak)
        return SortKey(bytes: writer.bytes)
    }
}
