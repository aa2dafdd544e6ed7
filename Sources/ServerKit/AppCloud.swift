public import Hummingbird

/// One app's cloud as `app-server` mounts it: a name (its path prefix, `/<name>/v1`, and its key
/// in `/health`), its routes, and whether its backends answer. `app-server` loops over its clouds,
/// so adding a cloud never touches the router or the health report.
public protocol AppCloud: Sendable {
    /// The app's name, e.g. `kilroy`.
    var name: String { get }

    /// Adds the cloud's routes (and its middleware) to `router`.
    func register(on router: Router<BasicRequestContext>) throws

    /// Whether the cloud's store and blobs answer now, for `/health`.
    func isHealthy() async -> Bool
}
