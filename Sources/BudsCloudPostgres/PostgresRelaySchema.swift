/// Where the Buds relay's tables live on PostgreSQL: a schema of their own, beside the other
/// clouds' in one database.
enum PostgresRelaySchema {
    static let defaultName = "buds"
}
