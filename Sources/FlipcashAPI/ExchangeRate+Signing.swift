public import Foundation
public import SwiftProtobuf

extension SwiftProtobuf.Message {
    /// The message serialized deterministically (map entries in key order), so the same message
    /// always gives the same bytes: what signatures cover and what a retry is compared by.
    ///
    /// - Throws: SwiftProtobuf's `BinaryEncodingError` (never for a well-formed proto3 message).
    public func deterministicData() throws -> Data {
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        return try serializedData(options: options)
    }
}

extension Flipcash_V1_ExchangeRate {
    /// The bytes the server's rate signature covers. The server signs them and a client (or the
    /// server, when a send hands the rate back) checks them.
    ///
    /// - Throws: as ``SwiftProtobuf/Message/deterministicData()``.
    public func signingInput() throws -> Data {
        try deterministicData()
    }
}

extension Flipcash_V1_ReserveState {
    /// The bytes the server's reserve signature covers (the same key signs rates and reserves).
    ///
    /// - Throws: as ``SwiftProtobuf/Message/deterministicData()``.
    public func signingInput() throws -> Data {
        try deterministicData()
    }
}
