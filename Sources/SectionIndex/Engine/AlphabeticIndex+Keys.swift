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
        collator.handle.sortKey(name).withUnsafeBufferPointer { full in
            Self.writeKey(bucket: bucket, fullKey: full, tieBreak: tieBreak, to: &writer)
        }
        return SortKey(bytes: writer.bytes)
    }

    /// The keys of the names `range` of a name source, as ``sortKeys(names:)`` makes them, read
    /// from their UTF-8 bytes: one full sort key per name, whose primary part finds the bucket
    /// (as grouping does). `body(i, key, label)` gets each key in turn, in a buffer it may not
    /// keep, and the UTF-8 of its bucket's label.
    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    func forEachSortKey<Source: NameSource>(of source: Source, in range: Range<Int>, tieBreakOffset: UInt32,
                                            _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        let handle = collator.handle
        var full: [UInt8] = []
        var writer = OrderedKeyWriter()
        let labels = PackedByteStrings(buckets.map { Array($0.label.utf8) })
        defer { labels.deallocate() }
        for i in range {
            full.removeAll(keepingCapacity: true)
            source.withName(i) { handle.appendSortKey($0, to: &full) }
            writer.reset()
            let bucket = full.withUnsafeBufferPointer { key in
                let bucket = bucketIndex(forPrimaryKey: UnsafeBufferPointer(rebasing: key[..<full.primaryLength(from: 0, to: key.count)]))
                Self.writeKey(bucket: bucket, fullKey: key, tieBreak: tieBreakOffset &+ UInt32(truncatingIfNeeded: i), to: &writer)
                return bucket
            }
            writer.bytes.withUnsafeBufferPointer { body(i, $0, labels[bucket]) }
        }
    }

    /// The bucket's number, the name's full sort key (terminated), the tie-break.
    private static func writeKey(bucket: Int, fullKey: UnsafeBufferPointer<UInt8>, tieBreak: UInt32,
                                 to writer: inout OrderedKeyWriter) {
        writer.append(bigEndian: UInt16(bucket))
        writer.appendTerminated(fullKey)
        writer.append(bigEndian: tieBreak)
    }
}
