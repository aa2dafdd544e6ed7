public import Foundation

/// Where the relay's wake-ups leave it: APNs or FCM in production, nothing in development, a
/// recording fake in tests. Every push carries the same bytes, ``wakePayload``: no name, circle,
/// envelope id or count reaches the push service, which only learns that a device should sync.
public protocol PushSender: Sendable {
    /// Wakes the devices holding `tokens` (the tokens their apps registered).
    func wake(tokens: [String]) async
}

extension PushSender {
    /// The one payload every wake-up carries (APNs' background-fetch form).
    public static var wakePayload: Data { Data(#"{"aps":{"content-available":1}}"#.utf8) }
}

/// The development relay's push: none (devices sync when asked).
public struct NoPushSender: PushSender {
    public init() {}

    public func wake(tokens: [String]) async {}
}
