/// One section of a grouped list: a label and the caller's own elements, in order.
///
/// ```swift
/// struct Contact { var name: String }
/// let contacts = [Contact(name: "Östen"), Contact(name: "Anna"), Contact(name: "Åsa")]
/// let sections = try ContactsIndex(locale: "sv").sections(of: contacts, name: \.name)
/// for section in sections {
///     print(section.label, section.items.map(\.name))   // A ["Anna"], Å ["Åsa"], Ö ["Östen"]
/// }
/// ```
public struct Section<Element>: Identifiable {
    /// The section's label ("A", "Å", "か", "7劃", "#").
    public var label: String
    /// What kind of section this is.
    public var kind: SectionKind
    /// The elements, in the index's in-section order.
    public var items: [Element]
    /// The section's stable identity, unique among the sections of one list: the label,
    /// except where several sections share a label (ICU style shows "…" for underflow, inflow
    /// and overflow), then the label, the kind and a number: "…-underflow", "…-inflow",
    /// "…-inflow-2", "…-overflow".
    ///
    /// ```swift
    /// let index = try AlphabeticIndex(locale: "en")
    /// index.sections(of: ["!", "Anna", "ω"], name: \.self).map(\.id)   // ["…-underflow", "A", "…-overflow"]
    /// ```
    public var id: String

    /// A section; `id` defaults to the label.
    public init(label: String, kind: SectionKind, items: [Element], id: String? = nil) {
        self.label = label
        self.kind = kind
        self.items = items
        self.id = id ?? label
    }
}

extension Section: Sendable where Element: Sendable {}
extension Section: Equatable where Element: Equatable {}
extension Section: Hashable where Element: Hashable {}
extension Section: Codable where Element: Codable {}

/// What a section holds.
///
/// ```swift
/// let index = try ContactsIndex(locale: "en")
/// index.sections(of: ["Anna", "42"]).map(\.kind)   // [.letter, .overflow]
/// ```
public enum SectionKind: String, Sendable, Hashable, Codable {
    /// A label of the index ("A", "か").
    case letter
    /// ICU style: what sorts before the first label.
    case underflow
    /// ICU style: what falls between two scripts.
    case inflow
    /// ICU style `…`, contacts style `#`: everything no label claims.
    case overflow
    /// A section the caller pinned on top ("Favourites"); it has no index label.
    case pinned
}

extension SectionKind {
    init(_ kind: AlphabeticIndex.BucketKind) {
        switch kind {
        case .normal: self = .letter
        case .underflow: self = .underflow
        case .inflow: self = .inflow
        case .overflow: self = .overflow
        }
    }
}

extension SectionKind {
    /// Ids for the sections of one list, in order (see ``Section/id``): a label that only one
    /// section has is its id; a label several share keeps it for a letter and gets the kind
    /// appended otherwise, and a number from the second of a kind on.
    ///
    /// ```swift
    /// SectionKind.ids(labels: ["…", "A", "…", "…"], kinds: [.underflow, .letter, .inflow, .overflow])
    /// // ["…-underflow", "A", "…-inflow", "…-overflow"]
    /// ```
    public static func ids(labels: [String], kinds: [SectionKind]) -> [String] {
        var counts: [String: Int] = [:]
        for label in labels { counts[label, default: 0] += 1 }
        var used = Set(labels.filter { counts[$0] == 1 })
        return zip(labels, kinds).map { label, kind in
            if counts[label] == 1 { return label }
            let base = kind == .letter ? label : label + "-" + kind.rawValue
            var candidate = base, number = 1
            while !used.insert(candidate).inserted {
                number += 1
                candidate = base + "-\(number)"
            }
            return candidate
        }
    }
}

extension GroupedOrder {
    /// Each section's id, unique in the list (``SectionKind/ids(labels:kinds:)``).
    public var ids: [String] { SectionKind.ids(labels: labels, kinds: kinds) }
}
