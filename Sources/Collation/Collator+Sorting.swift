extension Collator {
    /// The strings in this collator's order; equal strings keep their input order.
    ///
    /// ```swift
    /// try Collator(locale: "sv").sorted(["Zoë", "Åsa", "Anna"])   // ["Anna", "Zoë", "Åsa"]
    /// ```
    ///
    /// - Complexity: one sort key per element, then O(*n* log *n*) byte comparisons.
    public func sorted<S: Sequence>(_ strings: S) -> [String] where S.Element == String {
        sorted(strings, by: \.self)
    }

    /// The elements ordered by the string at `keyPath`, stably: elements whose strings
    /// collate equal keep their input order.
    ///
    /// ```swift
    /// struct Contact { var name: String }
    /// let contacts = [Contact(name: "Émile"), Contact(name: "Eve")]
    /// try Collator(locale: "fr").sorted(contacts, by: \.name).map(\.name)   // ["Émile", "Eve"]
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any sequence.
    ///   - keyPath: the string each element is sorted by.
    /// - Returns: the elements in collation order.
    /// - Complexity: one sort key per element, then O(*n* log *n*) byte comparisons.
    public func sorted<S: Sequence>(_ elements: S, by keyPath: KeyPath<S.Element, String>) -> [S.Element] {
        sorted(elements, by: { $0[keyPath: keyPath] })
    }

    /// The elements ordered by the string a closure gives for each, stably.
    ///
    /// ```swift
    /// let people = [(given: "Eve", family: "Östberg"), (given: "Åke", family: "Berg")]
    /// try Collator(locale: "sv").sorted(people, by: { $0.family }).map(\.given)   // ["Åke", "Eve"]
    /// ```
    ///
    /// - Parameters:
    ///   - elements: any sequence.
    ///   - string: the string each element is sorted by, asked once per element.
    /// - Returns: the elements in collation order.
    /// - Complexity: one sort key per element, then O(*n* log *n*) byte comparisons.
    public func sorted<S: Sequence>(_ elements: S, by string: (S.Element) -> String) -> [S.Element] {
        let items = Array(elements)
        let keys = items.map { handle.sortKey(string($0)) }
        let order = keys.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka == kb { return a < b }
            return ka.lexicographicallyPrecedes(kb)
        }
        return order.map { items[$0] }
    }
}
