import Foundation

/// A value given on the command line that is out of range, reported as `<field>: <reason>`.
struct CLIFieldError: LocalizedError {
    let field: String
    let reason: String

    var errorDescription: String? { "\(field): \(reason)" }
}
