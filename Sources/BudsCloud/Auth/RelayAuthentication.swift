import BudsAPI
import ServerKit

/// How the relay authenticates: ServerKit's ``BearerAuthentication`` for every operation but
/// the health check, the sign-in steps before the code is checked (no device exists yet), and
/// the new device's side of a link channel (its token is the secret). The credential is kept
/// only as its ``CredentialDigest``.
///
/// Whether the credential is a registered device is each operation's question: checking the code
/// and registering a linked device take one that is not registered yet.
enum RelayAuthentication {
    static let realm = "buds"

    static let middleware = BearerAuthentication(
        realm: realm,
        anonymousOperations: [
            Operations.GetHealth.id, Operations.StartSignIn.id, Operations.ResendSignInCode.id, Operations.OpenLink.id,
            Operations.TakeLink.id,
        ])

    /// The credential of the current request.
    static func requireCredential() throws(ServerRejection) -> CredentialDigest {
        CredentialDigest(credential: try BearerAuthentication.requireToken(realm: realm))
    }
}
