internal import CICU

extension ICU {
    /// A script (ICU's `UScriptCode`): what decides which group of an index a name goes to.
    ///
    /// ```swift
    /// ICU.Script(of: "王") == .han                // true
    /// ICU.Script(named: "Cyrl") == .cyrillic     // true
    /// ICU.Script.latin.shortName                 // "Latn"
    /// ```
    ///
    /// Comparable by code, so that a set of scripts has one stable order.
    package struct Script: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
        package let rawValue: Int32
        package init(rawValue: Int32) { self.rawValue = rawValue }

        package static let common = Self(rawValue: Int32(SICU_SCRIPT_COMMON))
        package static let inherited = Self(rawValue: Int32(SICU_SCRIPT_INHERITED))
        package static let bopomofo = Self(rawValue: Int32(SICU_SCRIPT_BOPOMOFO))
        package static let cyrillic = Self(rawValue: Int32(SICU_SCRIPT_CYRILLIC))
        package static let greek = Self(rawValue: Int32(SICU_SCRIPT_GREEK))
        package static let han = Self(rawValue: Int32(SICU_SCRIPT_HAN))
        package static let hangul = Self(rawValue: Int32(SICU_SCRIPT_HANGUL))
        package static let hiragana = Self(rawValue: Int32(SICU_SCRIPT_HIRAGANA))
        package static let katakana = Self(rawValue: Int32(SICU_SCRIPT_KATAKANA))
        package static let latin = Self(rawValue: Int32(SICU_SCRIPT_LATIN))
        package static let unknown = Self(rawValue: Int32(SICU_SCRIPT_UNKNOWN))

        /// The script of a scalar (its Script property, not its extensions).
        @inline(__always)
        package init(of scalar: Unicode.Scalar) {
            rawValue = sicu_script_of(Int32(bitPattern: scalar.value))
        }

        /// The script of an ISO 15924 code or a script name ("Hani", "Han"); nil when unknown.
        package init?(named name: String) {
            let code = sicu_script_code(name)
            guard code >= 0 else { return nil }
            rawValue = code
        }

        /// Scripts that belong to no writing system of their own (Common, Inherited, Unknown).
        package var isShared: Bool {
            self == .common || self == .inherited || self == .unknown || rawValue < 0
        }

        /// The ISO 15924 code ("Latn").
        package var shortName: String { String(cString: sicu_script_short_name(rawValue)) }

        package var description: String { shortName }

        package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        /// Equal codes. Written out, and inlinable: without it, `==` was the generic one of
        /// `RawRepresentable`, a call through the `Equatable` witness per comparison, and a
        /// name's key choice compares scripts several times.
        @inlinable
        package static func == (a: Self, b: Self) -> Bool { a.rawValue == b.rawValue }
    }
}

extension Unicode.Scalar {
    /// Whether the scalar's Script_Extensions contain the script (the kana prolonged sound
    /// mark ー is Common with Hiragana and Katakana extensions).
    package func hasScript(_ script: ICU.Script) -> Bool {
        sicu_script_has(Int32(bitPattern: value), script.rawValue)
    }
}
