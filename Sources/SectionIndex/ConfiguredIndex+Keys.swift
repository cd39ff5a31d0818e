import Collation

extension ConfiguredIndex {
    /// One key per entry, in input order, whose plain byte order is the order of
    /// ``sections(of:name:reading:full:)``: see ``ContactsIndex/sortKeys(names:readings:)``
    /// and ``AlphabeticIndex/sortKeys(names:)`` for what a key holds. ICU style ignores
    /// readings, as its sections do.
    ///
    /// ```swift
    /// let index = try IndexSettings(options: ["locale": "ja"]).makeIndex()
    /// let keys = index.sortKeys(names: ["Smith", "田中"], readings: [nil, "たなか"])
    /// keys[1] < keys[0]   // true: た comes before the Latin group
    /// ```
    public func sortKeys(names: [String], readings: [String?]) -> [SortKey] {
        switch self {
        case .contacts(let index): index.sortKeys(names: names, readings: readings)
        case .icu(let index): index.sortKeys(names: names)
        }
    }

    /// The key of one entry, with `tieBreak` as its position.
    public func sortKey(for name: String, reading: String?, tieBreak: UInt32) -> SortKey {
        switch self {
        case .contacts(let index): index.sortKey(for: name, reading: reading, tieBreak: tieBreak)
        case .icu(let index): index.sortKey(for: name, tieBreak: tieBreak)
        }
    }
}
