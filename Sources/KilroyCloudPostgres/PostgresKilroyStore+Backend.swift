extension PostgresKilroyStore {
    public var backendName: String { "postgres" }
}
