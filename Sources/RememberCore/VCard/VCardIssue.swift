/// A problem found while reading a vCard file, located by the physical line of the file (1-based) where it shows.
public struct VCardIssue: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the file, counting physical lines (before unfolding).
    public var line: Int
    /// What is wrong, in words a person can act on.
    public var reason: String
    /// The same problem as a value, for code that reacts to specific problems.
    public var error: VCardError

    public init(line: Int, error: VCardError) {
        self.line = line
        self.error = error
        self.reason = error.errorDescription ?? "The vCard could not be read."
    }

    public var description: String { "line \(line): \(reason)" }
}
