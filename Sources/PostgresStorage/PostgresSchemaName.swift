public import Foundation

/// The PostgreSQL schema (namespace) one store keeps its tables in, so several clouds (Kilroy,
/// Flipcash, …) and test runs can share one database without their tables meeting.
///
/// Stores qualify every table name with it (``qualified(_:)``) rather than relying on the
/// connection's `search_path`: one `PostgresClient` can then serve stores in different schemas.
/// Extensions such as PostGIS stay wherever they are installed (usually `public`), found through
/// the connection's `search_path` as usual.
///
/// Only plain lower-case identifiers are accepted (`[a-z_][a-z0-9_]*`, at most 63 bytes, not
/// starting with `pg_`), so a name can be spliced into SQL without any quoting ambiguity.
public struct PostgresSchemaName: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// - Throws: ``PostgresSchemaNameError`` if `name` is not a plain lower-case identifier.
    public init(_ name: String) throws(PostgresSchemaNameError) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else { throw .empty }
        guard bytes.count <= 63 else { throw .tooLong }
        let isLetter = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_") }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard isLetter(first), bytes.allSatisfy({ isLetter($0) || isDigit($0) }) else { throw .invalidCharacters }
        guard !name.hasPrefix("pg_") else { throw .reserved }
        rawValue = name
    }

    /// The name in double quotes, ready for SQL.
    public var quoted: String { "\"\(rawValue)\"" }

    /// `"schema"."table"` for SQL; `table` must itself be a constant identifier.
    public func qualified(_ table: String) -> String { "\(quoted).\"\(table)\"" }

    /// The key of the transaction-scoped advisory lock that serialises work on this schema
    /// named by `purpose` (e.g. migrations): 64 bits of FNV-1a over both, the same in every
    /// process and release.
    public func advisoryLockKey(_ purpose: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("postgres-storage\u{0}\(purpose)\u{0}\(rawValue)".utf8) {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: hash)
    }

    public var description: String { rawValue }
}

/// Why a schema name was refused.
public enum PostgresSchemaNameError: Error, Hashable, Sendable {
    case empty
    case tooLong
    case invalidCharacters
    case reserved
}

extension PostgresSchemaNameError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .empty: "The PostgreSQL schema name is empty."
        case .tooLong: "The PostgreSQL schema name is longer than 63 bytes."
        case .invalidCharacters:
            "The PostgreSQL schema name must start with a lower-case letter or _ and hold only lower-case letters, digits and _."
        case .reserved: "The PostgreSQL schema name must not start with pg_ (reserved for the system)."
        }
    }
}
