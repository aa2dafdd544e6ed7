import GRDB

/// The database as repositories use it: every failure that is not already an `UmiLogError`
/// comes out as `.storeFailed` with SQLite's own message, so callers handle one error type.
struct UmiLogDatabase: Sendable {
    let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(UmiLogError) -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(UmiLogError) -> T {
        do {
            return try await writer.write(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    private static func mapped(_ error: any Error) -> UmiLogError {
        switch error {
        case let error as UmiLogError: error
        case let error as DatabaseError: .storeFailed(reason: error.message ?? error.description)
        default: .storeFailed(reason: error.localizedDescription)
        }
    }
}
