import GRDB

/// The database as the services use it: every failure that is not already a `RememberError`
/// comes out as `.storeFailed` with SQLite's own message, so callers handle one error type.
struct PeopleDatabase: Sendable {
    let writer: any DatabaseWriter

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    /// A write that opens its own transaction(s), for work that must happen just before the
    /// commit (moving files into place) and be undone if the commit fails.
    func writeWithoutTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.writeWithoutTransaction(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    private static func mapped(_ error: any Error) -> RememberError {
        switch error {
        case let error as RememberError: error
        case let error as DatabaseError: .storeFailed(reason: error.message ?? error.description)
        default: .storeFailed(reason: error.localizedDescription)
        }
    }
}
