import CloudWire
import Foundation
import Geo
import KilroyAPI
import Testing

@testable import KilroyCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Issue 13: an unreachable cloud printed a raw `NSError` dump (domain, code, user-info
/// dictionary). Transport failures now become one human line naming the server and the cause.
@Suite("Regression: an unreachable cloud is one human line")
struct UnreachableCloudMessageTests {
    let base = URL(string: "http://127.0.0.1:9")!
    let credential = DeviceToken(bytes: Array(repeating: 7, count: 32))!

    @Test(
        "URL and POSIX errors map to a few words, with the URL",
        arguments: [
            (URLError(.cannotConnectToHost) as any Error, "connection refused"),
            (URLError(.timedOut), "no answer in time (timed out)"),
            (URLError(.cannotFindHost), "host not found"),
            (URLError(.notConnectedToInternet), "this device is offline"),
            (
                NSError(domain: NSURLErrorDomain, code: -1004, userInfo: ["NSErrorFailingURLStringKey": "http://127.0.0.1:9"]),
                "connection refused"
            ),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(ECONNREFUSED)), "connection refused"),
            (
                NSError(domain: "Other", code: 3, userInfo: [NSUnderlyingErrorKey: URLError(.networkConnectionLost)]),
                "the connection was lost"
            ),
        ]
    )
    func reasons(error: any Error, expected: String) {
        #expect(NetworkFailure.reason(error) == expected)
        let message = KilroyCloudError.unreachable(url: "http://127.0.0.1:9", reason: NetworkFailure.reason(error)).errorDescription
        #expect(message == "cannot reach the Kilroy cloud at http://127.0.0.1:9: \(expected)")
    }

    @Test("a real refused connection, through the generated client, says so in one line")
    func realRefusedConnection() async throws {
        let client = KilroyCloudHTTPClient(baseURL: base, credential: credential)
        let point = try Coordinate(latitude: 1, longitude: 2)
        do throws(KilroyCloudError) {
            _ = try await client.kilroysNear(point, radius: 100, limit: nil)
            Issue.record("port 9 answered")
        } catch {
            #expect(error == .unreachable(url: "http://127.0.0.1:9", reason: "connection refused"))
            let text = error.errorDescription ?? ""
            #expect(!text.contains("\n") && !text.contains("Domain=") && !text.contains("UserInfo") && !text.contains("Code="))
        }
    }

    @Test("an error with no known mapping still reads as words, never a dump")
    func unknownErrors() {
        struct Opaque: Error {}
        #expect(NetworkFailure.reason(Opaque()) == "network error")
        #expect(NetworkFailure.reason(URLError(.dataNotAllowed)) == "network error \(URLError.Code.dataNotAllowed.rawValue)")
    }
}
