public import Foundation

/// Why a PostgreSQL connection URL was refused. The messages name the part of the URL that is
/// wrong and never repeat any of its text: a mangled URL can put the password where the host or
/// port should be, and errors end up in logs.
public enum PostgresConnectionURLError: Error, Hashable, Sendable {
    /// A part of the URL whose text the error refers to.
    public enum Field: Hashable, Sendable, CustomStringConvertible {
        case username
        case password
        case host
        case database
        case parameterName
        /// The value of the parameter `name`, when that is `sslmode` or `application_name`.
        case parameterValue(name: String?)

        public var description: String {
            switch self {
            case .username: "user name"
            case .password: "password"
            case .host: "host"
            case .database: "database name"
            case .parameterName: "name of a query parameter"
            case .parameterValue(let name?): "value of the query parameter \(name)"
            case .parameterValue(nil): "value of a query parameter"
            }
        }
    }

    case unsupportedScheme
    case unexpectedFragment
    case missingUsername
    case missingHost
    case invalidHost
    case invalidPort
    case invalidDatabase
    case invalidPercentEncoding(Field)
    case unsupportedSSLMode
    /// `name` is libpq's name of the parameter when it is one libpq knows, else `nil`: text
    /// after a `?` may be the tail of a password with an unencoded `?`, so only known names
    /// are repeated.
    case unsupportedParameter(name: String?)
}

extension PostgresConnectionURLError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unsupportedScheme:
            "The database URL must start with postgres:// or postgresql://."
        case .unexpectedFragment:
            "The database URL must not contain a fragment (#…); percent-encode a # in the password as %23."
        case .missingUsername:
            "The database URL names no user: write postgres://user:password@host:5432/database."
        case .missingHost:
            "The database URL names no host: write postgres://user:password@host:5432/database."
        case .invalidHost:
            "The host of the database URL is not a valid host name or address (write an IPv6 address in brackets)."
        case .invalidPort:
            "The port of the database URL must be a number from 1 to 65535."
        case .invalidDatabase:
            "The database name of the database URL must be one path segment (percent-encode a / as %2F)."
        case .invalidPercentEncoding(let field):
            "The \(field) of the database URL has a malformed percent-escape or is not UTF-8."
        case .unsupportedSSLMode:
            "The sslmode of the database URL must be disable, prefer or require."
        case .unsupportedParameter(let name?):
            "The database URL has the query parameter \(name), which is not supported (only sslmode and application_name are)."
        case .unsupportedParameter(nil):
            "The database URL has an unknown query parameter (only sslmode and application_name are supported; percent-encode a ? in the password as %3F)."
        }
    }
}
