public import Foundation
import SwiftProtobuf

extension Flipcash_V1_ExchangeRate {
    /// The bytes the server's rate signature covers: the rate serialized deterministically. The
    /// server signs them and a client (or the server, when a send hands the rate back) checks them.
    ///
    /// - Throws: SwiftProtobuf's `BinaryEncodingError` (never for a well-formed proto3 message).
    public func signingInput() throws -> Data {
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        return try serializedData(options: options)
    }
}
