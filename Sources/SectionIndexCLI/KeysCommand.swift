extension CommandContext {
    /// `section-index keys [OPTIONS] [FILE]`.
    func runKeys() throws -> ExitCode { notYetImplemented() }
}
