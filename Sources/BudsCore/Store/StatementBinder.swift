import Foundation
import GRDB
import GRDBSQLite

/// Binds a cached statement's parameters one after another straight through SQLite, then runs
/// it: the ledger's inserts, which run several times per receipt.
///
/// GRDB's `StatementArguments` turn every value into a `DatabaseValue` through a key path and
/// every string into a fresh C string; in a batch that was a quarter of the writer's time. The
/// values are bound exactly as GRDB binds them (text up to its first NUL, booleans as 0 or 1),
/// so what is stored does not change.
struct StatementBinder {
    private let statement: Statement
    private var index: CInt = 0

    /// Clears the statement's previous bindings. GRDB then takes the statement's arguments as
    /// set, so `execute()` runs with the values bound here.
    init(_ statement: Statement) {
        statement.setUncheckedArguments(StatementArguments())
        self.statement = statement
    }

    mutating func bind(_ value: String?) throws {
        index += 1
        guard let value else { return try check(sqlite3_bind_null(statement.sqliteStatement, index)) }
        try check(value.withCString { sqlite3_bind_text(statement.sqliteStatement, index, $0, -1, Self.transient) })
    }

    mutating func bind(_ value: Int64?) throws {
        index += 1
        guard let value else { return try check(sqlite3_bind_null(statement.sqliteStatement, index)) }
        try check(sqlite3_bind_int64(statement.sqliteStatement, index, value))
    }

    mutating func bind(_ value: Int) throws {
        try bind(Int64(value))
    }

    mutating func bind(_ value: Bool) throws {
        try bind(Int64(value ? 1 : 0))
    }

    mutating func bind(_ value: Double?) throws {
        index += 1
        guard let value else { return try check(sqlite3_bind_null(statement.sqliteStatement, index)) }
        try check(sqlite3_bind_double(statement.sqliteStatement, index, value))
    }

    mutating func bind(_ value: Data) throws {
        index += 1
        try check(
            value.withUnsafeBytes {
                sqlite3_bind_blob(statement.sqliteStatement, index, $0.baseAddress, CInt($0.count), Self.transient)
            })
    }

    /// Runs the statement, once every parameter has been bound.
    func execute() throws {
        guard index == sqlite3_bind_parameter_count(statement.sqliteStatement) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "bound \(index) parameters", sql: statement.sql)
        }
        try statement.execute()
    }

    /// SQLite copies the bytes before the bind call returns (the C macro `SQLITE_TRANSIENT`).
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }

    private func check(_ code: CInt) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot bind parameter \(index)", sql: statement.sql)
        }
    }
}
