public import Foundation

/// One request the S3 blob store makes, named in its errors and logs.
public enum S3Operation: Sendable, Equatable {
    /// PUT of an object.
    case put(key: String)
    /// GET of an object.
    case get(key: String)
    /// HEAD of an object (whether it exists, before a delete).
    case head(key: String)
    /// DELETE of an object.
    case delete(key: String)
    /// HEAD of the bucket (health).
    case checkBucket(bucket: String)

    /// "store kilroy/bafk…", "reach the bucket photos", … for messages.
    public var summary: String {
        switch self {
        case .put(let key): "store \(key)"
        case .get(let key): "read \(key)"
        case .head(let key): "look up \(key)"
        case .delete(let key): "delete \(key)"
        case .checkBucket(let bucket): "reach the bucket \(bucket)"
        }
    }

    /// `put`, `get`, … for log metadata.
    public var name: String {
        switch self {
        case .put: "put"
        case .get: "get"
        case .head: "head"
        case .delete: "delete"
        case .checkBucket: "check-bucket"
        }
    }
}

/// Why a request to the S3-compatible store failed. Messages name the operation, the HTTP status
/// and S3's error code; they never contain the secret key, the signature or the `Authorization`
/// header. (An invalid CID and a corrupt blob are ``Storage/StorageError``s, as for the file store.)
public enum S3StorageError: Error, Equatable, Sendable {
    /// The server answered with an error status; `code` is S3's `<Code>` (`SignatureDoesNotMatch`,
    /// `NoSuchBucket`, …) when the answer had one, `message` its `<Message>`.
    case refused(operation: S3Operation, status: Int, code: String?, message: String?)
    /// The server could not be reached or the connection failed.
    case unreachable(operation: S3Operation, reason: String)
    /// No complete answer within the store's timeout.
    case timedOut(operation: S3Operation, seconds: Double)
    /// The object (or the data to store) is larger than the store's size cap; nothing was buffered past it.
    case tooLarge(operation: S3Operation, limit: Int)
}

extension S3StorageError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .refused(let operation, let status, let code, let message):
            let detail = [code, message].compactMap(\.self).joined(separator: ": ")
            let hint = code.flatMap(Self.hint(for:)).map { " \($0)" } ?? ""
            return "Could not \(operation.summary) in S3: the server answered HTTP \(status)\(detail.isEmpty ? "" : " (\(detail))").\(hint)"
        case .unreachable(let operation, let reason):
            return
                "Could not \(operation.summary) in S3: the server could not be reached (\(reason)). Check the endpoint and that the server is running."
        case .timedOut(let operation, let seconds):
            return "Could not \(operation.summary) in S3: no answer within \(Self.format(seconds)) seconds."
        case .tooLarge(let operation, let limit):
            return "Could not \(operation.summary) in S3: the blob is larger than the limit of \(limit) bytes."
        }
    }

    /// What an operator should check for the codes a misconfiguration produces.
    private static func hint(for code: String) -> String? {
        switch code {
        case "SignatureDoesNotMatch": "Check AWS_SECRET_ACCESS_KEY and the region."
        case "InvalidAccessKeyId": "Check AWS_ACCESS_KEY_ID."
        case "ExpiredToken", "InvalidToken": "Renew AWS_SESSION_TOKEN."
        case "AccessDenied": "Allow this key to read, write and delete objects in the bucket."
        case "NoSuchBucket": "Create the bucket or correct the s3:// URL."
        case "RequestTimeTooSkewed": "Correct this machine's clock."
        default: nil
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
