import Collation
import SectionIndex

/// One run of `section-index`: the subcommand and its validated, typed options, parsed from
/// the arguments without touching files or ICU, so tests can call
/// ``Invocation/parse(_:environment:)`` directly.
public struct Invocation: Equatable, Sendable {
    public enum Subcommand: String, CaseIterable, Sendable {
        case group, labels, sort, search, check, keys

        /// The type that declares and runs it.
        var command: any Command.Type {
            switch self {
            case .group: GroupCommand.self
            case .labels: LabelsCommand.self
            case .sort: SortCommand.self
            case .search: SearchCommand.self
            case .check: CheckCommand.self
            case .keys: KeysCommand.self
            }
        }
    }

    public var subcommand: Subcommand
    /// `--help` (or `help SUBCOMMAND`) was given: print the subcommand's help and exit 0.
    public var wantsHelp = false
    /// Help for the whole tool (`--help` without a subcommand, or `help`).
    public var wantsToolHelp = false
    /// `--version` was given: print the versions and exit 0.
    public var wantsVersion = false
    /// The options, typed, defaults filled in.
    public var options = CommandOptions()
    /// The option names given, in order (without dashes).
    public var given: [String] = []
    /// Positional arguments (FILE, QUERY, FIXTURE…).
    public var arguments: [String] = []
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

extension Invocation {
    /// Parses arguments (without the program name).
    ///
    /// ```swift
    /// let run = try Invocation.parse(["sort", "--locale", "sv", "names.txt"], environment: [:])
    /// run.subcommand                // .sort
    /// run.options.index.locale      // "sv"
    /// ```
    ///
    /// - Parameter notUTF8: the arguments that were not UTF-8, as ``RawArguments/bytes`` keys
    ///   them: only a FILE or FIXTURE may be one (it is opened by its bytes); an option's value
    ///   or a QUERY that is not UTF-8 is refused, since its escaped form would be taken as text.
    /// - Throws: ``UsageError`` for an unknown subcommand or option (naming the nearest known
    ///   one), a missing or invalid value, an option given twice with different values, a
    ///   wrong number of arguments, or an argument that is not UTF-8 where text is needed.
    public static func parse(_ arguments: [String], environment: [String: String],
                             notUTF8: [String: [UInt8]] = [:]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        var subcommand = Subcommand.group
        var named = false
        if let first = rest.first, let chosen = Subcommand(rawValue: first) {
            subcommand = chosen
            named = true
            rest = rest.dropFirst()
        } else if rest.first == "help" {
            guard let topic = rest.dropFirst().first else { return Invocation(subcommand: .group, wantsHelp: true, wantsToolHelp: true) }
            guard let chosen = Subcommand(rawValue: topic) else {
                throw UsageError(unknownSubcommand(topic))
            }
            return Invocation(subcommand: chosen, wantsHelp: true)
        }
        let command = subcommand.command
        var invocation = Invocation(subcommand: subcommand)
        var pairs: [(key: String, value: String)] = []
        let parser = SettingsParser(command.allOptions, context: "'\(subcommand.rawValue)'", spelling: .option)
        var onlyArguments = false
        while let argument = rest.popFirst() {
            if onlyArguments || !argument.hasPrefix("-") || argument == "-" {
                invocation.arguments.append(argument)
                continue
            }
            if argument == "--" { onlyArguments = true; continue }
            if argument == "--help" || argument == "-h" {
                invocation.wantsHelp = true
                invocation.wantsToolHelp = !named
                continue
            }
            if argument == "--version" { invocation.wantsVersion = true; continue }
            guard argument.hasPrefix("--") else {
                throw UsageError("unknown option '\(RawArguments.displayed(argument))'", subcommand: subcommand)
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let setting = parser.setting(named: name) else {
                guard notUTF8[argument] == nil else {
                    throw UsageError("unknown option '\(RawArguments.displayed(argument))' (not UTF-8: \(RawArguments.invalidByteDescription(in: argument)))", subcommand: subcommand)
                }
                let error = SettingsError(key: name, value: value, problem: .unknown(context: parser.context, suggestion: parser.suggestion(for: name)),
                                          spelling: .option)
                throw UsageError(error.description, subcommand: subcommand)
            }
            if setting.kind == .flag {
                guard value == nil else { throw UsageError("option '--\(name)' takes no value", subcommand: subcommand) }
                value = Toggle.on.rawValue
            } else if value == nil {
                guard let next = rest.popFirst() else { throw UsageError("option '--\(name)' needs a value", subcommand: subcommand) }
                try refuseNotUTF8(next, as: "the value of '--\(name)'", if: notUTF8[next] != nil, subcommand: subcommand)
                value = next
            } else {
                // `--name=value`: the name is a known option, so the bytes are the value's.
                try refuseNotUTF8(value!, as: "the value of '--\(name)'", if: notUTF8[argument] != nil, subcommand: subcommand)
            }
            pairs.append((name, value!))
        }
        if invocation.wantsHelp || invocation.wantsVersion { return invocation }
        do {
            try parser.apply(pairs, to: &invocation.options)
            invocation.given = pairs.map(\.key)
            if command.options.contains(where: { $0.name == "style" }) {
                try invocation.options.index.validate(given: invocation.given, spelling: .option)
            }
        } catch {
            throw UsageError(error.description, subcommand: subcommand)
        }
        let (minimum, maximum) = command.arity
        if invocation.arguments.count < minimum {
            let missing = command.arguments.first { !$0.isOptional }!
            throw UsageError("'\(subcommand.rawValue)' needs \(missing.isRepeating ? "at least one" : "a") \(missing.name)", subcommand: subcommand)
        }
        if invocation.arguments.count > maximum {
            // `grup names.txt`: the first word was meant as a subcommand.
            if !named, let first = invocation.arguments.first, first == arguments.first, first.allSatisfy(\.isLetter) {
                throw UsageError(unknownSubcommand(first))
            }
            throw UsageError("unexpected argument '\(invocation.arguments[maximum])'", subcommand: subcommand)
        }
        // Only a file is opened by its bytes; any other argument is read as text.
        for (position, argument) in invocation.arguments.enumerated() {
            let spec = command.arguments[min(position, command.arguments.count - 1)]
            guard spec.name != ArgumentSpec.file.name, spec.name != "FIXTURE" else { continue }
            try refuseNotUTF8(argument, as: spec.name, if: notUTF8[argument] != nil, subcommand: subcommand)
        }
        if !invocation.given.contains("locale"), command.options.contains(where: { $0.name == "locale" }) {
            let (locale, source) = defaultLocale(from: environment)
            invocation.options.index.locale = locale
            invocation.options.localeSource = source
        }
        try command.validate(invocation)
        return invocation
    }

    /// Refuses an argument that was not UTF-8 (`argument` is its escaped form).
    private static func refuseNotUTF8(_ argument: String, as what: String, if isNotUTF8: Bool,
                                      subcommand: Subcommand) throws(UsageError) {
        guard isNotUTF8 else { return }
        throw UsageError("\(what) is not UTF-8: '\(RawArguments.displayed(argument))' has \(RawArguments.invalidByteDescription(in: argument)); only a FILE may be given in other bytes",
                         subcommand: subcommand)
    }

    /// "unknown subcommand 'grup'; did you mean 'group'?"
    static func unknownSubcommand(_ word: String) -> String {
        let names = Subcommand.allCases.map(\.rawValue)
        let nearest = names.min { editDistance(word, $0) < editDistance(word, $1) }
        let suggestion = nearest.flatMap { editDistance(word, $0) <= 2 ? "; did you mean '\($0)'?" : nil } ?? ""
        return "unknown subcommand '\(word)'\(suggestion) (subcommands: \(names.joined(separator: ", ")))"
    }

    /// The locale from the environment, as POSIX orders it: LC_ALL, LC_COLLATE, LANG.
    /// "sv_SE.UTF-8" → "sv_SE"; unset, "C" or "POSIX" → "en". The library's rule
    /// (``LocaleIdentifier/environmentLocale(_:)``), so the CLI and the library agree.
    public static func defaultLocale(_ environment: [String: String]) -> String {
        LocaleIdentifier.environmentLocale(environment)
    }

    /// The locale from the environment and the variable it came from, for messages.
    static func defaultLocale(from environment: [String: String]) -> (locale: String, source: CommandOptions.LocaleSource) {
        let locale = LocaleIdentifier.environmentLocale(environment)
        guard let name = ["LC_ALL", "LC_COLLATE", "LANG"].first(where: { environment[$0].map { !$0.isEmpty } ?? false }) else {
            return (locale, .fallback)
        }
        return (locale, .environment(name))
    }
}
