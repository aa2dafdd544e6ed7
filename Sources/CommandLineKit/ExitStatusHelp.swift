extension CommandRunner {
    /// The line every root command's help ends with; the codes are the ones ``main(_:program:logLevelVariable:)``
    /// exits with.
    public static let exitStatusHelp =
        "Exit status: 0 on success, 1 on a failure (the reason is on stderr), 2 on a usage error."
}
