internal import CICU

/// The versions that sort keys and labels depend on, as loaded at run time: keys stored by
/// one ICU may not compare the same under another.
///
/// ```swift
/// ICUVersions.icu       // "72.1"
/// ICUVersions.cldr      // "42.0"
/// ICUVersions.unicode   // "15.0"
/// ```
public enum ICUVersions {
    /// The ICU library's version.
    public static var icu: String { version(Int32(SICU_VERSION_ICU)) }
    /// The version of CLDR, where ICU's locale data (index characters, collation tailorings) comes from.
    public static var cldr: String { version(Int32(SICU_VERSION_CLDR)) }
    /// The version of ICU's Unicode character data.
    public static var unicode: String { version(Int32(SICU_VERSION_UNICODE)) }

    private static func version(_ which: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        let status = buffer.withUnsafeMutableBufferPointer { sicu_runtime_version(which, $0.baseAddress, Int32($0.count)) }
        guard status <= 0 else { return "unknown (\(String(cString: sicu_error_name(status))))" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
