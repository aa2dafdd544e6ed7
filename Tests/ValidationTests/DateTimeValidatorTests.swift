import Foundation
import Testing

@testable import Validation

@Suite("DateTimeValidator")
struct DateTimeValidatorTests {
    let utc = DateTimeValidator(timeZone: TimeZone(identifier: "UTC")!)
    let paris = DateTimeValidator(timeZone: TimeZone(identifier: "Europe/Paris")!)

    @Test(
        "ISO 8601 with an offset is read as written, whatever the local zone",
        arguments: [
            ("2026-05-01T09:30:00Z", 1_777_627_800.0),
            ("2026-05-01T11:30:00+02:00", 1_777_627_800.0),
            ("2026-05-01 09:30:00Z", 1_777_627_800.0),
            ("2026-05-01T09:30:00.250Z", 1_777_627_800.25),
        ])
    func withOffset(text: String, seconds: Double) {
        #expect(utc.validate(text)?.timeIntervalSince1970 == seconds)
        #expect(paris.validate(text)?.timeIntervalSince1970 == seconds)
    }

    @Test("times without an offset and bare dates are wall-clock times in the validator's zone")
    func withoutOffset() {
        #expect(utc.validate("2026-05-01")?.timeIntervalSince1970 == 1_777_593_600)
        #expect(paris.validate("2026-05-01")?.timeIntervalSince1970 == 1_777_586_400)  // UTC+2 in May
        #expect(utc.validate("2026-05-01 09:30")?.timeIntervalSince1970 == 1_777_627_800)
        #expect(utc.validate("2026-05-01T09:30:15")?.timeIntervalSince1970 == 1_777_627_815)
        #expect(utc.validate("  2026-05-01  ")?.timeIntervalSince1970 == 1_777_593_600)
    }

    @Test(
        "impossible dates, other formats and trailing text are rejected",
        arguments: [
            "", "   ", "yesterday", "2026-02-30", "2026-13-01", "2026-05-01T25:00", "01/05/2026", "2026-05-01x",
            "2026-05-01T09:30:00Z extra", "2026-05-01T09:30:00Zextra", "20260501", "2026-05-01 09:30:00 Z",
        ])
    func rejects(text: String) {
        #expect(utc.validate(text) == nil)
    }
}
