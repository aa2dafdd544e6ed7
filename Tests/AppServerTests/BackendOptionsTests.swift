import ArgumentParser
import Foundation
import KilroyCloud
import PostgresStorage
import Testing
import UmiLogCloud

@testable import AppServer

@Suite("app-server --database and --blobs")
struct BackendOptionsTests {
    static func settings(_ arguments: [String], environment: [String: String] = [:]) throws -> ServerSettings {
        // The options alone: `serve` itself checks them against this process's environment.
        try ServerOptions.parse(arguments).settings(environment: environment)
    }

    /// The message a person sees for `arguments`' usage error.
    static func refusal(_ arguments: [String], environment: [String: String] = [:]) -> String? {
        do {
            _ = try settings(arguments, environment: environment)
            return nil
        } catch {
            return AppServerCommand.fullMessage(for: error)
        }
    }

    @Test("by default both live in --data: sqlite:<data> and file:<data>/blobs")
    func defaults() throws {
        let settings = try Self.settings(["--data", "/srv/app"])
        #expect(settings.database == .sqlite(directory: URL(fileURLWithPath: "/srv/app", isDirectory: true)))
        #expect(settings.blobs == .files(directory: URL(fileURLWithPath: "/srv/app/blobs", isDirectory: true)))
    }

    @Test("a PostgreSQL URL and an S3 bucket are read from the flags; the logs show neither password nor key")
    func scaleOut() throws {
        let environment = ["AWS_ACCESS_KEY_ID": "AKIDEXAMPLE", "AWS_SECRET_ACCESS_KEY": "s3-secret-value"]
        let settings = try Self.settings(
            [
                "--database", "postgres://app:pg-secret-value@db.internal:6543/kilroy", "--blobs",
                "s3://photos?endpoint=http://127.0.0.1:9000&region=us-east-1",
            ],
            environment: environment)
        guard case .postgres(let url) = settings.database else {
            Issue.record("not postgres: \(settings.database)")
            return
        }
        #expect(url.host == "db.internal")
        #expect(url.port == 6543)
        #expect(settings.blobs.backendName == "s3")
        for described in [settings.database.logDescription, settings.blobs.logDescription, "\(settings.database)", "\(settings.blobs)"] {
            #expect(!described.contains("pg-secret-value"))
            #expect(!described.contains("s3-secret-value"))
        }
    }

    @Test("DATABASE_URL and BLOB_STORE_URL are used without flags; a flag wins over its variable")
    func environmentVariables() throws {
        let environment = [
            "DATABASE_URL": "postgres://app@127.0.0.1:5432/app", "BLOB_STORE_URL": "file:/var/blobs",
        ]
        let fromEnvironment = try Self.settings([], environment: environment)
        #expect(fromEnvironment.database.backendName == "postgres")
        #expect(fromEnvironment.blobs == .files(directory: URL(fileURLWithPath: "/var/blobs", isDirectory: true)))
        let flagged = try Self.settings(["--database", "sqlite:/tmp/db"], environment: environment)
        #expect(flagged.database == .sqlite(directory: URL(fileURLWithPath: "/tmp/db", isDirectory: true)))
    }

    @Test(
        "a bad URL is a usage error naming the flag or variable, without the secret in it",
        arguments: [
            (["--database", "mysql://root:hunter2@db/app"], [String: String](), "--database"),
            (["--database", "sqlite:"], [:], "--database"),
            (["--database", "postgres://app:hunter2@db:notaport/app"], [:], "--database"),
            ([], ["DATABASE_URL": "postgres://app:hunter2@:5432/app"], "DATABASE_URL"),
            (["--blobs", "ftp://hunter2@files"], [:], "--blobs"),
            (["--blobs", "s3://photos?endpoint=http://127.0.0.1:9000"], [:], "AWS_ACCESS_KEY_ID"),
            ([], ["BLOB_STORE_URL": "s3://?endpoint=http://127.0.0.1:9000", "AWS_SECRET_ACCESS_KEY": "hunter2"], "BLOB_STORE_URL"),
        ]
    )
    func badURLs(arguments: [String], environment: [String: String], mentions: String) throws {
        let message = try #require(Self.refusal(arguments, environment: environment))
        #expect(message.contains(mentions), "\(message)")
        #expect(!message.contains("hunter2"), "\(message)")
    }

    @Test("--rate-limits off lifts the per-device limits (for load tests); anything but on or off is refused")
    func rateLimitsFlag() throws {
        #expect(try Self.settings([]).kilroy.dropRateLimit != nil)
        let lifted = try Self.settings(["--rate-limits", "off"]).kilroy
        #expect(lifted.dropRateLimit == nil && lifted.uploadRateLimit == nil && lifted.reportRateLimit == nil && lifted.claimRateLimit == nil)
        #expect(lifted.uploadQuota != nil)
        #expect(try Self.settings([]).umilog.rateLimits == UmiLogSyncConfiguration.RateLimits())
        #expect(try Self.settings(["--rate-limits", "off"]).umilog.rateLimits == .none)
        #expect(Self.refusal(["--rate-limits", "sometimes"])?.contains("--rate-limits") == true)
    }

    @Test("--kilroy-kept-records sizes the near answers' kept records; out of range is refused")
    func keptRecordsFlag() throws {
        #expect(try Self.settings([]).kilroyKeptRecords == SQLiteKilroyStore.defaultRecentRecords)
        #expect(try Self.settings(["--kilroy-kept-records", "0"]).kilroyKeptRecords == 0)
        #expect(try Self.settings(["--kilroy-kept-records", "50000"]).kilroyKeptRecords == 50_000)
        for bad in ["-1", "10000001"] {
            #expect(Self.refusal(["--kilroy-kept-records", bad])?.contains("--kilroy-kept-records") == true, "\(bad)")
        }
    }
}
