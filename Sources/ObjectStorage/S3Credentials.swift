/// An access key for an S3-compatible store. The secret (and session token) never appear in a
/// description, debug description or mirror, so printing or dumping a store cannot leak them.
public struct S3Credentials: Sendable, Equatable {
    /// The public half of the key (`AKIA…`); it names the key in signatures and may be logged.
    public let accessKeyID: String
    /// The secret half, used only to derive signing keys.
    public let secretAccessKey: String
    /// The token of temporary credentials (STS), sent as `x-amz-security-token`, or `nil`.
    public let sessionToken: String?

    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }

    /// Reads `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and the optional `AWS_SESSION_TOKEN`, the
    /// variables every AWS tool reads, so an operator configures the server as they configure the CLI.
    ///
    /// - Throws: ``S3ConfigurationError/missingEnvironmentVariable(_:)`` naming the first
    ///   required variable that is unset or empty.
    public static func fromEnvironment(_ environment: [String: String]) throws(S3ConfigurationError) -> S3Credentials {
        func required(_ name: String) throws(S3ConfigurationError) -> String {
            guard let value = environment[name], !value.isEmpty else { throw .missingEnvironmentVariable(name) }
            return value
        }
        let token = environment["AWS_SESSION_TOKEN"]
        return S3Credentials(
            accessKeyID: try required("AWS_ACCESS_KEY_ID"),
            secretAccessKey: try required("AWS_SECRET_ACCESS_KEY"),
            sessionToken: token?.isEmpty == false ? token : nil
        )
    }
}

extension S3Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "S3Credentials(accessKeyID: \(accessKeyID), secretAccessKey: <redacted>\(sessionToken == nil ? "" : ", sessionToken: <redacted>"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["accessKeyID": accessKeyID, "secretAccessKey": "<redacted>"], displayStyle: .struct)
    }
}
