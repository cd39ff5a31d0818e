extension LocaleIdentifier {
    /// The locale the environment asks for, as POSIX orders its variables: `LC_ALL`, then
    /// `LC_COLLATE`, then `LANG`, the first that is set and not empty, read with
    /// ``localeID(fromPOSIX:)``; "en" when none is set.
    ///
    /// ```swift
    /// LocaleIdentifier.environmentLocale(["LANG": "sv_SE.UTF-8"])              // "sv_SE"
    /// LocaleIdentifier.environmentLocale(["LC_ALL": "C", "LANG": "de_DE"])    // "en"
    /// LocaleIdentifier.environmentLocale([:])                                  // "en"
    /// ```
    ///
    /// - Parameter environment: the process environment (name → value).
    /// - Returns: a locale id or tag for ``init(_:)-(String)``; not checked, so that a bad value is
    ///   reported where it is used.
    public static func environmentLocale(_ environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_COLLATE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return localeID(fromPOSIX: value) ?? value
        }
        return "en"
    }

    /// The locale id a POSIX locale value names, or nil when the value is not in POSIX form
    /// (then it is a BCP 47 tag or an ICU id, read as it is).
    ///
    /// The codeset is dropped (`sv_SE.UTF-8` → `sv_SE`); the modifiers `@latin` and
    /// `@cyrillic` become a script (`sr_RS@latin` → `sr_Latn_RS`), other modifiers are dropped
    /// (`de_DE@euro` → `de_DE`); `C` and `POSIX` (with any codeset), and a value that is only
    /// a codeset (`.UTF-8`), give `en`: a POSIX system's default collation is closest to English.
    ///
    /// ```swift
    /// LocaleIdentifier.localeID(fromPOSIX: "en_US.UTF-8")   // "en_US"
    /// LocaleIdentifier.localeID(fromPOSIX: "C.UTF-8")       // "en"
    /// LocaleIdentifier.localeID(fromPOSIX: "sv@collation=phonebook")   // nil: an ICU id
    /// ```
    public static func localeID(fromPOSIX value: String) -> String? {
        var rest = Substring(value)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            let after = rest[rest.index(after: at)...]
            // A POSIX modifier is a word ("euro", "latin"); "@collation=…" is an ICU keyword list.
            guard !after.isEmpty, after.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            modifier = after
            rest = rest[..<at]
        }
        let hasCodeset = rest.contains(".")
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        guard hasCodeset || modifier != nil || rest == "C" || rest == "POSIX" else { return nil }
        if rest == "C" || rest == "POSIX" || rest.isEmpty { return "en" }
        var parts = rest.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let script = switch modifier?.lowercased() {
        case "latin": "Latn"
        case "cyrillic": "Cyrl"
        default: ""
        }
        let hasScript = parts.count > 1 && parts[1].count == 4
        if !script.isEmpty, !hasScript, !parts.isEmpty, !parts[0].isEmpty { parts.insert(script, at: 1) }
        return parts.joined(separator: "_")
    }
}
