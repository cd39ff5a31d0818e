import Collation

/// One run of `section-index`: the subcommand and its validated options, parsed from the
/// arguments without touching files or ICU, so tests can call ``Invocation/parse(_:environment:)``
/// directly.
public struct Invocation: Equatable, Sendable {
    public enum Subcommand: String, CaseIterable, Sendable {
        case group, labels, sort, search, check, keys
    }

    public var subcommand: Subcommand
    /// `--help` was given: print the subcommand's help and exit 0.
    public var wantsHelp = false
    /// Long options as given, without dashes, after validation (`locale` → `sv`).
    public var options: [String: String] = [:]
    /// Positional arguments (FILE, QUERY, FIXTURE…).
    public var arguments: [String] = []

    /// The option's value, or the default.
    public func value(_ name: String, default fallback: String? = nil) -> String? {
        options[name] ?? fallback
    }

    public func flag(_ name: String) -> Bool { options[name] != nil }
}

/// A command line that cannot be run; printed to stderr with exit code 64.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var subcommand: Invocation.Subcommand?
    public init(_ message: String, subcommand: Invocation.Subcommand? = nil) {
        self.message = message
        self.subcommand = subcommand
    }
    public var description: String { message }
}

/// An option that a subcommand accepts.
struct OptionSpec: Sendable {
    var name: String
    /// nil: a flag without value; empty: any value; otherwise the allowed values.
    var values: [String]?
    var help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, values: nil, help: help) }
    static func value(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, values: [], help: help)
    }
    static func choice(_ name: String, _ allowed: [String], _ help: String) -> OptionSpec {
        OptionSpec(name: name, values: allowed, help: help)
    }
}

extension Invocation.Subcommand {
    /// The options of `group` are shared by every subcommand that builds an index.
    static let indexOptions: [OptionSpec] = [
        .value("locale", "ID: BCP 47 tag or ICU id (default: LC_ALL, LC_COLLATE, LANG, else en)"),
        .choice("style", ["contacts", "icu"], "contacts (default) or icu (exactly ICU's AlphabeticIndex)"),
        .value("also", "L2,L3: more locales whose labels join the index"),
        .choice("han", ["pinyin", "stroke", "zhuyin", "reading", "none"], "how Han names are placed (default: from the locale)"),
        .choice("names", ["personal", "plain"], "personal: Chinese surnames read as surnames (default in contacts style)"),
        .choice("scripts", ["auto", "none"], "auto: a group for every other script in the data (default)"),
        .flag("full", "show every label, also those of empty sections"),
        .value("overflow", "text of the last bucket (# in contacts style, … in icu style)"),
        .value("underflow", "text of the first bucket (icu style, default …)"),
        .value("inflow", "text of buckets between scripts (icu style, default …)"),
        .value("max-labels", "most labels an index keeps (icu style, default 99)"),
        .choice("format", ["text", "tsv", "json", "html"], "output format (default text)"),
        .choice("invalid", ["fail", "replace"], "invalid UTF-8 in input: fail (exit 65, default) or replace with U+FFFD"),
        .flag("strict", "refuse a locale that ICU would serve from root"),
    ]

    static let collatorOptions: [OptionSpec] = [
        .value("locale", "ID: BCP 47 tag or ICU id (default: LC_ALL, LC_COLLATE, LANG, else en)"),
        .choice("numeric", ["on", "off"], "digits compare as numbers (default on)"),
        .choice("strength", ["primary", "secondary", "tertiary", "quaternary", "identical"], "differences that count (default tertiary)"),
        .choice("case-first", ["off", "lower", "upper"], "which case sorts first among equals"),
        .flag("ignore-punctuation", "spaces and punctuation do not count (alternate shifted)"),
        .choice("format", ["text", "tsv", "json"], "output format (default text)"),
        .choice("invalid", ["fail", "replace"], "invalid UTF-8 in input: fail (exit 65, default) or replace with U+FFFD"),
        .flag("strict", "refuse a locale that ICU would serve from root"),
    ]

    var options: [OptionSpec] {
        switch self {
        case .group, .labels, .keys: Self.indexOptions
        case .sort: Self.collatorOptions
        case .search:
            Self.indexOptions.filter { $0.name != "full" && $0.name != "max-labels" }
                + [.choice("mode", ["prefix", "substring"], "prefix of any word (default) or substring anywhere")]
        case .check: [.choice("format", ["text"], "output format (text)")]
        }
    }

    /// How many positional arguments: (minimum, maximum).
    var arity: (Int, Int) {
        switch self {
        case .group, .labels, .sort, .keys: (0, 1)
        case .search: (1, 2)
        case .check: (1, Int.max)
        }
    }

