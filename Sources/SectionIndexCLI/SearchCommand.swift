extension CommandContext {
    /// `section-index search [--locale L] [--mode prefix|substring] QUERY [FILE]`.
    func runSearch() throws -> ExitCode { notYetImplemented() }
}
