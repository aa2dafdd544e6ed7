import NIOCore
import NIOPosix
import Synchronization

/// Which threads run app-server's Swift tasks: SwiftNIO's event loops (the default) or Swift's
/// own pool.
///
/// On the event loops, a request stays on the thread that read it from its bytes arriving to its
/// answer leaving; with Swift's pool it hops from NIO's thread to the pool and back, and each hop
/// can wake a sleeping thread. At 1,000 Flipcash intents/s the event loops used about 7 % less
/// of the server's CPU and cut the p99 by about a sixth (`Benchmarks/README.md`, "Flipcash
/// intents through gRPC").
///
/// What this mode forbids is blocking an event loop until other async work finishes, and
/// app-server never does that: no `EventLoopFuture.wait()`, no semaphore or condition waiting for
/// a task. SQLite reads that run on the calling thread (Kilroy's near queries) hold it for their
/// duration, as they held a thread of Swift's pool before.
enum ConcurrencyExecutor: String, Sendable {
    case eventLoops = "nio"
    case swift

    /// `APP_SERVER_EXECUTOR=swift` keeps Swift's pool; unset, or anything else, the event loops.
    static let variable = "APP_SERVER_EXECUTOR"

    /// What ``installOnce(environment:)`` installed; Swift's pool until it runs (and in tests,
    /// which never run it: the setting is global to the process).
    static var current: ConcurrencyExecutor { installed.withLock { $0 } }
    private static let installed = Mutex(ConcurrencyExecutor.swift)

    /// Makes NIO's event loops Swift's global executor unless `environment` asks for Swift's
    /// pool. Must be the first thing `main` does, on the main thread, before any other task
    /// starts, and only once (SwiftNIO's rules for the switch).
    ///
    /// - Returns: the executor that runs tasks from now on (Swift's pool when NIO cannot take
    ///   over on this platform).
    @discardableResult
    static func installOnce(environment: [String: String]) -> ConcurrencyExecutor {
        guard environment[variable] != ConcurrencyExecutor.swift.rawValue else { return .swift }
        let chosen: ConcurrencyExecutor =
            NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor() ? .eventLoops : .swift
        installed.withLock { $0 = chosen }
        return chosen
    }
}
