import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport failure in a few words a person understands ("connection refused", "timed out"),
/// for a client's "cannot reach the server" error. Foundation's own descriptions are either
/// generic ("The operation could not be completed") or a dump of an `NSError` with its domain,
/// code and user-info dictionary; neither belongs in front of a person.
public enum NetworkFailure {
    public static func reason(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return reason(urlErrorCode: urlError.code.rawValue)
        }
        let nsError = error as NSError
        switch nsError.domain {
        case NSURLErrorDomain:
            return reason(urlErrorCode: nsError.code)
        case NSPOSIXErrorDomain:
            return reason(posixCode: nsError.code)
        default:
            break
        }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
            return reason(underlying)
        }
        // An error of our own or a library's that describes itself for people.
        if let described = (error as? any LocalizedError)?.errorDescription, !described.isEmpty {
            return oneLine(described)
        }
        return "network error"
    }

    /// `text` on one line, at most 200 characters.
    public static func oneLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    private static func reason(urlErrorCode code: Int) -> String {
        switch URLError.Code(rawValue: code) {
        case .cannotConnectToHost: "connection refused"
        case .timedOut: "no answer in time (timed out)"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .notConnectedToInternet: "this device is offline"
        case .networkConnectionLost: "the connection was lost"
        case .badURL, .unsupportedURL: "the URL is not a server address"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            "the secure connection failed (check the server's certificate)"
        case .cancelled: "the request was cancelled"
        case .badServerResponse, .zeroByteResource, .cannotParseResponse: "the server's answer was broken"
        case .httpTooManyRedirects, .redirectToNonExistentLocation: "the server redirected badly"
        default: "network error \(code)"
        }
    }

    private static func reason(posixCode code: Int) -> String {
        switch Int32(truncatingIfNeeded: code) {
        case ECONNREFUSED: "connection refused"
        case ETIMEDOUT: "no answer in time (timed out)"
        case EHOSTUNREACH, ENETUNREACH: "no route to the host"
        case ECONNRESET: "the connection was reset"
        case ENETDOWN: "the network is down"
        default: String(cString: strerror(Int32(truncatingIfNeeded: code))).lowercased()
        }
    }
}
