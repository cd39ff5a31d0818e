import Collation

/// Values by script, for look-ups made once per name: an array by script code for the codes
/// ``ScriptSet`` keeps as bits, so that a look-up hashes nothing, and a dictionary for any
/// code beyond (none in ICU 72's data; kept so that nothing is lost). The array grows to the
/// largest code set, so a table of the few scripts of a list stays a few cache lines.
///
/// ```swift
/// var groups = ScriptTable<Int32>()
/// groups[.latin] = 0
/// groups[.latin]      // 0
/// groups[.cyrillic]   // nil
/// ```
struct ScriptTable<Value> {
    private var byCode: [Value?] = []
    private var others: [Script: Value] = [:]

    subscript(script: Script) -> Value? {
        @inline(__always) get {
            guard ScriptSet.fits(script) else { return others[script] }
            let code = Int(script.rawValue)
            return code < byCode.count ? byCode[code] : nil
        }
        set {
            guard ScriptSet.fits(script) else { others[script] = newValue; return }
            let code = Int(script.rawValue)
            if code >= byCode.count { byCode += Array(repeating: nil, count: code + 1 - byCode.count) }
            byCode[code] = newValue
        }
    }
}

extension ScriptTable: Sendable where Value: Sendable {}
