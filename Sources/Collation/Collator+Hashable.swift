/// Two collators are equal when they order strings the same way: the same ICU locale, the
/// same options, the same direction as a `SortComparator`, the same rules added to ICU's.
///
/// ```swift
/// try Collator(locale: "sv-SE") == Collator(locale: "sv_SE")   // true: both are ICU's sv_SE
/// try Collator(locale: "sv") == Collator(locale: "de")         // false
/// ```
extension Collator: Hashable {
    public static func == (lhs: Collator, rhs: Collator) -> Bool {
        lhs.locale.icuID == rhs.locale.icuID && lhs.options == rhs.options && lhs.isReversed == rhs.isReversed
            && lhs.addedRules == rhs.addedRules
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(locale.icuID)
        hasher.combine(options)
        hasher.combine(isReversed)
        hasher.combine(addedRules)
    }
}
