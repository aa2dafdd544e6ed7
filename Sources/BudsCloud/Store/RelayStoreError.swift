/// What a relay store throws beyond the database's own errors.
public enum RelayStoreError: Error, Hashable, Sendable {
    /// A stored row holds a value no write of the store could have made (a damaged or hand-edited
    /// database); the store refuses it rather than guess.
    case corruptRow(table: String)
}
