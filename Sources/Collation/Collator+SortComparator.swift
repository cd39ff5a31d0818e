// Foundation's SortComparator, where Foundation is there. The rest of the module stays free of
// Foundation; FoundationEssentials (where it exists) is the small part that declares it.
#if canImport(FoundationEssentials)
import FoundationEssentials
#elseif canImport(Foundation)
import Foundation
#endif

#if canImport(FoundationEssentials) || canImport(Foundation)
/// A collator is a Foundation `SortComparator` of strings, so Foundation's sorting APIs
/// take it as it is.
///
/// ```swift
/// let swedish = try Collator(locale: "sv")
/// ["Zoë", "Åsa", "Anna"].sorted(using: swedish)    // ["Anna", "Zoë", "Åsa"]
/// var backwards = swedish
/// backwards.order = .reverse
/// ["Zoë", "Åsa", "Anna"].sorted(using: backwards)  // ["Åsa", "Zoë", "Anna"]
/// ```
///
/// For many strings ``sorted(_:)`` is faster: it computes one sort key per string instead of
/// comparing pairs.
extension Collator: SortComparator {
    /// The direction of the `SortComparator` comparison; ``compare(_:_:)`` ignores it.
    public var order: SortOrder {
        get { isReversed ? .reverse : .forward }
        set { isReversed = newValue == .reverse }
    }
}

// In a protocol extension rather than in Collator itself, so that `collator.compare(a, b)`
// keeps meaning the concrete ``Collator/compare(_:_:)`` (a ``CollationOrder``): Swift prefers
// a type's own member to a protocol extension's, where two that differ only in their result
// would otherwise be ambiguous.
extension SortComparator where Self == Collator {
    /// Compares as ``Collator/compare(_:_:)`` does, in ``Collator/order``, as a Foundation
    /// `ComparisonResult`.
    ///
    /// ```swift
    /// let result: ComparisonResult = try Collator(locale: "sv").compare("Åsa", "Zoë")   // .orderedDescending
    /// ```
    public func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let collation: CollationOrder = compare(lhs, rhs)
        let forward: ComparisonResult = switch collation {
        case .ascending: .orderedAscending
        case .same: .orderedSame
        case .descending: .orderedDescending
        }
        guard order == .reverse else { return forward }
        return switch forward {
        case .orderedAscending: .orderedDescending
        case .orderedSame: .orderedSame
        case .orderedDescending: .orderedAscending
        }
    }
}
#endif
