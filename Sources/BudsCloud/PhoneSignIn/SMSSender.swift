public import Foundation

/// Where sign-in codes leave the relay: a real SMS gateway in production, a folder in
/// development (``SMSOutbox``), a fake in tests. The only place a number and its code meet.
public protocol SMSSender: Sendable {
    func send(code: String, to number: PhoneNumber) async throws
}

/// Development SMS: each code is written to `DIR/<number>.txt` (mode 0600), where `buds account
/// verify-phone` can read it.
public struct SMSOutbox: SMSSender {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    public func send(code: String, to number: PhoneNumber) async throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = file(for: number)
        try Data("\(code)\n".utf8).write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// The latest code sent to `number`, if any.
    public func latestCode(for number: PhoneNumber) -> String? {
        (try? String(contentsOf: file(for: number), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func file(for number: PhoneNumber) -> URL {
        directory.appendingPathComponent("\(number.e164).txt")
    }
}
