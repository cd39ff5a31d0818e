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
    /// The section's label, also its stable identity ("A", "Å", "か", "7劃", "#").
    public var label: String
    /// What kind of section this is.
    public var kind: SectionKind
    /// The elements, in the index's in-section order.
    public var items: [Element]

    public var id: String { label }

    public init(label: String, kind: SectionKind, items: [Element]) {
        self.label = label
        self.kind = kind
        self.items = items
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
