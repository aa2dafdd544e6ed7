import Foundation
import Testing
@testable import Validation

@Suite("ValidationError and require")
struct ValidationErrorTests {
    @Test("the message is 'field: reason'")
    func message() {
        let error = ValidationError(field: "rating", reason: "must be between 1 and 5")
        #expect(error.errorDescription == "rating: must be between 1 and 5")
        #expect(error.localizedDescription == "rating: must be between 1 and 5")
    }

    @Test("require returns the canonical output for valid input")
    func requireReturnsOutput() throws {
        let email = try EmailValidator().require("  a@b.co ", field: "email", reason: "must be an e-mail address")
        #expect(email == "a@b.co")
    }

    @Test("require throws the field and reason for invalid input")
    func requireThrows() {
        #expect(throws: ValidationError(field: "rating", reason: "must be between 1 and 5")) {
            try IntegerRangeValidator(1...5).require("9", field: "rating", reason: "must be between 1 and 5")
        }
    }

    @Test("validators compose behind the generic protocol")
    func existential() {
        let validators: [any Validator<String, String>] = [
            LengthValidator(max: 3), EmailValidator(), PhoneValidator(),
        ]
        #expect(validators.map { $0.isValid("abc") } == [true, false, false])
    }
}
