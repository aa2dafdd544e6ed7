#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that takes connections (the kernel completes them into the backlog)
/// but never reads or answers: a server that hangs, for timeout tests without any network.
final class SilentListener: Sendable {
    let port: Int
    /// The listening socket (for ``ScriptedHTTPServer``, which accepts on it).
    let descriptor: Int32

    init() throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ListenerError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ListenerError.socket
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        self.descriptor = descriptor
    }

    deinit {
        // Wakes a thread blocked in accept(2) on Linux, which close(2) alone would not.
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }

    enum ListenerError: Error {
        case socket
    }
}
