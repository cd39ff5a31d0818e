internal import CICU

extension ICU {
    /// The kinds of CLDR exemplar sets.
    package enum ExemplarKind: Int32, Sendable {
        case standard = 0, auxiliary = 1, index = 2
    }

    /// A locale's exemplar set, every code point and string of it; nil when the locale has
    /// no set of that kind (ICU's `U_MISSING_RESOURCE_ERROR`).
    package static func exemplars(of localeID: String, kind: ExemplarKind) -> [String]? {
        let (items, status) = ICU.strings { sicu_exemplars(localeID, kind.rawValue, $0, $1, $2) }
        return isSuccess(status) ? items : nil
    }

    /// ICU's script code (UScriptCode) of a scalar.
    @inline(__always)
    package static func scriptCode(of scalar: Unicode.Scalar) -> Int32 {
        sicu_script_of(Int32(bitPattern: scalar.value))
    }

    /// Whether a scalar's Script_Extensions contain the script.
    package static func scalar(_ scalar: Unicode.Scalar, hasScript script: Int32) -> Bool {
        sicu_script_has(Int32(bitPattern: scalar.value), script)
    }

    /// ISO 15924 code of an ICU script code ("Latn").
    package static func scriptShortName(_ script: Int32) -> String {
        String(cString: sicu_script_short_name(script))
    }

    /// ICU script code for an ISO 15924 code or name; nil when unknown.
    package static func scriptCode(named name: String) -> Int32? {
        let code = sicu_script_code(name)
        return code < 0 ? nil : code
    }

    package static func isLetterOrUnassigned(_ scalar: Unicode.Scalar) -> Bool {
        let mask = sicu_general_category_mask(Int32(bitPattern: scalar.value))
        return mask & UInt32(SICU_GC_LETTER_MASK | SICU_GC_UNASSIGNED_MASK) != 0
    }

    package static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        sicu_general_category_mask(Int32(bitPattern: scalar.value)) & UInt32(SICU_GC_MARK_MASK) != 0
    }

    package static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        sicu_has_property(Int32(bitPattern: scalar.value), Int32(SICU_PROPERTY_DEFAULT_IGNORABLE))
    }

    package static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        sicu_has_property(Int32(bitPattern: scalar.value), Int32(SICU_PROPERTY_WHITE_SPACE))
    }

    package static func nfkd(_ s: String) -> String {
        s.withUTF8Bytes { chars, length in ICU.string { sicu_nfkd_utf8(chars, length, $0, $1, $2) }.0 }
    }

    /// Full upper-casing by a locale's rules (Turkish i → İ).
    package static func uppercased(_ s: String, localeID: String) -> String {
        s.withUTF8Bytes { chars, length in
            ICU.string { sicu_to_upper_utf8(localeID, chars, length, $0, $1, $2) }.0
        }
    }
}
