import Collation

/// Help texts, generated from each command's declarations: printed to stdout with exit 0
/// for `--help`.
enum Help {
    static var usageLines: String {
        Invocation.Subcommand.allCases.map { $0.command.synopsis }.joined(separator: "\n       ")
    }

    static let exitCodes = """
    exit codes: 0 success; 1 check found failures (a fixture line not UTF-8 is one); 64 usage error
    (also an option value or QUERY that is not UTF-8) or bad locale; 65 FILE or standard input is
    not valid UTF-8 text; 66 FILE or FIXTURE not found; 70 ICU failed; 71 out of memory for the
    input; 74 reading or writing failed (a directory, a symlink loop, a closed standard input or
    output, a full disk); 141 the reader of the output went away (a closed pipe, as `| head` does).
    """

    /// The whole tool: every subcommand's synopsis, then `group`'s options (the default).
    static var tool: String {
        var text = """
        section-index: locale-correct sections, side index, sorting and search for lists of names.

        usage: \(usageLines)
               section-index --sample              the built-in sample, grouped
               section-index help SUBCOMMAND       a subcommand's options
               section-index --version             the tool's, ICU's, CLDR's and Unicode's versions

        Start with `section-index --sample`: the built-in sample, grouped, wherever it runs.

        subcommands:

        """
        for subcommand in Invocation.Subcommand.allCases {
            text += "  " + subcommand.rawValue.padding(toLength: 10) + subcommand.command.summary + "\n"
        }
        text += "\n" + body(for: GroupCommand.self)
        return text
    }

    static func text(for command: any Command.Type) -> String {
        """
        section-index \(command.name): \(command.summary)

        usage: \(command.synopsis)


        """ + body(for: command)
    }

    private static func body(for command: any Command.Type) -> String {
        var text = ""
        if !command.arguments.isEmpty {
            text += "arguments:\n"
            for argument in command.arguments {
                text += column("  " + argument.name, argument.help)
            }
            text += "\n"
        }
        text += "options:\n"
        for option in command.allOptions {
            var left = "  --\(option.name)"
            switch option.kind {
            case .flag: break
            case .value(let placeholder): left += " " + placeholder
            case .choice(let values): left += " " + values.joined(separator: "|")
            }
            text += column(left, option.help)
        }
        text += column("  --help", "this help")
        text += "\n"
        if !command.notes.isEmpty { text += command.notes + "\n\n" }
        return text + exitCodes + "\n"
    }

    /// `left` then `right` from column 34, wrapped at 100 columns; a long `left` puts
    /// `right` on the next line.
    static func column(_ left: String, _ right: String) -> String {
        let indent = 34, width = 100
        var lines: [String] = []
        var current = ""
        for word in right.split(separator: " ") {
            if !current.isEmpty, indent + current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        lines.append(current)
        let pad = String(repeating: " ", count: indent)
        var text = left.count < indent ? left.padding(toLength: indent) + lines[0] + "\n" : left + "\n" + pad + lines[0] + "\n"
        for line in lines.dropFirst() { text += pad + line + "\n" }
        return text
    }

    /// `--version`: the versions a key or a label depends on.
    static var version: String {
        """
        section-index \(Tool.version)
        ICU \(ICUVersions.icu), CLDR \(ICUVersions.cldr), Unicode \(ICUVersions.unicode)

        """
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
