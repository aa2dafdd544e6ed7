import Foundation

/// The development stand-in for SMS: the relay writes each sign-in code to `DIR/<E.164>.txt`
/// (mode 0600, the folder 0700) and `buds account verify-phone --sms-outbox DIR` reads it back.
/// Hand-written and kept beside the contract because the relay and the app must agree on where
/// a code lands; production relays send real texts instead.
public struct DevelopmentSMSOutbox: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes `code` as the latest code for `e164` (`+14155550100`).
    public func write(code: String, to e164: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = file(for: e164)
        try Data("\(code)\n".utf8).write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// The latest code written for `e164`, if any.
    public func latestCode(for e164: String) -> String? {
        (try? String(contentsOf: file(for: e164), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func file(for e164: String) -> URL {
        // E.164 is `+` and digits only; anything else never names a file here.
        let name = e164.filter { $0 == "+" || ($0.isASCII && $0.isNumber) }
        return directory.appendingPathComponent("\(name).txt")
    }
}
