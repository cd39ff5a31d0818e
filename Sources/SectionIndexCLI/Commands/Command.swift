import Collation
import SectionIndex

/// One subcommand, as a type: what it takes (options, arguments, formats), how it is
/// described, and how it runs. Help, usage errors and validation are generated from these
/// declarations, so a subcommand's `--help` lists exactly what it accepts.
protocol Command {
    /// The subcommand's name (`sort`).
    static var name: String { get }
    /// One line: what it prints.
    static var summary: String { get }
    /// Positional arguments, in order.
    static var arguments: [ArgumentSpec] { get }
    /// Options, in the order help lists them (`--format` and `--help` are added).
    static var options: [Setting<CommandOptions>] { get }
    /// The output formats it prints; the first is the default.
    static var formats: [OutputFormat] { get }
    /// What each format prints, and anything else help should say.
    static var notes: String { get }
    /// Checks that need more than one option at a time.
    static func validate(_ invocation: Invocation) throws(UsageError)
    /// Does the work.
    static func run(_ context: CommandContext) throws -> ExitCode
}

extension Command {
    static func validate(_ invocation: Invocation) throws(UsageError) {}

    /// Every option, `--format` included when there is a choice.
    static var allOptions: [Setting<CommandOptions>] {
        options + (formats.count > 1 ? [CommandOptions.format(formats, for: name)] : [])
    }

    /// `section-index sort [OPTIONS] [FILE]`.
    static var synopsis: String {
        var parts = ["section-index", name == GroupCommand.name ? "[\(name)]" : name]
        if !allOptions.isEmpty { parts.append("[OPTIONS]") }
        for argument in arguments { parts.append(argument.synopsis) }
        return parts.joined(separator: " ")
    }

    /// How many positional arguments: (minimum, maximum).
    static var arity: (Int, Int) {
        let required = arguments.filter { !$0.isOptional }.count
        return (required, arguments.contains(where: \.isRepeating) ? Int.max : arguments.count)
    }
}

/// A positional argument: `FILE`, `QUERY`, `FIXTURE...`.
struct ArgumentSpec {
    var name: String
    var isOptional = false
    var isRepeating = false
    var help: String

    var synopsis: String {
        let base = name + (isRepeating ? "..." : "")
        return isOptional ? "[\(base)]" : base
    }

    /// The list to read: a file, `-` or nothing for standard input.
    static let file = ArgumentSpec(
        name: "FILE", isOptional: true,
        help: "UTF-8 text, one entry per line: `name`, or `name<TAB>reading` (further columns are ignored); lines end at LF or CRLF (a lone CR stays in the name, with a warning); standard input when absent or -")
}

/// Everything a command line can set, typed, with the defaults filled in. Each subcommand
/// declares which of these settings it takes; the rest keep their defaults.
public struct CommandOptions: Equatable, Sendable {
    /// Where the locale came from, for messages about it.
    public enum LocaleSource: Equatable, Sendable {
        case option
        /// From this environment variable (`LC_ALL`, `LC_COLLATE`, `LANG`).
        case environment(String)
        case fallback
    }

    public var index = IndexSettings(locale: "en")
    public var localeSource = LocaleSource.fallback
    public var format = OutputFormat.text
    public var invalid = InputDecoding.InvalidPolicy.fail
    public var full = false
    public var sample = false
    public var mode = NameMatcher.Mode.prefix
    public var collation = Collator.Options()
    /// `keys --offset`: the position of the first entry in the whole list.
    public var offset: UInt32 = 0
    /// `keys --label`: a column with each entry's section label.
    public var label = false

    public init() {}
}

extension CommandOptions {
    /// `--locale`, as every subcommand but `check` takes it.
    static var locale: Setting<CommandOptions> {
        .value("locale", "ID", help: "BCP 47 tag or ICU id (default: LC_ALL, LC_COLLATE, LANG, else en)") {
            $0.index.locale = $1
            $0.localeSource = .option
        }
    }

    /// The index settings of `group`, `labels`, `search` and `keys`: the library's own list, so
    /// a fixture header and an option are one setting.
    static var index: [Setting<CommandOptions>] {
        [locale] + IndexSettings.settings.filter { $0.name != "locale" }.map { $0.lifted(\.index) }
    }

    static func index(_ name: String) -> Setting<CommandOptions> {
        IndexSettings.settings.first { $0.name == name }!.lifted(\.index)
    }

    static var invalid: Setting<CommandOptions> {
        .choice("invalid", InputDecoding.InvalidPolicy.self,
                help: "invalid UTF-8 in input: fail (exit 65, default) or replace with U+FFFD") { $0.invalid = $1 }
    }

    static var full: Setting<CommandOptions> {
        .flag("full", help: "show the full index: every letter of the alphabets present, also those of empty sections") { $0.full = $1 }
    }

    static var sample: Setting<CommandOptions> {
        .flag("sample", help: "use the built-in sample instead of FILE or standard input (refused with a FILE)") { $0.sample = $1 }
    }

    /// `--sample` with a FILE as well: one of them would be ignored, so neither is chosen.
    static func validateSample(_ invocation: Invocation, fileArgument: Int) throws(UsageError) {
        guard invocation.options.sample, invocation.arguments.count > fileArgument else { return }
        throw UsageError("'--sample' takes no FILE: it replaces the input, so '\(RawArguments.displayed(invocation.arguments[fileArgument]))' would be ignored; give one or the other",
                         subcommand: invocation.subcommand)
    }

    /// `--format`, allowing only what the command prints; another known format is refused
    /// naming the subcommands that print it.
    static func format(_ supported: [OutputFormat], for command: String) -> Setting<CommandOptions> {
        let spellings = supported.map(\.rawValue)
        return .value("format", spellings.joined(separator: "|"), help: "output format (default \(supported[0].rawValue))") {
            (options: inout CommandOptions, value: String) throws(SettingsError.Problem) in
            guard let format = OutputFormat(rawValue: value) else { throw .notOneOf(spellings) }
            guard supported.contains(format) else {
                let printers = Invocation.Subcommand.allCases.filter { $0.command.formats.contains(format) }.map { "'\($0.rawValue)'" }
                throw .other("'--format \(value)' is for \(printers.joined(separator: ", ")) only")
            }
            options.format = format
        }
    }
}

