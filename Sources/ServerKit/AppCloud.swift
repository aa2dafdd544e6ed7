public import Hummingbird

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

    /// The check of a backend: available unless `check` throws.
    public static func checking(_ backend: String, _ check: () async throws -> Void) async -> BackendHealth {
        do {
            try await check()
            return BackendHealth(backend: backend, isAvailable: true)
        } catch {
            return BackendHealth(backend: backend, isAvailable: false)
        }
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
