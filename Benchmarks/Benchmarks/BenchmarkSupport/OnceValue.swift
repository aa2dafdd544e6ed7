/// A value made on first use and then shared: a fixture store opened once per benchmark
/// process, or every row of it loaded once for a reference scan.
public actor OnceValue<Value: Sendable> {
    private let make: @Sendable () async throws -> Value
    private var made: Value?

    public init(_ make: @escaping @Sendable () async throws -> Value) {
        self.make = make
    }

    public func value() async throws -> Value {
        if let made { return made }
        let value = try await make()
        made = value
        return value
    }
}
