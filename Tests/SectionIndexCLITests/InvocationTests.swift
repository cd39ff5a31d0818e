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
        #expect(run.value("locale") == "sv")
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
        #expect(try Invocation.parse(["sort"], environment: environment).value("locale") == locale)
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
}
