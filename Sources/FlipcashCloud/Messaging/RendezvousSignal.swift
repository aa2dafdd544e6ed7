import Foundation
import Synchronization

/// How the server that stored a message wakes the stream that waits for it, which another
/// app-server may hold. The message itself is always read from the store; a signal only says
/// "look now", so a lost one costs at most the stream's fallback poll.
public protocol RendezvousSignal: Sendable {
    /// Tells every app-server that `rendezvous` has a new message.
    func announce(_ rendezvous: RendezvousID) async
    /// The announcements for `rendezvous` that reach this process, until the stream ends.
    func announcements(for rendezvous: RendezvousID) -> AsyncStream<Void>
}

/// Announcements within one process: the embedded default (one app-server on one SQLite file),
/// and what ``RendezvousSignal`` implementations that cross processes deliver into.
public final class LocalRendezvousSignal: RendezvousSignal {
    private let listeners = Mutex<[RendezvousID: [UUID: AsyncStream<Void>.Continuation]]>([:])

    public init() {}

    public func announce(_ rendezvous: RendezvousID) async {
        deliver(rendezvous)
    }

    /// Wakes this process's listeners for `rendezvous`.
    public func deliver(_ rendezvous: RendezvousID) {
        let continuations = listeners.withLock { Array(($0[rendezvous] ?? [:]).values) }
        for continuation in continuations { continuation.yield() }
    }

    public func announcements(for rendezvous: RendezvousID) -> AsyncStream<Void> {
        // Several announcements while the stream is busy are one: it reads every pending message.
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let token = UUID()
        listeners.withLock { $0[rendezvous, default: [:]][token] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.listeners.withLock { listeners in
                listeners[rendezvous]?[token] = nil
                if listeners[rendezvous]?.isEmpty == true { listeners[rendezvous] = nil }
            }
        }
        return stream
    }

    /// How many rendezvous have a listener here (for tests: none after every stream ended).
    public var listenedCount: Int { listeners.withLock { $0.count } }
}
