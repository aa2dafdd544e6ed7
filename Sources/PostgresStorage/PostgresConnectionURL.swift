import Foundation
public import PostgresNIO

/// A PostgreSQL connection URL (`postgres://user:password@host:port/database?sslmode=…`), parsed
/// and checked before any connection is made, so a typo in a server's configuration fails at
/// start-up with a message naming the part that is wrong.
///
/// Accepted: the schemes `postgres` and `postgresql`; percent-encoded user, password, host and
/// database; a bracketed IPv6 host (`[::1]`); the port (default 5432); and the query parameters
/// `sslmode` (`disable`, `prefer` — the default, as with libpq —, `require`) and
/// `application_name`. Anything else is refused rather than ignored.
///
/// The password is a secret: it is in no error, and ``description`` (what string interpolation
/// and loggers show) is ``redacted``.
public struct PostgresConnectionURL: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// How the connection is encrypted (libpq's `sslmode`, the values this client supports).
    public enum SSLMode: String, Hashable, Sendable, CaseIterable {
        /// Plain TCP (a server on the same host or a private network).
        case disable
        /// TLS if the server offers it, else plain TCP.
        case prefer
        /// TLS or no connection; the server's certificate is verified.
        case require
    }

    public let username: String
    private let password: String?
    /// The host name or IP address (an IPv6 address without its brackets).
    public let host: String
    public let port: Int
    /// `nil` when the URL names none: the server then uses the user name.
    public let database: String?
    public let sslMode: SSLMode
    public let applicationName: String?

    /// Whether the URL carries a password (the password itself is only handed to the client).
    public var hasPassword: Bool { password != nil }

    /// Parses `text`.
    ///
    /// - Throws: ``PostgresConnectionURLError`` naming the part that is wrong, never its value.
    public init(_ text: String) throws(PostgresConnectionURLError) {
        var rest = Substring(text)
        guard let schemeEnd = rest.range(of: "://") else { throw .unsupportedScheme }
        guard ["postgres", "postgresql"].contains(rest[..<schemeEnd.lowerBound].lowercased()) else {
            throw .unsupportedScheme
        }
        rest = rest[schemeEnd.upperBound...]
        guard !rest.contains("#") else { throw .unexpectedFragment }

        var query: Substring = ""
        if let questionMark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: questionMark)...]
            rest = rest[..<questionMark]
        }
        var path: Substring?
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        // The last `@` ends the user information, so a password holding an unencoded `@` works.
        guard let at = rest.lastIndex(of: "@") else { throw .missingUsername }
        let userInfo = rest[..<at]
        let hostAndPort = rest[rest.index(after: at)...]

        let rawUser: Substring
        var rawPassword: Substring?
        if let colon = userInfo.firstIndex(of: ":") {
            rawUser = userInfo[..<colon]
            rawPassword = userInfo[userInfo.index(after: colon)...]
        } else {
            rawUser = userInfo
        }
        username = try Self.decode(rawUser, field: .username)
        guard !username.isEmpty else { throw .missingUsername }
        if let rawPassword {
            password = try Self.decode(rawPassword, field: .password)
        } else {
            password = nil
        }

        (host, port) = try Self.parseHostAndPort(hostAndPort)

        if let path, !path.isEmpty {
            guard !path.contains("/") else { throw .invalidDatabase }
            database = try Self.decode(path, field: .database)
        } else {
            database = nil
        }

        var sslMode = SSLMode.prefer
        var applicationName: String?
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0], field: .parameterName)
            let value = try Self.decode(
                parts.count > 1 ? parts[1] : "", field: .parameterValue(name: Self.supportedParameterNames.contains(name) ? name : nil))
            switch name {
            case "sslmode":
                guard let mode = SSLMode(rawValue: value) else { throw .unsupportedSSLMode }
                sslMode = mode
            case "application_name":
                applicationName = value
            default:
                throw .unsupportedParameter(name: Self.libpqParameterNames.contains(name) ? name : nil)
            }
        }
        self.sslMode = sslMode
        self.applicationName = applicationName
    }

    /// The client configuration: host, port, credentials, database and TLS as the URL says, and
    /// the application name as a start-up parameter. JIT compilation is off for every session:
    /// PostGIS's cost estimates make short index queries look expensive enough to compile, which
    /// costs milliseconds per query and saves nothing on the stores' small reads. Pool sizes and
    /// other options keep postgres-nio's defaults; change them on the result.
    public var configuration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch sslMode {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters.append(contentsOf: startupParameters)
        return configuration
    }

    /// The configuration of one connection of its own, outside a pool (e.g. one that `LISTEN`s):
    /// the same host, credentials, TLS and start-up parameters as ``configuration``.
    ///
    /// - Throws: NIOSSL's error when the TLS context cannot be made (only with TLS).
    public func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch sslMode {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.additionalStartupParameters.append(contentsOf: startupParameters)
        return configuration
    }

    /// JIT off, and the application name when the URL gives one (see ``configuration``).
    private var startupParameters: [(String, String)] {
        [("jit", "off")] + (applicationName.map { [("application_name", $0)] } ?? [])
    }

    /// The URL for logs: `postgres://user:***@host:5432/db?sslmode=…`, the password masked.
    public var redacted: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        var text = "postgres://\(username)\(hasPassword ? ":***" : "")@\(hostPart):\(port)"
        if let database { text += "/\(database)" }
        text += "?sslmode=\(sslMode.rawValue)"
        return text
    }

    public var description: String { redacted }

    /// Shows the parts a reader may see; the password only as whether there is one.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "username": username, "hasPassword": hasPassword, "host": host, "port": port, "database": database as Any,
                "sslMode": sslMode,
            ],
            displayStyle: .struct)
    }

    private static let supportedParameterNames: Set<String> = ["sslmode", "application_name"]

    /// Query parameters libpq knows (PostgreSQL docs, "Parameter Key Words") that this client
    /// does not support: an error may name these, and only these.
    private static let libpqParameterNames: Set<String> = [
        "host", "hostaddr", "port", "dbname", "user", "password", "passfile", "channel_binding", "connect_timeout",
        "client_encoding", "options", "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval",
        "keepalives_count", "tcp_user_timeout", "replication", "gssencmode", "sslcompression", "sslcert", "sslkey",
        "sslpassword", "sslcertmode", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer", "ssl_min_protocol_version",
        "ssl_max_protocol_version", "krbsrvname", "gsslib", "gssdelegation", "service", "target_session_attrs",
        "load_balance_hosts", "search_path",
    ]

    private static func parseHostAndPort(_ text: Substring) throws(PostgresConnectionURLError) -> (String, Int) {
        var hostText: Substring
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .invalidHost }
            hostText = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .invalidHost }
                portText = after.dropFirst()
            }
            guard !hostText.isEmpty, hostText.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw .invalidHost
            }
        } else {
            hostText = text
            if let colon = text.firstIndex(of: ":") {
                hostText = text[..<colon]
                portText = text[text.index(after: colon)...]
            }
        }
        let host = try decode(hostText, field: .host)
        guard !host.isEmpty else { throw .missingHost }
        guard host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"/?#@[]".unicodeScalars.contains($0) })
        else { throw .invalidHost }
        guard let portText else { return (host, 5432) }
        guard (1...5).contains(portText.count), portText.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(portText),
            (1...65_535).contains(port)
        else { throw .invalidPort }
        return (host, port)
    }

    /// Percent-decodes `text` (UTF-8), refusing a malformed escape or bytes that are not UTF-8.
    private static func decode(_ text: Substring, field: PostgresConnectionURLError.Field) throws(PostgresConnectionURLError)
        -> String
    {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw .invalidPercentEncoding(field)
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0), let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .invalidPercentEncoding(field)
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