    var synopsis: String {
        switch self {
        case .group: "section-index [group] [OPTIONS] [FILE]      sections, the default subcommand"
        case .labels: "section-index labels  [OPTIONS] [FILE]      the index labels, one per line"
        case .sort: "section-index sort    [OPTIONS] [FILE]      the lines sorted by the collator"
        case .search: "section-index search  [OPTIONS] QUERY [FILE]"
        case .check: "section-index check   FIXTURE..."
        case .keys: "section-index keys    [OPTIONS] [FILE]      a byte-ordered key per entry"
        }
    }
}

extension Invocation {
    /// Parses arguments (without the program name).
    ///
    /// ```swift
    /// let run = try Invocation.parse(["sort", "--locale", "sv", "names.txt"], environment: [:])
    /// run.subcommand          // .sort
    /// run.value("locale")     // "sv"
    /// ```
    ///
    /// - Throws: ``UsageError`` for an unknown subcommand or option, a missing or invalid
    ///   value, an option given twice with different values, or a wrong number of arguments.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        var subcommand = Subcommand.group
        if let first = rest.first, let named = Subcommand(rawValue: first) {
            subcommand = named
            rest = rest.dropFirst()
        } else if let first = rest.first, first == "help" {
            return Invocation(subcommand: .group, wantsHelp: true)
        }
        var invocation = Invocation(subcommand: subcommand)
        let specs = Dictionary(uniqueKeysWithValues: subcommand.options.map { ($0.name, $0) })
        var onlyArguments = false
        while let argument = rest.popFirst() {
            if onlyArguments || !argument.hasPrefix("-") || argument == "-" {
                invocation.arguments.append(argument)
                continue
            }
            if argument == "--" { onlyArguments = true; continue }
            if argument == "--help" || argument == "-h" { invocation.wantsHelp = true; continue }
            guard argument.hasPrefix("--") else {
                throw UsageError("unknown option '\(argument)'", subcommand: subcommand)
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = specs[name] else {
                throw UsageError("unknown option '--\(name)' for '\(subcommand.rawValue)'", subcommand: subcommand)
            }
            if let allowed = spec.values {
                if value == nil {
                    guard let next = rest.popFirst() else {
                        throw UsageError("option '--\(name)' needs a value", subcommand: subcommand)
                    }
                    value = next
                }
                if !allowed.isEmpty, let value, !allowed.contains(value) {
                    throw UsageError("invalid value '\(value)' for '--\(name)': use one of \(allowed.joined(separator: ", "))", subcommand: subcommand)
                }
            } else {
                guard value == nil else {
                    throw UsageError("option '--\(name)' takes no value", subcommand: subcommand)
                }
                value = "on"
            }
            if let previous = invocation.options[name], previous != value {
                throw UsageError("conflicting values for '--\(name)': '\(previous)' and '\(value!)'", subcommand: subcommand)
            }
            invocation.options[name] = value
        }
        if invocation.wantsHelp { return invocation }
        let (minimum, maximum) = subcommand.arity
        if invocation.arguments.count < minimum {
            throw UsageError("'\(subcommand.rawValue)' needs \(subcommand == .search ? "a QUERY" : "at least one FIXTURE")", subcommand: subcommand)
        }
        if invocation.arguments.count > maximum {
            throw UsageError("unexpected argument '\(invocation.arguments[maximum])'", subcommand: subcommand)
        }
        if invocation.options["locale"] == nil, subcommand != .check {
            invocation.options["locale"] = defaultLocale(environment)
        }
        try invocation.validateCombinations()
        return invocation
    }

    /// The locale from the environment, as POSIX orders it: LC_ALL, LC_COLLATE, LANG.
    /// "sv_SE.UTF-8" → "sv_SE"; unset, "C" or "POSIX" → "en". The library's rule
    /// (``LocaleIdentifier/environmentLocale(_:)``), so the CLI and the library agree.
    public static func defaultLocale(_ environment: [String: String]) -> String {
        LocaleIdentifier.environmentLocale(environment)
    }

    /// Options that make no sense together.
    private func validateCombinations() throws(UsageError) {
        let style = options["style"] ?? "contacts"
        if style == "icu" {
            for contactsOnly in ["han", "names", "scripts"] where options[contactsOnly] != nil {
                throw UsageError("'--\(contactsOnly)' applies to --style contacts, not --style icu", subcommand: subcommand)
            }
        } else {
            for icuOnly in ["underflow", "inflow", "max-labels"] where options[icuOnly] != nil {
                throw UsageError("'--\(icuOnly)' applies to --style icu only", subcommand: subcommand)
            }
        }
        if let count = options["max-labels"], (Int(count) ?? 0) < 1 {
            throw UsageError("'--max-labels' needs a positive whole number, not '\(count)'", subcommand: subcommand)
        }
        if options["format"] == "html", subcommand != .group {
            throw UsageError("'--format html' is for 'group' only", subcommand: subcommand)
        }
    }
}
