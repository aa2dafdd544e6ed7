import BudsCloud
import FlipcashCloud
import Foundation
import KilroyCloud
import Logging
import ServerKit
import UmiLogCloud

/// Everything `app-server` is started with, parsed and checked.
struct ServerSettings: Sendable {
    var host: String
    var port: Int
    /// The default home of the database (`sqlite:<data>`) and the blobs (`file:<data>/blobs`).
    var dataDirectory: URL
    var reciprocity: ReciprocityPolicy
    var logLevel: Logger.Level
    /// Where the clouds' stores live.
    var database: DatabaseLocation
    /// What named ``database``, for errors about it: `--database` or `DATABASE_URL`.
    var databaseSource = "--database"
    /// Where the clouds' blobs live.
    var blobs: BlobLocation
    /// How long a connection may sit idle, how long a request may take to arrive, and how many
    /// connections may be open: slow, idle and abandoned connections otherwise hold a file
    /// descriptor and memory forever.
    var limits = HTTPServerLimits()
    /// Kilroy's configuration apart from reciprocity (limits, clock); tests change it.
    var kilroy = KilroyCloudConfiguration()
    /// How many recently returned kilroys the embedded store keeps in memory for near answers.
    var kilroyKeptRecords = SQLiteKilroyStore.defaultRecentRecords
    /// The port Flipcash's gRPC services listen on, beside HTTP (0 picks a free one).
    var grpcPort = 0
    /// Flipcash's services: rate limits and clock.
    var flipcash = FlipcashCloudConfiguration()
    /// Flipcash's payment rules: limits, and whether the development faucet runs.
    var flipcashPayments = PaymentSettings()
    /// The exchange rates file (`nil`: the development rates).
    var ratesFile: URL?
    /// The Buds relay's key (phone digests, code MACs, rate-limit keys): from `BUDS_RELAY_KEY`,
    /// else `<data>/buds-relay.key`, made on first start (``BudsRelayKey``).
    var budsRelayKey: BudsRelayKey = .file
    /// Where the development relay writes sign-in codes (`--buds-sms-outbox`, default
    /// `<data>/sms-outbox`); a production relay puts its SMS gateway here.
    var budsSMSOutbox: URL?
    /// Whether the relay's rate limits are lifted (`--rate-limits off`, for load tests).
    var budsRateLimitsLifted = false
    /// The UmiLog sync server's clock, limits and rate limits.
    var umilog = UmiLogSyncConfiguration()

    /// Settings with the stores and blobs in `dataDirectory` unless `database` or `blobs` say otherwise.
    init(
        host: String, port: Int, dataDirectory: URL, reciprocity: ReciprocityPolicy, logLevel: Logger.Level,
        database: DatabaseLocation? = nil, blobs: BlobLocation? = nil
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.reciprocity = reciprocity
        self.logLevel = logLevel
        self.database = database ?? .sqlite(directory: dataDirectory)
        self.blobs = blobs ?? .files(directory: dataDirectory.appendingPathComponent("blobs", isDirectory: true))
    }

    /// Where sign-in codes go.
    var smsOutbox: URL { budsSMSOutbox ?? dataDirectory.appendingPathComponent("sms-outbox", isDirectory: true) }

    var kilroyConfiguration: KilroyCloudConfiguration {
        var configuration = kilroy
        configuration.reciprocity = reciprocity
        return configuration
    }
}
