import FlipcashCloud
import FlipcashCloudPostgres
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Logging
import ServiceLifecycle

/// Flipcash's gRPC services on their own port, as a service of the application: it prepares the
/// store (migrations on PostgreSQL), fetches the shared rate key, listens, logs
/// "app-server gRPC listening" with the bound address, and on graceful shutdown stops taking calls
/// and finishes those in flight.
struct FlipcashGRPCServer: Service {
    let store: any PaymentStore & LedgerStore & RendezvousStore
    let rates: any RateSource
    let configuration: FlipcashCloudConfiguration
    /// How a stored bill message reaches the app-server holding the bill's stream.
    let signal: any RendezvousSignal
    let host: String
    let port: Int
    let prepare: @Sendable () async throws -> Void
    let logger: Logger

    func run() async throws {
        try await prepare()
        let services = try await FlipcashServices.make(
            store: store, rates: rates, configuration: configuration, signal: signal, logger: logger)
        let transport = HTTP2ServerTransport.Posix(
            address: Self.address(host: host, port: port), transportSecurity: .plaintext,
            config: .defaults { $0.rpc.maxRequestPayloadSize = RequestSizeLimit.transportBytes })
        let server = GRPCServer(transport: transport, services: services.all, interceptors: [RequestSizeLimit()])
        do {
            try await withGracefulShutdownHandler {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask { try await server.serve() }
                    // When binding fails there is no address; serve() then throws why, and the
                    // group rethrows it.
                    if let address = try? await transport.listeningAddress {
                        logger.notice("app-server gRPC listening", metadata: ["address": "\(address)"])
                    }
                }
            } onGracefulShutdown: {
                server.beginGracefulShutdown()
            }
        } catch is CancellationError {
            return
        } catch {
            throw FlipcashServerError.cannotServe(host: host, port: port, reason: String(describing: error))
        }
    }

    /// The socket address for `--host`: an IPv6 literal, or IPv4 (`localhost` is 127.0.0.1).
    static func address(host: String, port: Int) -> GRPCNIOTransportCore.SocketAddress {
        if host == "localhost" { return .ipv4(host: "127.0.0.1", port: port) }
        return host.contains(":") ? .ipv6(host: host, port: port) : .ipv4(host: host, port: port)
    }
}

/// Flipcash's upkeep, every `interval`: returns unclaimed cash links to their senders once their
/// seven days are up (in batches, until none is due), and deletes bills' rendezvous messages
/// older than 15 minutes. Safe with many app-servers: each return is decided in the database
/// under the link's lock, and its transfer id is derived from the link, so it happens once.
/// Every `booksInterval` it also checks the books (per mint Σ debits = Σ credits, no overdraft,
/// each account's sums equal to its transfers, each cash link holding what its state says) and
/// logs a critical line if they do not balance: every transfer balances by construction, so this
/// catches what no single transaction can see (a bug, a hand edit of the database).
struct FlipcashHousekeeping: Service {
    static let batchSize = 200

    let store: any PaymentStore & LedgerStore & RendezvousStore
    let now: @Sendable () -> Date
    /// Opens when the store is migrated; nothing runs before.
    let ready: ReadinessGate
    var interval: Duration = .seconds(30)
    var booksInterval: Duration = .seconds(600)
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown { await ready.wait() }
        let clock = ContinuousClock()
        var nextBooksCheck = clock.now
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            await returnDueLinks()
            await purgeRendezvous()
            if clock.now >= nextBooksCheck {
                await checkBooks()
                nextBooksCheck = clock.now + booksInterval
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// Checks the store's invariants; a broken one is logged as critical, naming it.
    func checkBooks() async {
        do {
            try await store.checkInvariants()
        } catch is CancellationError {
            return
        } catch let error as LedgerError {
            logger.critical("flipcash books do not balance", metadata: ["invariant": "\(error.errorDescription ?? "unknown")"])
        } catch {
            logger.error("flipcash books check failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
        }
    }

    /// Deletes rendezvous past their lifetime; a failure is logged and left for the next round.
    func purgeRendezvous() async {
        do {
            _ = try await store.purgeRendezvous(at: now())
        } catch {
            logger.error("flipcash rendezvous purge failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
        }
    }

    /// Returns every link due now; a failure is logged and left for the next round.
    func returnDueLinks() async {
        do {
            var returned = 0
            while true {
                let batch = try await store.returnExpiredGiftCards(at: now(), limit: Self.batchSize)
                returned += batch.count
                if batch.count < Self.batchSize { break }
            }
            if returned > 0 { logger.info("flipcash cash links returned", metadata: ["count": "\(returned)"]) }
        } catch {
            logger.error("flipcash cash link returns failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
        }
    }
}

/// The PostgreSQL listener that wakes this app-server's bill streams when another app-server
/// stores a message for them, as a service of the application.
struct RendezvousListener: Service {
    let signal: PostgresRendezvousSignal

    func run() async throws {
        do {
            // It reconnects by itself until cancelled: the application's shutdown is its only end.
            try await cancelWhenGracefulShutdown { try await signal.run() }
        } catch is CancellationError {
            return
        }
    }
}

/// Why Flipcash's gRPC server stopped app-server.
enum FlipcashServerError: LocalizedError {
    case cannotServe(host: String, port: Int, reason: String)

    var errorDescription: String? {
        switch self {
        case .cannotServe(let host, let port, let reason):
            "Flipcash's gRPC services could not listen on \(host):\(port) (\(reason)); is another app-server using it? Choose one with --grpc-port."
        }
    }
}
