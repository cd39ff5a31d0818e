import SectionIndex

/// `section-index search [OPTIONS] QUERY [FILE]`: the lines that match QUERY, as they were
/// read, in index order (the order `group` shows them). Finding nothing is success.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "the lines that match QUERY, in index order"
    static var arguments: [ArgumentSpec] {
        [ArgumentSpec(name: "QUERY", help: "what to find: letters of any word of the name or its reading, or of their Latin spelling"),
         .file]
    }
    static var options: [Setting<CommandOptions>] {
        CommandOptions.index.filter { $0.name != "max-labels" } + [
            .choice("mode", NameMatcher.Mode.self, help: "prefix of any word (default), substring anywhere, or t9 digits") { $0.mode = $1 },
            CommandOptions.sample, CommandOptions.invalid,
        ]
    }
    static let formats: [OutputFormat] = [.text, .tsv, .json]
    static let notes = """
    QUERY: words separated by spaces, each of which must match (in any order), at the primary
    strength of the locale's collation (case, width and accents the language ignores do not
    count). --mode prefix (default): a word of the name, its reading or a spelling starts with
    the query word (and may run on into the next words); substring: it occurs anywhere; t9: a
    word of digits is typed on a dial pad (2 abc … 9 wxyz) against the Latin words and their
    initials (5646 finds John Smith, 94264 finds 张伟 under zh), other words as in prefix.
    A word of only punctuation and symbols (`#`, `+`, `.`, `&`), or of characters collation
    ignores (a lone combining mark, a control character), matches names or readings that
    contain it as written, in any mode. Words are conditions, not counts: a word given again
    counts once (`a a a` finds Anna), so a QUERY longer than a line may still match it. An
    empty QUERY, or one of only white space, matches every entry. Time is linear in the input
    for any QUERY, and repeated words cost nothing more: each line is matched on its own and
    only the matches are sorted.

    What matches:
      letters without marks  a Latin letter typed without marks finds it with marks or a
                             stroke (nguyen Nguyễn under vi, lukasz Łukasz, sv asa Åsa and
                             Asa); typed with marks, only what the language counts as that
                             letter (sv åsa not Asa, es ñ not Nina); Turkish i and ı differ
      initials               of consecutive words, from any word (js John Smith, pj John
                             Paul Jones, xw 张小伟, ㅈㅅ 박지성)
      polyphonic characters  every reading in a Chinese given name (changchun, zcc 张长春);
                             surnames keep their surname reading
      keyboards              v for ü (lv 吕布); romaji in Hepburn, Kunrei and passport
                             spellings (sinji shinji 真司 しんじ; satou satoh sato さとう); a
                             Hangul syllable being typed (삭 finds 사과); Simplified and
                             Traditional Chinese (陈 finds 陳大文); zhuyin under zh-TW (ㄔ)
      romanisations          pinyin; romaji; Revised Romanization, usual surname spellings
                             and initial consonants for Hangul; Cyrillic by BGN/PCGN, ISO 9
                             and passport (ICAO) spellings (yuri, iurii Юрий), Ukrainian
                             rules under uk (halyna Галина), Russian otherwise; Greek UNGEGN;
                             a name written decomposed (и + U+0306) spelled as composed (й)
      symbols                do not hide a word (anna finds ⭐Anna)
      Japanese names         a name with a kana reading is not found by the pinyin or Korean
                             reading of its kanji

    formats: text, each matching line as it was read; tsv, label<TAB>the line; json, an array
    of {label, name, reading, index (0-based), line (1-based)}.

    Without FILE on a terminal, or with --sample, the built-in sample is searched.
    """

    static func validate(_ invocation: Invocation) throws(UsageError) {
        try CommandOptions.validateSample(invocation, fileArgument: 1)
    }

    static func run(_ context: CommandContext) throws -> ExitCode {
        let index = try context.makeIndex()
        let query = context.invocation.arguments[0]
        let table = try context.inputTableOrSample(argumentIndex: 1).table
        // Every line may match: room to group them all.
        try Memory.ensureAvailable(for: table, bytesPerLine: CommandContext.bytesPerGroupedLine, "searching \(table.count) lines")
        // Each line is matched on its own and only the matches are sorted: one query never
        // prepares the whole list (issue 15).
        let order = try NameMatcher(index: index).groupedMatches(of: query, in: table, mode: context.options.mode)
        let output = context.output
        switch context.options.format {
        case .tsv:
            // label<TAB>the line as read: the grouped TSV row.
            TSVWriter.grouped(order, table: table, to: output)
        case .json:
            JSONValue.writeArray(order.entries.lazy.map { position, section in
                .object([("label", .string(order.labels[section]))] + table.entry(position).jsonMembers)
            }, to: output)
        case .text, .html:
            // Each line as read, further columns included, as sort's text prints it.
            BlockWriter.write(count: order.entries.count, to: output) { rows, text in
                BlockWriter.appendLines(order.entries[rows].lazy.map(\.position), of: table, to: &text, wholeLines: true)
            }
        }
        return .success
    }
}
