import Foundation
import Testing
import Validation

@Suite("ISO8601DateTime")
struct ISO8601DateTimeTests {
    /// 2025-11-19T21:30:00Z, computed from the calendar rather than by the parser under test.
    static let reference: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: 2025, month: 11, day: 19, hour: 21, minute: 30))!
    }()

    @Test("whole seconds, an offset and fractional seconds are read")
    func acceptedForms() {
        #expect(ISO8601DateTime.parse("2025-11-19T21:30:00Z") == Self.reference)
        #expect(ISO8601DateTime.parse("2025-11-19T22:30:00+01:00") == Self.reference)
        let fractional = ISO8601DateTime.parse("2025-11-19T21:30:00.250Z")
        #expect(fractional.map { $0.timeIntervalSince(Self.reference) } == 0.25)
    }

    @Test(
        "text that is not an internet date-time gives nil",
        arguments: [
            "", "yesterday", "2025-11-19", "2025-11-19T21:30:00", "2025-11-19 21:30", "21:30:00Z",
        ])
    func rejected(text: String) {
        #expect(ISO8601DateTime.parse(text) == nil)
    }
}
