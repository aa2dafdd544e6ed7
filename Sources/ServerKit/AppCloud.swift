public import Hummingbird
import NIOConcurrencyHelpers

/// One app's cloud as `app-server` mounts it: a name (its path prefix, `/<name>/v1`, and its key
/// in `/health`), its routes, and the state of its backends. `app-server` loops over its clouds,
/// so adding a cloud never touches the router or the health report.
public protocol AppCloud: Sendable {
    /// The app's name, e.g. `kilroy`.
    var name: String { get }

    /// Adds the cloud's routes (and its middleware) to `router`.
    func register(on router: Router<BasicRequestContext>) throws

    /// Whether each backend (its store, its blobs) answers now, for `/health`.
    func health() async -> CloudHealth
}

/// Whether one backend of a cloud answers, and which kind it is (never where it is: a path or a
/// URL could carry a secret).
public struct BackendHealth: Codable, Hashable, Sendable {
    /// The kind of backend: `sqlite` or `postgres` for a store, `file` or `s3` for blobs.
    public var backend: String
    public var isAvailable: Bool

    public init(backend: String, isAvailable: Bool) {
        self.backend = backend
        self.isAvailable = isAvailable
    }

    /// The check of a backend: available when `check` returns (within `timeout`, if given),
    /// unavailable when it throws or takes longer. Give network backends a bound: a database that
    /// stops answering would otherwise hold `/health` for its client's connect timeout, and a load
    /// balancer's health check would time out instead of reading a 503 that names the backend.
    public static func checking(
        _ backend: String, timeout: Duration? = nil, _ check: @escaping @Sendable () async throws -> Void
    ) async -> BackendHealth {
        guard let timeout else {
            do {
                try await check()
                return BackendHealth(backend: backend, isAvailable: true)
            } catch {
                return BackendHealth(backend: backend, isAvailable: false)
            }
        }
        let pending = NIOLockedValueBox<CheckedContinuation<Bool, Never>?>(nil)
        let available = await withCheckedContinuation { continuation in
            pending.withLockedValue { $0 = continuation }
            // Whichever ends first answers; the other finds the continuation gone.
            let finish: @Sendable (Bool) -> Void = { result in
                pending.withLockedValue { waiting in
                    waiting?.resume(returning: result)
                    waiting = nil
                }
            }
            let work = Task {
                do {
                    try await check()
                    finish(true)
                } catch {
                    finish(false)
                }
            }
            Task {
                try? await Task.sleep(for: timeout)
                finish(false)
                work.cancel()
            }
        }
        return BackendHealth(backend: backend, isAvailable: available)
    }

    /// How long a check of a backend across the network (`postgres`, `s3`) may take before it
    /// counts as down.
    public static let networkTimeout: Duration = .seconds(2)

    /// The check of one of a cloud's backends by its kind: bounded by ``networkTimeout`` across
    /// the network, unbounded for a local backend (a SQLite file, a folder), which cannot hang on
    /// a network and which a busy machine must not report down.
    public static func checkingBackend(_ backend: String, _ check: @escaping @Sendable () async throws -> Void) async -> BackendHealth {
        let isLocal = backend == "sqlite" || backend == "file"
        return await checking(backend, timeout: isLocal ? nil : networkTimeout, check)
    }

    enum CodingKeys: String, CodingKey {
        case backend
        case isAvailable = "available"
    }
}

/// A cloud's backends as `/health` reports them.
public struct CloudHealth: Codable, Hashable, Sendable {
    public var store: BackendHealth
    public var blobs: BackendHealth

    public init(store: BackendHealth, blobs: BackendHealth) {
        self.store = store
        self.blobs = blobs
    }

    /// Whether every backend answers.
    public var isAvailable: Bool { store.isAvailable && blobs.isAvailable }
}
