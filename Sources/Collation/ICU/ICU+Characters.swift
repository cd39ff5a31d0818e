internal import CICU

extension ICU {
    /// The kinds of CLDR exemplar sets (ICU's `ULocaleDataExemplarSetType`).
    package struct ExemplarKind: RawRepresentable, Hashable, Sendable {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        package static let standard = Self(rawValue: Int32(SICU_EXEMPLAR_STANDARD))
        package static let auxiliary = Self(rawValue: Int32(SICU_EXEMPLAR_AUXILIARY))
        package static let index = Self(rawValue: Int32(SICU_EXEMPLAR_INDEX))
    }

    /// A locale's exemplar set, every code point and string of it; nil when the locale has
    /// no set of that kind (ICU's `U_MISSING_RESOURCE_ERROR`) or ICU fails.
    package static func exemplars(of localeID: String, kind: ExemplarKind) -> [String]? {
        try? ICU.strings("reading exemplars", input: localeID) { sicu_exemplars(localeID, kind.rawValue, $0, $1, $2) }
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

    /// NFKD of a string; the string itself when ICU fails (out of memory).
    package static func nfkd(_ s: String) -> String {
        (try? s.withUTF8Bytes { (chars, length) throws(ICUError) in
            try ICU.string("normalizing to NFKD", input: s) { sicu_nfkd_utf8(chars, length, $0, $1, $2) }
        }) ?? s
    }

    /// What a label looks like: equal for two labels that are the same but for case or after
    /// compatibility normalisation, or that are confusables of one shape in capitals (UTS
    /// #39's skeleton: Đ U+0110, Ð U+00D0 and Ɖ U+0189 all give D + U+0335). Scripts are not told apart
    /// (Latin A and Cyrillic А give one skeleton): callers compare labels of one script.
    /// The string itself when ICU fails (out of memory).
    package static func lookAlikeSkeleton(_ s: String) -> String {
        (try? s.withUTF8Bytes { (chars, length) throws(ICUError) in
            try ICU.string("finding look-alikes", input: s) { sicu_look_alike_skeleton_utf8(chars, length, $0, $1, $2) }
        }) ?? s
    }

    /// Full upper-casing by a locale's rules (Turkish i → İ); the string itself when ICU
    /// fails (out of memory).
    package static func uppercased(_ s: String, localeID: String) -> String {
        (try? s.withUTF8Bytes { (chars, length) throws(ICUError) in
            try ICU.string("upper-casing", input: s) { sicu_to_upper_utf8(localeID, chars, length, $0, $1, $2) }
        }) ?? s
    }
}
