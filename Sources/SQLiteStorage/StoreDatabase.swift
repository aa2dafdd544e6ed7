import Foundation
public import GRDB

/// An app's error type, as ``StoreDatabase`` needs it: a way to say "the store failed" with
/// SQLite's own message.
public protocol StoreFailure: Error {
    /// The error for a failure of the database itself (disk full, locked, corrupt), not of the
    /// app's rules, which the app's code throws as its own cases.
    static func storeFailed(reason: String) -> Self
}

/// The database as an app's repositories and services use it: every failure that is not already
/// the app's `Failure` comes out as `Failure.storeFailed` with SQLite's message, so callers
/// handle one error type and never see GRDB's.
public struct StoreDatabase<Failure: StoreFailure>: Sendable {
    public let writer: any DatabaseWriter

    public init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(Failure) -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(Failure) -> T {
        do {
            return try await writer.write(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    /// A write that opens its own transaction(s), for work that must happen just before the
    /// commit (moving files into place) and be undone if the commit fails.
    public func writeWithoutTransaction<T: Sendable>(
        _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(Failure) -> T {
        do {
            return try await writer.writeWithoutTransaction(body)
        } catch {
            throw Self.mapped(error)
        }
    }

    static func mapped(_ error: any Error) -> Failure {
        switch error {
        case let error as Failure: error
        case let error as DatabaseError: .storeFailed(reason: error.message ?? error.description)
        default: .storeFailed(reason: error.localizedDescription)
        }
    }
}
