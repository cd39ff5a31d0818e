import Collation

extension Collator {
    /// The positions of a name source's names in this collator's order, stably: names that
    /// collate equal keep their input order. The order ``sorted(_:by:)-(_,(S.Element)->String)``
    /// gives for the same strings, computed the grouping pipeline's way: one sort key per
    /// name from its UTF-8 bytes on every core, then a radix sort on the key bytes.
    ///
    /// ```swift
    /// let order = try Collator(locale: "sv").sortedPositions(StringNames(names: ["Zoë", "Åsa", "Anna"]))
    /// order   // [2, 0, 1]: Anna, Zoë, Åsa
    /// ```
    ///
    /// - Complexity: one sort key per name, then a radix sort on eight key bytes at a time.
    @_specialize(where Source == UTF8Table)
    @_specialize(where Source == StringNames)
    package func sortedPositions<Source: NameSource>(_ source: Source) -> [Int32] {
        let handle = self.handle
        // The first two bytes of the key's head serve as the group: the groups come out in
        // key order, and they spread the sort over every core without a merge.
        var (table, records) = KeyTable.records(count: source.count) { i, bytes, group in
            let start = bytes.count
            source.withName(i) { handle.appendSortKey($0, to: &bytes) }
            group = bytes.withUnsafeBufferPointer { Int32(OrderRecord.head(of: UnsafeBufferPointer(rebasing: $0[start...])) >> 48) }
        }
        table.sort(&records)
        table.release()
        return ParallelWork.map(records) { $0.index }
    }
}
