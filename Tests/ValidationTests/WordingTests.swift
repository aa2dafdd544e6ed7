import Testing
import Validation

@Suite("Numbers and counts in words")
struct WordingTests {
    @Test func wholeNumbersDropTheDecimalPoint() {
        #expect(Wording.number(2) == "2")
        #expect(Wording.number(-16) == "-16")
        #expect(Wording.number(11.1) == "11.1")
        #expect(Wording.number(0.5) == "0.5")
    }

    @Test func aCountTakesItsNounInTheRightNumber() {
        #expect(Wording.counted(1, "dive") == "1 dive")
        #expect(Wording.counted(0, "dive") == "0 dives")
        #expect(Wording.counted(2, "approach", plural: "approaches") == "2 approaches")
        #expect(Wording.counted(1, "approach", plural: "approaches") == "1 approach")
    }
}
