public import Foundation
public import Logging
public import PostgresNIO
public import PostgresStorage

/// The PostgreSQL server the tests may use: the one named by `TEST_POSTGRES_URL` (CI sets it;
/// PostGIS must be installed). Each test works in a fresh schema `test_<hex>` that is dropped
/// afterwards, so runs never see each other's rows and leave nothing behind.
public enum PostgresTestDatabase {
    /// The environment variable naming the server.
    public static let urlVariable = "TEST_POSTGRES_URL"

    /// The one line a skipped PostgreSQL suite shows.
    public static let skipLine =
        "PostgreSQL tests skipped: set TEST_POSTGRES_URL=postgres://user:pass@127.0.0.1:5432/db (with PostGIS) to run them"

    /// Whether `TEST_POSTGRES_URL` is set (to anything but the empty string).
    public static var isConfigured: Bool {
        !(ProcessInfo.processInfo.environment[urlVariable] ?? "").isEmpty
    }

    /// The parsed `TEST_POSTGRES_URL`.
    ///
    /// - Throws: `PostgresConnectionURLError` for a malformed URL, or ``NotConfigured`` when unset.
    public static func url() throws -> PostgresConnectionURL {
        guard let text = ProcessInfo.processInfo.environment[urlVariable], !text.isEmpty else { throw NotConfigured() }
        return try PostgresConnectionURL(text)
    }

    /// Thrown when a test needs the server but `TEST_POSTGRES_URL` is not set.
    public struct NotConfigured: Error, LocalizedError {
        public var errorDescription: String? { skipLine }
    }

    /// A logger that drops everything (postgres-nio is chatty at debug level).
    public static let quietLogger = Logger(label: "postgres-tests", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs `body` with a running client of the test server whose `search_path` is
    /// `schema, public` (when given), then shuts the client down. A separate call makes a
    /// separate pool: two of them act like two app-servers.
    public static func withClient<Result: Sendable>(
        schema: PostgresSchemaName? = nil,
        maximumConnections: Int = 8,
        _ body: (PostgresClient) async throws -> Result
    ) async throws -> Result {
        var configuration = try url().configuration
        configuration.options.maximumConnections = maximumConnections
        if let schema {
            configuration.options.additionalStartupParameters.append(("search_path", "\(schema.rawValue), public"))
        }
        let client = PostgresClient(configuration: configuration, backgroundLogger: quietLogger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            // The pool only serves queries while `run()` runs; cancelling it shuts the pool down.
            group.addTask { await client.run() }
            do {
                let result = try await body(client)
                group.cancelAll()
                return result
            } catch {
                group.cancelAll()
                throw error
            }
        }
    }

    /// A fresh schema `test_<16 hex digits>` for `body`'s client (created empty, in its
    /// `search_path`), dropped with everything in it afterwards, also when `body` throws.
    public static func withTestDatabase<Result: Sendable>(
        maximumConnections: Int = 8,
        _ body: (PostgresClient, PostgresSchemaName) async throws -> Result
    ) async throws -> Result {
        let schema = try PostgresSchemaName("test_" + String(UInt64.random(in: .min ... .max), radix: 16))
        // At most a few test databases at once: swift-testing runs every suite in parallel, and
        // each database's pools (two for the tests that play two app-servers) would otherwise
        // take the server past its connection limit (PostgreSQL's default is 100).
        await TestDatabaseGate.shared.enter()
        do {
            let result = try await withClient(schema: schema, maximumConnections: maximumConnections) { client in
                try await client.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema.quoted)"), logger: quietLogger)
                let result: Result
                do {
                    result = try await body(client, schema)
                } catch {
                    try? await drop(schema, client: client)
                    throw error
                }
                try await drop(schema, client: client)
                return result
            }
            await TestDatabaseGate.shared.leave()
            return result
        } catch {
            await TestDatabaseGate.shared.leave()
            throw error
        }
    }

    private static func drop(_ schema: PostgresSchemaName, client: PostgresClient) async throws {
        try await client.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema.quoted) CASCADE"), logger: quietLogger)
    }
}

/// Lets at most `limit` test databases be open at once; the others wait their turn.
actor TestDatabaseGate {
    static let shared = TestDatabaseGate(limit: 4)

    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        available = limit
    }

    func enter() async {
        if available > 0 {
            available -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            available += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
