import CommandLineKit
import Foundation
import Testing

@Suite("Text formatting shared by the command lines")
struct TextFormatTests {
    @Test func shortIDIsTheFirstEightCharactersLowercased() throws {
        let id = try #require(UUID(uuidString: "ABCDEF12-3456-7890-ABCD-EF1234567890"))
        #expect(TextFormat.shortID(id) == "abcdef12")
        #expect(TextFormat.shortID("QM7V9XKZ2P") == "qm7v9xkz")
        #expect(TextFormat.shortID("ab") == "ab")
    }

    @Test func utcSecondsIsTheSameOnEveryMachine() {
        // 2026-05-01T09:30:00Z
        let date = Date(timeIntervalSince1970: 1_777_627_800)
        #expect(TextFormat.dateTime(date, style: .utcSeconds) == "2026-05-01 09:30:00Z")
    }

    @Test func localMinutesIsTheWallClockOfThisMachine() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = try #require(calendar.date(from: DateComponents(year: 2026, month: 12, day: 1, hour: 7, minute: 5, second: 42)))
        #expect(TextFormat.dateTime(date, style: .localMinutes) == "2026-12-01 07:05")
    }
}
