/// The formats a subcommand can print; each subcommand declares which it supports, and its
/// help and `--format` accept exactly those.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// For people: what each subcommand's help describes.
    case text
    /// Tab-separated fields, one entry per line, for `cut`, `sort`, spreadsheets.
    case tsv
    /// One JSON array, written by ``JSONValue``.
    case json
    /// A self-contained HTML page (``HTMLPreview``).
    case html
}
