import ArgumentParser
import Foundation
import ObjectStorage
import PostgresStorage

/// Where the clouds keep their data (`--database`, `DATABASE_URL`): a folder of SQLite files on
/// this machine (the default), or one PostgreSQL database that many app-servers share, each
/// cloud in its own schema.
enum DatabaseLocation: Equatable, Sendable {
    /// `sqlite:DIR`: each cloud keeps `DIR/<app>.sqlite`.
    case sqlite(directory: URL)
    /// `postgres://user:password@host:port/database`.
    case postgres(PostgresConnectionURL)

    /// Reads `--database`'s value; `source` names where it came from (the flag or the variable)
    /// in the error, which never repeats a password.
    init(parsing text: String, source: String) throws {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty, !path.hasPrefix("//") else {
                throw ValidationError("\(source) must be sqlite:DIR (a folder for the SQLite files) or postgres://user@host:port/db.")
            }
            self = .sqlite(directory: URL(fileURLWithPath: path, isDirectory: true))
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            do {
                self = .postgres(try PostgresConnectionURL(text))
            } catch {
                throw ValidationError("\(source): \(error.errorDescription ?? "not a PostgreSQL URL").")
            }
        } else {
            throw ValidationError(
                "\(source) must start with sqlite: (a folder, e.g. sqlite:.data) or postgres:// (e.g. postgres://app@127.0.0.1:5432/app).")
        }
    }

    /// The kind of database, for logs and `/health`.
    var backendName: String {
        switch self {
        case .sqlite: "sqlite"
        case .postgres: "postgres"
        }
    }

    /// What the start-up log says: the folder, or the URL without its password.
    var logDescription: String {
        switch self {
        case .sqlite(let directory): "sqlite:\(directory.path)"
        case .postgres(let url): url.redacted
        }
    }
}

/// Where the clouds keep blobs (`--blobs`, `BLOB_STORE_URL`): a folder on this machine (the
/// default), or an S3-compatible bucket that many app-servers share, each cloud under its own
/// key prefix.
enum BlobLocation: Equatable, Sendable {
    /// `file:DIR`: each cloud keeps its blobs in `DIR/<app>/`.
    case files(directory: URL)
    /// `s3://bucket[/prefix]?endpoint=…&region=…`, with the keys from `AWS_ACCESS_KEY_ID` and
    /// `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN`).
    case s3(S3Location, S3Credentials)

    /// Reads `--blobs`' value, with the S3 keys from `environment`; `source` names the flag or
    /// variable in the error, which never repeats a key.
    init(parsing text: String, source: String, environment: [String: String]) throws {
        if text.hasPrefix("file:") {
            let path = String(text.dropFirst("file:".count))
            guard !path.isEmpty, !path.hasPrefix("//") else {
                throw ValidationError("\(source) must be file:DIR (a folder for the blobs) or s3://bucket?endpoint=…&region=….")
            }
            self = .files(directory: URL(fileURLWithPath: path, isDirectory: true))
        } else if text.hasPrefix("s3://") {
            let location: S3Location
            let credentials: S3Credentials
            do {
                location = try S3Location(parsing: text)
                credentials = try S3Credentials.fromEnvironment(environment)
            } catch {
                throw ValidationError("\(source): \(error.errorDescription ?? "not an S3 location").")
            }
            self = .s3(location, credentials)
        } else {
            throw ValidationError(
                "\(source) must start with file: (a folder, e.g. file:.data/blobs) or s3:// (e.g. s3://photos?endpoint=http://127.0.0.1:9000&region=us-east-1)."
            )
        }
    }

    /// The kind of blob store, for logs and `/health`.
    var backendName: String {
        switch self {
        case .files: "file"
        case .s3: "s3"
        }
    }

    /// What the start-up log says: the folder, or the bucket and endpoint (never a key).
    var logDescription: String {
        switch self {
        case .files(let directory): "file:\(directory.path)"
        case .s3(let location, _): location.description
        }
    }
}
