import Foundation
import Testing

@testable import Validation

@Suite("FieldIssue and require")
struct FieldIssueTests {
    @Test("the message is 'field: reason'")
    func message() {
        let error = FieldIssue(FieldName("rating"), "must be between 1 and 5")
        #expect(error.errorDescription == "rating: must be between 1 and 5")
        #expect(error.localizedDescription == "rating: must be between 1 and 5")
    }

    @Test("require returns the canonical output for valid input")
    func requireReturnsOutput() throws {
        let email = try EmailValidator().require("  a@b.co ", field: FieldName("email"), reason: "must be an e-mail address")
        #expect(email == "a@b.co")
    }

    @Test("require throws the field and reason for invalid input")
    func requireThrows() {
        #expect(throws: FieldIssue(FieldName("rating"), "must be between 1 and 5")) {
            try IntegerRangeValidator(1...5).require("9", field: FieldName("rating"), reason: "must be between 1 and 5")
        }
    }

    @Test("an issue crosses JSON as its field's name and the reason")
    func codable() throws {
        let issue = FieldIssue(FieldName("depth"), "must be 0–330 m")
        let data = try JSONEncoder().encode(issue)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: String]
        #expect(object == ["field": "depth", "reason": "must be 0–330 m"])
        #expect(try JSONDecoder().decode(FieldIssue<FieldName>.self, from: data) == issue)
    }

    @Test("validators compose behind the generic protocol")
    func existential() {
        let validators: [any Validator<String, String>] = [
            LengthValidator(max: 3), EmailValidator(), PhoneValidator(),
        ]
        #expect(validators.map { $0.isValid("abc") } == [true, false, false])
    }
}
