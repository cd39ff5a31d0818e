import Testing
@testable import SectionIndexCLI

/// The command-line contract (issues 2–5): subcommands, options, defaults and usage errors,
/// parsed without running anything.
@Suite("Invocation parsing")
struct InvocationTests {
    @Test("group is the default subcommand")
    func defaultSubcommand() throws {
        let run = try Invocation.parse(["--locale", "sv", "names.txt"], environment: [:])
        #expect(run.subcommand == .group)
        #expect(run.options.index.locale == "sv")
        #expect(run.arguments == ["names.txt"])
    }

    @Test("Subcommands and their arguments", arguments: [
        (["labels", "--locale=ja"], Invocation.Subcommand.labels, [String]()),
        (["sort", "--numeric", "off", "-"], .sort, ["-"]),
        (["search", "tanaka", "list.txt"], .search, ["tanaka", "list.txt"]),
        (["check", "a.fixture", "b.fixture"], .check, ["a.fixture", "b.fixture"]),
        (["group", "--", "--weird-file-name"], .group, ["--weird-file-name"]),
    ])
    func subcommands(arguments: [String], subcommand: Invocation.Subcommand, positional: [String]) throws {
        let run = try Invocation.parse(arguments, environment: [:])
        #expect(run.subcommand == subcommand)
        #expect(run.arguments == positional)
    }

    @Test("The locale comes from LC_ALL, LC_COLLATE, LANG, else en", arguments: [
        (["LC_ALL": "sv_SE.UTF-8", "LANG": "de_DE.UTF-8"], "sv_SE"),
        (["LC_COLLATE": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"], "ja_JP"),
        (["LANG": "de_DE.UTF-8@euro"], "de_DE"),
        (["LANG": "C"], "en"), (["LC_ALL": "POSIX"], "en"), (["LANG": "C.UTF-8"], "en"), ([:], "en"),
        (["LC_ALL": "", "LANG": "fr_FR"], "fr_FR"),
    ])
    func localeFromEnvironment(environment: [String: String], locale: String) throws {
        #expect(try Invocation.parse(["sort"], environment: environment).options.index.locale == locale)
    }

    @Test("Usage errors name what is wrong", arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["sort", "--numeric", "maybe"], "invalid value 'maybe' for '--numeric'"),
        (["sort", "--locale"], "option '--locale' needs a value"),
        (["search"], "needs a QUERY"),
        (["check"], "needs at least one FIXTURE"),
        (["sort", "a", "b"], "unexpected argument 'b'"),
        (["--locale", "sv", "--locale", "fi"], "conflicting values for '--locale'"),
        (["--style", "icu", "--han", "pinyin"], "'--han' applies to --style contacts"),
        (["--underflow", "<"], "'--underflow' applies to --style icu only"),
        (["--style", "icu", "--max-labels", "0"], "'--max-labels' needs a positive whole number"),
        (["sort", "--full"], "unknown option '--full' for 'sort'"),
        (["--full=yes"], "option '--full' takes no value"),
        (["labels", "--format", "html"], "'--format html' is for 'group' only"),
        (["labels", "--format", "tsv"], "'--format tsv' is for 'group', 'sort', 'search', 'keys' only"),
        (["--local", "sv"], "unknown option '--local' for 'group'; did you mean '--locale'?"),
        (["sort", "--strenght", "primary"], "did you mean '--strength'?"),
        (["grup", "names.txt"], "unknown subcommand 'grup'; did you mean 'group'?"),
        (["help", "srot"], "unknown subcommand 'srot'"),
        (["check", "--format", "json", "a.fixture"], "unknown option '--format' for 'check'"),
        (["sort", "--case-first", "lowerFirst"], "invalid value 'lowerFirst' for '--case-first': use one of off, lower, upper"),
        (["sort", "--strength", "4"], "invalid value '4' for '--strength': use one of primary, secondary, tertiary, quaternary, identical"),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            _ = try Invocation.parse(arguments, environment: [:])
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test("--help is accepted everywhere, even with other options")
    func help() throws {
        for subcommand in Invocation.Subcommand.allCases {
            let run = try Invocation.parse([subcommand.rawValue, "--help"], environment: [:])
            #expect(run.wantsHelp && run.subcommand == subcommand)
        }
        #expect(try Invocation.parse(["--help"], environment: [:]).wantsHelp)
    }

    @Test("Options arrive typed, from one declaration each")
    func typedOptions() throws {
        let sort = try Invocation.parse(["sort", "--strength", "primary", "--case-first", "upper", "--numeric", "off",
                                         "--ignore-punctuation", "--format", "json", "--invalid", "replace"], environment: [:])
        #expect(sort.options.collation.strength == .primary)
        #expect(sort.options.collation.caseFirst == .upperFirst)
        #expect(sort.options.collation.numeric == false)
        #expect(sort.options.collation.ignoresPunctuation == true)
        #expect(sort.options.format == .json && sort.options.invalid == .replace)
        let group = try Invocation.parse(["--style=icu", "--max-labels", "5", "--also", "ru, el", "--full", "--strict"], environment: [:])
        #expect(group.options.index.style == .icu && group.options.index.maximumLabelCount == 5)
        #expect(group.options.index.also == ["ru", "el"] && group.options.index.strict && group.options.full)
        let search = try Invocation.parse(["search", "--mode", "substring", "--han", "stroke", "ab"], environment: [:])
        #expect(search.options.mode == .substring && search.options.index.han == .stroke)
        #expect(search.options.localeSource == .fallback)
        let fromEnvironment = try Invocation.parse(["labels"], environment: ["LC_ALL": "de_DE.UTF-8"])
        #expect(fromEnvironment.options.localeSource == .environment("LC_ALL"))
        #expect(try Invocation.parse(["--sample"], environment: [:]).options.sample)
    }

    @Test("help SUBCOMMAND, --help after a subcommand, --help alone and --version", arguments: Invocation.Subcommand.allCases)
    func helpForms(subcommand: Invocation.Subcommand) throws {
        let byWord = try Invocation.parse(["help", subcommand.rawValue], environment: [:])
        #expect(byWord.wantsHelp && !byWord.wantsToolHelp && byWord.subcommand == subcommand)
        let byOption = try Invocation.parse([subcommand.rawValue, "--help"], environment: [:])
        #expect(byOption.wantsHelp && !byOption.wantsToolHelp)
        #expect(try Invocation.parse(["--help"], environment: [:]).wantsToolHelp)
        #expect(try Invocation.parse(["--version"], environment: [:]).wantsVersion)
    }
}
