import Foundation
import Testing
import Validation

@Suite("CivilDate: days since 1970 and calendar dates by arithmetic")
struct CivilDateTests {
    @Test("days and dates round-trip, and agree with Foundation's Gregorian calendar in UTC after 1582")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var random = SystemRandomNumberGenerator()
        // 1583-01-01 is day -141,714; 9999-12-31 is day 2,932,896.
        var days = [-141_349, -1, 0, 1, 59, 60, 365, 10_957, 11_016, 2_932_896]
        days += (0..<3_000).map { _ in Int.random(in: -141_349...2_932_896, using: &random) }
        for day in days {
            let (year, month, dayOfMonth) = CivilDate.date(daysSinceEpoch: day)
            #expect(CivilDate.daysSinceEpoch(year: year, month: month, day: dayOfMonth) == day)
            let components = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
            #expect([components.year, components.month, components.day] == [year, month, dayOfMonth], "day \(day)")
        }
        #expect(CivilDate.date(daysSinceEpoch: 0) == (1970, 1, 1))
        #expect(CivilDate.date(daysSinceEpoch: 11_016) == (2000, 2, 29))
        #expect(CivilDate.floorDivide(-1, 86_400) == -1)
        #expect(CivilDate.floorDivide(86_399, 86_400) == 0)
    }
}
