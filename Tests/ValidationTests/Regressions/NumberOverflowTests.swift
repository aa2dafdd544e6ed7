import Foundation
import Testing
import Validation

/// Buds' copy of `number` converted every whole `Double` to `Int`, which traps for values beyond
/// `Int`'s range and for infinities; UmiLog's copy had the guard. The shared one must keep it.
@Suite("Printing a number too large for Int does not crash")
struct NumberOverflowTests {
    @Test(arguments: [1e20, -1e20, Double.infinity, -Double.infinity, Double.greatestFiniteMagnitude])
    func wholeValuesOutsideIntRangeArePrintedAsDoubles(value: Double) {
        #expect(Wording.number(value) == String(value))
    }

    @Test func notANumberIsPrintedAsDoubleDoes() {
        #expect(Wording.number(.nan) == "nan")
    }
}
