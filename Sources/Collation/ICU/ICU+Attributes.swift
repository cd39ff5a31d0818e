internal import CICU

extension ICU {
    /// A collator attribute (ICU's `UColAttribute`), named as swift-system names `O_RDONLY`:
    /// no bare attribute number above the shim.
    ///
    /// ```swift
    /// try handle.set(.strength, .primary)
    /// try handle.set(.numericCollation, .on)
    /// ```
    package struct CollatorAttribute: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        package static let frenchCollation = Self(rawValue: Int32(SICU_ATTR_FRENCH_COLLATION))
        package static let alternateHandling = Self(rawValue: Int32(SICU_ATTR_ALTERNATE_HANDLING))
        package static let caseFirst = Self(rawValue: Int32(SICU_ATTR_CASE_FIRST))
        package static let caseLevel = Self(rawValue: Int32(SICU_ATTR_CASE_LEVEL))
        package static let normalizationMode = Self(rawValue: Int32(SICU_ATTR_NORMALIZATION_MODE))
        package static let strength = Self(rawValue: Int32(SICU_ATTR_STRENGTH))
        package static let numericCollation = Self(rawValue: Int32(SICU_ATTR_NUMERIC_COLLATION))

        package var description: String {
            switch self {
            case .frenchCollation: "French collation"
            case .alternateHandling: "alternate handling"
            case .caseFirst: "case first"
            case .caseLevel: "case level"
            case .normalizationMode: "normalization mode"
            case .strength: "strength"
            case .numericCollation: "numeric collation"
            default: "attribute \(rawValue)"
            }
        }
    }

    /// A value of a collator attribute (ICU's `UColAttributeValue`).
    package struct CollatorAttributeValue: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        package static let `default` = Self(rawValue: Int32(SICU_VALUE_DEFAULT))
        package static let primary = Self(rawValue: Int32(SICU_VALUE_PRIMARY))
        package static let secondary = Self(rawValue: Int32(SICU_VALUE_SECONDARY))
        package static let tertiary = Self(rawValue: Int32(SICU_VALUE_TERTIARY))
        package static let quaternary = Self(rawValue: Int32(SICU_VALUE_QUATERNARY))
        package static let identical = Self(rawValue: Int32(SICU_VALUE_IDENTICAL))
        package static let off = Self(rawValue: Int32(SICU_VALUE_OFF))
        package static let on = Self(rawValue: Int32(SICU_VALUE_ON))
        package static let shifted = Self(rawValue: Int32(SICU_VALUE_SHIFTED))
        package static let nonIgnorable = Self(rawValue: Int32(SICU_VALUE_NON_IGNORABLE))
        package static let lowerFirst = Self(rawValue: Int32(SICU_VALUE_LOWER_FIRST))
        package static let upperFirst = Self(rawValue: Int32(SICU_VALUE_UPPER_FIRST))

        /// On or off.
        package init(_ flag: Bool) { self = flag ? .on : .off }

        package var description: String {
            switch self {
            case .default: "default"
            case .primary: "primary"
            case .secondary: "secondary"
            case .tertiary: "tertiary"
            case .quaternary: "quaternary"
            case .identical: "identical"
            case .off: "off"
            case .on: "on"
            case .shifted: "shifted"
            case .nonIgnorable: "non-ignorable"
            case .lowerFirst: "lower first"
            case .upperFirst: "upper first"
            default: "value \(rawValue)"
            }
        }
    }
}
