import SectionIndex

/// `--format html`: one self-contained page showing the list as a phone's contacts list.
enum HTMLPreview {
    static func page(sections: [Section<InputEntry>], labels: [String], localeTag: String, full: Bool) -> String {
        "<!doctype html><meta charset=utf-8><title>SectionIndex</title><p>HTML preview is not yet implemented.</p>\n"
    }
}
