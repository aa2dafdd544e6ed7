import BudsCloud
import Crypto
import Foundation
import TestSupport
import Testing

/// Phone sign-in rules (issue 18) over an injected clock: code expiry, guess and resend limits,
/// per-number caps, the country allow-list, and what the relay keeps (never a number or a code).
@Suite("Phone sign-in")
struct PhoneSignInTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static let number = try! PhoneNumber("+1 (415) 555-0100")

    static func rules() -> PhoneSignIn { PhoneSignIn(key: SymmetricKey(size: .bits256)) }

    @Test("numbers are read in E.164, with their country's calling code; anything else is refused")
    func numbers() throws {
        #expect(Self.number.e164 == "+14155550100")
        #expect(try PhoneNumber("+44 20 7946 0958").callingCode(in: ["1", "44"]) == "44")
        #expect(try PhoneNumber("+353 1 234 5678").callingCode(in: ["3", "353"]) == "353")
        for bad in ["4155550100", "+0123456789", "+1 415", "+1234567890123456", "+1415555O100", "", "+"] {
            #expect(throws: PhoneSignInError.invalidNumber) { try PhoneNumber(bad) }
        }
    }

    @Test("the right code verifies once; the session then ends; the relay keeps neither the number nor the code")
    func rightCode() throws {
        var rules = Self.rules()
        var random = SplitMix64(seed: 1)
        let (session, code) = try rules.start(Self.number, at: Self.start, using: &random)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber))
        let digest = try rules.check(session, code: code, at: Self.start.addingTimeInterval(30))
        #expect(digest == rules.digest(of: Self.number))
        #expect(throws: PhoneSignInError.sessionExpired) { try rules.check(session, code: code, at: Self.start.addingTimeInterval(31)) }
        // Nothing kept holds the number or the code in the clear.
        let kept = "\(rules.sessions) \(rules.numbers)"
        #expect(!kept.contains("4155550100"))
        #expect(!kept.contains(code))
        // Another relay key, another digest: a database alone does not give numbers back.
        #expect(Self.rules().digest(of: Self.number) != digest)
    }

    @Test("a code expires at 10:00; five wrong guesses end the session; a resend replaces the code")
    func expiryAndGuesses() throws {
        var rules = Self.rules()
        var random = SplitMix64(seed: 2)
        // A wrong guess at 5:00 keeps the session alive; the code itself lives until 10:00.
        let (session, code) = try rules.start(Self.number, at: Self.start, using: &random)
        let (other, otherCode) = try rules.start(try PhoneNumber("+14155550102"), at: Self.start, using: &random)
        for id in [session, other] { _ = try? rules.check(id, code: "x", at: Self.start.addingTimeInterval(300)) }
        #expect(throws: PhoneSignInError.codeExpired) { try rules.check(session, code: code, at: Self.start.addingTimeInterval(600)) }
        _ = try rules.check(other, code: otherCode, at: Self.start.addingTimeInterval(599))

        var fresh = Self.rules()
        let (second, secondCode) = try fresh.start(Self.number, at: Self.start, using: &random)
        let wrong = secondCode == "000000" ? "000001" : "000000"
        for remaining in (1...4).reversed() {
            #expect(throws: PhoneSignInError.wrongCode(remaining: remaining)) { try fresh.check(second, code: wrong, at: Self.start) }
        }
        #expect(throws: PhoneSignInError.sessionExhausted) { try fresh.check(second, code: wrong, at: Self.start) }
        // The sixth try is refused even with the right code.
        #expect(throws: PhoneSignInError.sessionExhausted) { try fresh.check(second, code: secondCode, at: Self.start) }

        var resent = Self.rules()
        let (third, old) = try resent.start(Self.number, at: Self.start, using: &random)
        let new = try resent.resend(third, at: Self.start.addingTimeInterval(60), using: &random)
        if new != old {
            #expect(throws: PhoneSignInError.wrongCode(remaining: 4)) { try resent.check(third, code: old, at: Self.start.addingTimeInterval(61)) }
        }
        #expect(try resent.check(third, code: new, at: Self.start.addingTimeInterval(62)) == resent.digest(of: Self.number))
    }

    @Test("resends wait 1, 2, 5 and 10 minutes, at most five codes a session; a session idle 10 minutes expires")
    func resendSchedule() throws {
        var rules = Self.rules()
        var random = SplitMix64(seed: 3)
        let (session, _) = try rules.start(Self.number, at: Self.start, using: &random)
        #expect(throws: PhoneSignInError.retryLater(seconds: 60)) { try rules.resend(session, at: Self.start, using: &random) }
        var now = Self.start
        for delay in [60.0, 120, 300] {
            #expect(throws: PhoneSignInError.retryLater(seconds: 1)) {
                try rules.resend(session, at: now.addingTimeInterval(delay - 1), using: &random)
            }
            now = now.addingTimeInterval(delay)
            _ = try rules.resend(session, at: now, using: &random)
        }
        // The fifth code is due 10 minutes after the fourth, but the session, idle that long, has ended.
        #expect(throws: PhoneSignInError.sessionExpired) { try rules.resend(session, at: now.addingTimeInterval(600), using: &random) }
        // Kept alive by a guess in between, a session gets its fifth code 10 minutes after the
        // fourth, and no sixth.
        var patient = Self.rules()
        let (other, _) = try patient.start(Self.number, at: Self.start, using: &random)
        now = Self.start
        for delay in [60.0, 120, 300] {
            now = now.addingTimeInterval(delay)
            _ = try patient.resend(other, at: now, using: &random)
        }
        #expect(throws: PhoneSignInError.wrongCode(remaining: 4)) { try patient.check(other, code: "x", at: now.addingTimeInterval(420)) }
        _ = try patient.resend(other, at: now.addingTimeInterval(600), using: &random)
        #expect(patient.sessions[other]?.sends.count == 5)
        #expect(throws: PhoneSignInError.sessionExhausted) { try patient.resend(other, at: now.addingTimeInterval(1_000), using: &random) }
    }

    @Test("at most 10 codes per number in 24 hours, across sessions; other countries are refused before any code")
    func perNumberLimits() throws {
        var rules = Self.rules()
        var random = SplitMix64(seed: 4)
        for minute in 0..<10 { _ = try rules.start(Self.number, at: Self.start.addingTimeInterval(Double(minute) * 60), using: &random) }
        #expect(throws: PhoneSignInError.retryLater(seconds: 86_400 - 600)) {
            try rules.start(Self.number, at: Self.start.addingTimeInterval(600), using: &random)
        }
        _ = try rules.start(Self.number, at: Self.start.addingTimeInterval(86_400), using: &random)
        // Another number is not held back by this one.
        _ = try rules.start(try PhoneNumber("+14155550101"), at: Self.start.addingTimeInterval(600), using: &random)
        #expect(throws: PhoneSignInError.countryNotAllowed) { try rules.start(try PhoneNumber("+7 495 123 4567"), at: Self.start, using: &random) }
    }

    @Test("codes are uniform six digits")
    func codesAreUniform() throws {
        var rules = Self.rules()
        var random = SplitMix64(seed: 5)
        var firstDigits = [Int](repeating: 0, count: 10)
        for index in 0..<2_000 {
            let (_, code) = try rules.start(try PhoneNumber("+1415\(String(format: "%07d", index))"), at: Self.start, using: &random)
            #expect(code.count == 6)
            firstDigits[Int(String(code.first!))!] += 1
        }
        // Each leading digit about 200 times; far from it would mean a biased generator.
        #expect(firstDigits.allSatisfy { (120...280).contains($0) }, "\(firstDigits)")
    }

    @Test("the development outbox writes each code where the CLI reads it, readable only by the user")
    func outbox() async throws {
        let directory = ScratchFolder.url("sms")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outbox = SMSOutbox(directory: directory)
        try await outbox.send(code: "123456", to: Self.number)
        #expect(outbox.latestCode(for: Self.number) == "123456")
        let mode =
            try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("+14155550100.txt").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}

/// Typed numbers are outside input: any text is read or refused, never a crash, and whatever is
/// accepted is canonical E.164.
@Suite("Phone numbers, fuzzed")
struct PhoneNumberFuzzTests {
    @Test("random text is either a valid E.164 number or refused as invalid")
    func randomText() {
        var random = SplitMix64(seed: 0xF0E)
        let alphabet = Array("+0123456789 -.()\u{00A0}a٣５")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &random)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
            do {
                let number = try PhoneNumber(text)
                #expect(number.e164.first == "+")
                #expect(number.e164.dropFirst().allSatisfy { $0.isASCII && $0.isNumber })
                #expect((9...16).contains(number.e164.count))
                #expect(try PhoneNumber(number.e164) == number)
            } catch {
                #expect(error == .invalidNumber)
            }
        }
    }
}
