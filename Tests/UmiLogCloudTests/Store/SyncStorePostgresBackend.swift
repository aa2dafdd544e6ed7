/// Placeholder until the PostgreSQL store lands: the SQLite half of the contract runs alone.
enum PostgresSyncBackend {
    static func withTwoStores<Result: Sendable>(_ body: (SyncStoreUnderTest, SyncStoreUnderTest) async throws -> Result) async throws
        -> Result
    {
        throw Unavailable()
    }

    struct Unavailable: Error {}
}
