import KilroyAPI
import ServerKit

/// How Kilroy authenticates: ServerKit's ``BearerAuthentication`` for every operation but
/// `/health` and image downloads (image ids are content hashes a viewer learns from a kilroy it
/// may see), the credential kept only as its ``DeviceDigest``.
enum DeviceAuthentication {
    static let realm = "kilroy"

    static let middleware = BearerAuthentication(
        realm: realm, anonymousOperations: [Operations.GetHealth.id, Operations.GetImage.id])

    /// The device of the current request.
    static func requireDevice() throws(ServerRejection) -> DeviceDigest {
        DeviceDigest(token: try BearerAuthentication.requireToken(realm: realm))
    }
}
