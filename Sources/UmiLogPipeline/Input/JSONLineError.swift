/// Why a line is not a JSON object; `offset` is the byte (0-based) where reading stopped.
struct JSONLineError: Error, Equatable, Sendable {
    var message: String
    var offset: Int

    var description: String { "\(message) at byte \(offset + 1)" }
}
