extension Collator {
    /// How strings are compared. `nil` for any option means "as the locale's collation says".
    ///
    /// ```swift
    /// var options = Collator.Options()          // numeric ordering on: "File 2" < "File 10"
    /// options.strength = .primary               // "a" == "A" == "á"
    /// options.caseFirst = .upperFirst           // "Apple" < "apple"
    /// ```
    public struct Options: Hashable, Sendable {
        /// Which differences count: base letters (primary), accents (secondary), case and
        /// variants (tertiary), punctuation when ignored (quaternary), code points (identical).
        ///
        /// ```swift
        /// let primary = try Collator(locale: "en", options: .init(strength: .primary))
        /// primary.compare("résumé", "Resume")   // .same
        /// ```
        public enum Strength: Hashable, Sendable, CaseIterable {
            case primary, secondary, tertiary, quaternary, identical
        }

        /// Which case sorts first among strings that differ only in case.
        ///
        /// ```swift
        /// try Collator(locale: "en", options: .init(caseFirst: .upperFirst)).sorted(["apple", "Apple"])
        /// // ["Apple", "apple"]
        /// ```
        public enum CaseFirst: Hashable, Sendable, CaseIterable {
            case off, lowerFirst, upperFirst
        }

        /// Differences that count. Default: the locale's (tertiary almost everywhere).
        public var strength: Strength?
        /// Digits compare as numbers ("File 2" < "File 10"), like Foundation's
        /// `localizedStandardCompare`. Default: on.
        public var numeric: Bool?
        /// Whether upper- or lower-case sorts first among otherwise equal strings.
        public var caseFirst: CaseFirst?
        /// Spaces and punctuation are ignored at the first three levels ("alternate shifted").
        public var ignoresPunctuation: Bool?

        /// Numeric ordering on, everything else as the locale says.
        public init(strength: Strength? = nil, numeric: Bool? = true, caseFirst: CaseFirst? = nil,
                    ignoresPunctuation: Bool? = nil) {
            self.strength = strength
            self.numeric = numeric
            self.caseFirst = caseFirst
            self.ignoresPunctuation = ignoresPunctuation
        }

        /// Exactly the locale's collation, as ICU's `ucol_open` gives it (numeric ordering
        /// off unless the locale turns it on): what ICU's AlphabeticIndex uses.
        public static let localeDefaults = Options(numeric: nil)
    }
}

extension Collator.Options.Strength {
    var icuValue: ICU.CollatorAttributeValue {
        switch self {
        case .primary: .primary
        case .secondary: .secondary
        case .tertiary: .tertiary
        case .quaternary: .quaternary
        case .identical: .identical
        }
    }
}
