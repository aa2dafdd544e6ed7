public import BudsAPI
public import Foundation

/// Where sign-in codes leave the relay: a real SMS gateway in production, a folder in
/// development (``SMSOutbox``), a fake in tests. The only place a number and its code meet.
public protocol SMSSender: Sendable {
    func send(code: String, to number: PhoneNumber) async throws
}

/// Development SMS: each code is written where `buds account verify-phone --sms-outbox DIR` reads
/// it (BudsAPI's ``DevelopmentSMSOutbox``).
public struct SMSOutbox: SMSSender {
    public let outbox: DevelopmentSMSOutbox

    public init(directory: URL) {
        outbox = DevelopmentSMSOutbox(directory: directory)
    }

    public func send(code: String, to number: PhoneNumber) async throws {
        try outbox.write(code: code, to: number.e164)
    }

    /// The latest code sent to `number`, if any.
    public func latestCode(for number: PhoneNumber) -> String? {
        outbox.latestCode(for: number.e164)
    }
}
