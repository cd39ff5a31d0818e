/// Help texts: printed to stdout with exit 0 for `--help`.
enum Help {
    static var usageLines: String {
        Invocation.Subcommand.allCases.map(\.synopsis).joined(separator: "\n       ")
    }

    static func text(for subcommand: Invocation.Subcommand) -> String {
        var text = """
        section-index: locale-correct sections, side index, sorting and search for lists of names.

        usage: \(subcommand == .group ? usageLines : subcommand.synopsis)

        Input is UTF-8 text, one entry per line: `name`, or `name<TAB>reading` (further columns
        are ignored), from FILE or standard input.

        options:

        """
        for option in subcommand.options {
            var left = "  --\(option.name)"
            if let values = option.values {
                left += values.isEmpty ? " VALUE" : " " + values.joined(separator: "|")
            }
            text += left.padding(toLength: 40) + option.help + "\n"
        }
        text += "  --help".padding(toLength: 40) + "this help\n"
        text += """

        exit codes: 0 success, 1 check failures, 64 usage error or bad locale, 65 invalid input
        text, 66 FILE not found, 70 ICU failure.

        """
        return text
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
