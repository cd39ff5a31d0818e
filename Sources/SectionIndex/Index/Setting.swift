/// Where a setting was written, which decides how a message spells its key: `--han` on the
/// command line, `han:` in a fixture header.
package enum SettingSpelling: Sendable, Hashable {
    case option, header

    func key(_ name: String) -> String { self == .option ? "--\(name)" : "\(name):" }
    func pair(_ name: String, _ value: String) -> String { self == .option ? "--\(name) \(value)" : "\(name): \(value)" }
}

/// A flag's value in a fixture header (`strict: on`); on the command line a flag is just present.
package enum Toggle: String, CaseIterable, Sendable {
    case on, off
}

/// What values a setting takes.
package enum SettingKind: Hashable, Sendable {
    /// Present or not (`--strict`); in a header `on` or `off`.
    case flag
    /// Any text (`--overflow TEXT`).
    case value(placeholder: String)
    /// One of these spellings.
    case choice([String])
}

/// One `key: value` setting a command or fixture takes: its name, what values it allows,
/// its help, and how it sets the typed value it stands for. Choices take their allowed
/// values and help from a `CaseIterable` enum, never from a second list of strings.
///
/// ```swift
/// let han = Setting<IndexSettings>.choice("han", ContactsIndex.HanPolicy.self, help: "how Han names are placed") { $0.han = $1 }
/// han.allowedValues   // ["pinyin", "stroke", "zhuyin", "reading", "none"]
/// ```
package struct Setting<Target> {
    package typealias Kind = SettingKind

    package let name: String
    package let kind: Kind
    package let help: String
    let apply: (inout Target, String) throws(SettingsError.Problem) -> Void

    /// The spellings a choice allows (nil for a flag or free value).
    package var allowedValues: [String]? {
        if case .choice(let values) = kind { values } else { nil }
    }

    package static func flag(_ name: String, help: String, _ set: @escaping (inout Target, Bool) -> Void) -> Setting {
        Setting(name: name, kind: .flag, help: help) { (target: inout Target, value: String) throws(SettingsError.Problem) in
            guard let toggle = Toggle(rawValue: value) else { throw .notOneOf(Toggle.allCases.map(\.rawValue)) }
            set(&target, toggle == .on)
        }
    }

    package static func value(_ name: String, _ placeholder: String, help: String,
                              _ set: @escaping (inout Target, String) throws(SettingsError.Problem) -> Void) -> Setting {
        Setting(name: name, kind: .value(placeholder: placeholder), help: help, apply: set)
    }

    /// A choice spelled by its raw values.
    package static func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, _ type: Choice.Type, help: String, _ set: @escaping (inout Target, Choice) -> Void
    ) -> Setting where Choice.RawValue == String {
        choice(name, type, spelled: \.rawValue, help: help, set)
    }

    /// A choice whose spelling is given once, here (`lowerFirst` spelled `lower`).
    package static func choice<Choice: CaseIterable>(
        _ name: String, _ type: Choice.Type, spelled spelling: @escaping (Choice) -> String, help: String,
        _ set: @escaping (inout Target, Choice) -> Void
    ) -> Setting {
        let spellings = Choice.allCases.map(spelling)
        return Setting(name: name, kind: .choice(spellings), help: help) { (target: inout Target, value: String) throws(SettingsError.Problem) in
            guard let chosen = Choice.allCases.first(where: { spelling($0) == value }) else { throw .notOneOf(spellings) }
            set(&target, chosen)
        }
    }

    /// The same setting on a value that holds a `Target` (a command's options hold index settings).
    package func lifted<Outer>(_ path: WritableKeyPath<Outer, Target>) -> Setting<Outer> {
        let apply = self.apply
        return Setting<Outer>(name: name, kind: kind, help: help) { (outer: inout Outer, value: String) throws(SettingsError.Problem) in
            try apply(&outer[keyPath: path], value)
        }
    }
}

