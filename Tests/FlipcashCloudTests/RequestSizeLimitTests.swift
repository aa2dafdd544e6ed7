import FlipcashAPI
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2Posix
import Logging
import ServerKit
import Testing

@testable import FlipcashCloud

/// A request over the size limit gets a status that says so (`RESOURCE_EXHAUSTED`), over a real
/// HTTP/2 connection on loopback configured as app-server configures it: the transport alone
/// answered such a request by resetting the stream, which clients read as a network failure.
@Suite("Request size limit over HTTP/2")
struct RequestSizeLimitTests {
    /// A metadata request whose intent id is `bytes` long.
    static func request(bytes: Int) -> Flipcash_V1_GetIntentMetadataRequest {
        var request = Flipcash_V1_GetIntentMetadataRequest()
        request.id.value = Data(repeating: 7, count: bytes)
        return request
    }

    /// The error the server answers `request` with, or nil when it answers without one.
    static func error(answering request: Flipcash_V1_GetIntentMetadataRequest) async throws -> RPCError? {
        try await PaymentStoreContractTests.withStore(.sqliteMemory) { store in
            let services = try await FlipcashServices.make(
                store: store, rates: RatesFile(url: nil), configuration: FlipcashCloudConfiguration(),
                logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            let transport = HTTP2ServerTransport.Posix(
                address: .ipv4(host: "127.0.0.1", port: 0), transportSecurity: .plaintext,
                config: .defaults { $0.rpc.maxRequestPayloadSize = RequestSizeLimit.transportBytes })
            let server = GRPCServer(transport: transport, services: services.all, interceptors: [RequestSizeLimit()])
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await server.serve() }
                defer { server.beginGracefulShutdown() }
                let port = try #require(try await transport.listeningAddress.ipv4?.port)
                let clientTransport = try HTTP2ClientTransport.Posix(target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
                return try await withGRPCClient(transport: clientTransport) { client in
                    do {
                        _ = try await Flipcash_V1_Transaction.Client(wrapping: client).getIntentMetadata(request)
                        return nil
                    } catch let error as RPCError {
                        return error
                    }
                }
            }
        }
    }

    @Test("a request over 64 KiB is refused RESOURCE_EXHAUSTED, naming its size and the limit")
    func overTheLimit() async throws {
        let error = try #require(try await Self.error(answering: Self.request(bytes: 70_000)))
        #expect(error.code == .resourceExhausted)
        #expect(error.message.contains("the limit is 65536 bytes"), "\(error.message)")
    }

    @Test("a request under the limit reaches the service, which answers it")
    func underTheLimit() async throws {
        let error = try await Self.error(answering: Self.request(bytes: 60_000))
        #expect(error?.code != .resourceExhausted, "\(String(describing: error))")
    }
}
