import Foundation

/// A value that is `CustomStringConvertible` but not a `String`, for `.stringConvertible` cases.
struct Described: CustomStringConvertible, Sendable {
    let description: String
}
