/// The sync server's tables in PostgreSQL (schema `umilog`). Filled in by `PostgresSyncStore`.
enum PostgresSyncSchema {
    static let name = "umilog"
}