/// The one validator of `key: value` settings: the command line, fixture headers and the
/// fuzzers all read settings through it, so a key or value is accepted or refused with the
/// same message wherever it is written.
package struct SettingsParser<Target> {
    package var settings: [Setting<Target>]
    /// What takes these settings, for messages: `'group'`, `a fixture`.
    package var context: String
    package var spelling: SettingSpelling

    package init(_ settings: [Setting<Target>], context: String, spelling: SettingSpelling) {
        self.settings = settings
        self.context = context
        self.spelling = spelling
    }

    package func setting(named name: String) -> Setting<Target>? { settings.first { $0.name == name } }

    /// Applies pairs in order.
    ///
    /// - Throws: ``SettingsError`` for an unknown key (with the nearest known one), a bad
    ///   value, or a key given twice with different values.
    package func apply(_ pairs: [(key: String, value: String)], to target: inout Target) throws(SettingsError) {
        var seen: [String: String] = [:]
        for (key, value) in pairs {
            guard let setting = setting(named: key) else {
                throw SettingsError(key: key, value: value, problem: .unknown(context: context, suggestion: suggestion(for: key)),
                                    spelling: spelling)
            }
            if let previous = seen[key] {
                guard previous == value else {
                    throw SettingsError(key: key, value: value, problem: .conflicting(previous), spelling: spelling)
                }
                continue
            }
            seen[key] = value
            do {
                try setting.apply(&target, value)
            } catch {
                throw SettingsError(key: key, value: value, problem: error, spelling: spelling)
            }
        }
    }

    /// The known key nearest to a misspelt one (at most two edits, or a prefix either way).
    package func suggestion(for key: String) -> String? {
        // Keys are lower case: `LOCALE` is `locale` mistyped, however far apart the letters.
        if let same = settings.first(where: { $0.name == key.lowercased() }) { return same.name }
        let scored = settings.map { ($0.name, editDistance(key, $0.name)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        if best.1 <= min(2, max(1, key.count / 3)) { return best.0 }
        if key.count >= 3, let prefixed = settings.first(where: { $0.name.hasPrefix(key) || key.hasPrefix($0.name) }) {
            return prefixed.name
        }
        return nil
    }
}

/// How many single edits (insert, delete, replace, swap two neighbours) turn `a` into `b`:
/// the optimal string alignment distance, so `mdoe` is one edit from `mode`.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var twoBack = [Int](), previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], twoBack[j - 2] + 1) }
        }
        twoBack = previous
        previous = current
    }
    return previous[b.count]
}

/// A whole number written as digits only, the one rule for every numeric setting: no sign
/// (`+5` and `-0` are refused as `-1` is), no spaces, no underscores.
///
/// ```swift
/// wholeNumber("42", as: UInt32.self)   // 42
/// wholeNumber("+5", as: UInt32.self)   // nil
/// ```
package func wholeNumber<Number: FixedWidthInteger>(_ text: String, as type: Number.Type) -> Number? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Number(text)
}

/// A setting that cannot be used, with its key and value; the message spells the key as it
/// was written (`--han` on the command line, `han:` in a fixture).
///
/// ```swift
/// do {
///     _ = try IndexSettings(locale: "sv", settings: [("han", "abacus")])
/// } catch {
///     print(error)   // invalid value 'abacus' for 'han:': use one of pinyin, stroke, zhuyin, reading, none
/// }
/// ```
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the setting.
    public enum Problem: Hashable, Sendable, Error {
        /// No such key here; the nearest known key, if any.
        case unknown(context: String, suggestion: String?)
        /// The value is not one of these.
        case notOneOf([String])
        /// The value must be a positive whole number.
        case notAPositiveNumber
        /// The key is given again with another value (the first one).
        case conflicting(String)
        /// A key that only this style takes; `given` is the style in force (nil: the key
        /// applies to `only` and nothing else).
        case styleOnly(only: String, given: String?)
        /// A required key is missing.
        case missing
        /// Any other problem, said in a whole sentence.
        case other(String)
    }

    public var key: String
    public var value: String?
    public var problem: Problem
    /// Whether the key was written as an option or a header.
    package var spelling: SettingSpelling

    package init(key: String, value: String?, problem: Problem, spelling: SettingSpelling = .header) {
        self.key = key
        self.value = value
        self.problem = problem
        self.spelling = spelling
    }

    public var description: String {
        let key = spelling.key(self.key), value = self.value ?? ""
        switch problem {
        case .unknown(let context, let suggestion):
            let noun = spelling == .option ? "option" : "header"
            return "unknown \(noun) '\(key)' for \(context)" + (suggestion.map { "; did you mean '\(spelling.key($0))'?" } ?? "")
        case .notOneOf(let allowed):
            return "invalid value '\(value)' for '\(key)': use one of \(allowed.joined(separator: ", "))"
        case .notAPositiveNumber:
            return "'\(key)' needs a positive whole number, not '\(value)'"
        case .conflicting(let previous):
            return "conflicting values for '\(key)': '\(previous)' and '\(value)'"
        case .styleOnly(let only, let given):
            let required = spelling.pair("style", only)
            return "'\(key)' applies to \(required)" + (given.map { ", not " + spelling.pair("style", $0) } ?? " only")
        case .missing:
            return "'\(key)' is required"
        case .other(let message):
            return message
        }
    }
}
