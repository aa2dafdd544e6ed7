import FlipcashAPI
import Foundation
import SwiftProtobuf
import TestSupport
import Testing

/// The generated contract: messages survive the wire, every decoder of outside bytes refuses
/// garbage without crashing, and the bytes an owner signs leave out the signature and nothing else.
@Suite("Flipcash gRPC contract")
struct FlipcashAPITests {
    static func randomBytes(_ generator: inout SplitMix64, count: Int) -> Data {
        Data(generator.bytes(count))
    }

    static func submitIntent(_ generator: inout SplitMix64) -> Flipcash_V1_SubmitIntentRequest {
        var request = Flipcash_V1_SubmitIntentRequest()
        request.id.value = randomBytes(&generator, count: 32)
        request.timestamp = Google_Protobuf_Timestamp(seconds: Int64.random(in: 0...4_000_000_000, using: &generator), nanos: 0)
        var payment = Flipcash_V1_SendPayment()
        payment.destinationOwner.value = randomBytes(&generator, count: 32)
        payment.exchangeData.amount.mint.address = "5AMAA9JV9H97YYVxx8F6FsCMmTwXSuTTQneiup4RYAUQ"
        payment.exchangeData.amount.quarks = UInt64.random(in: 0...UInt64.max, using: &generator)
        payment.exchangeData.nativeAmount = Double.random(in: 0...1_000, using: &generator)
        payment.exchangeData.rate.rate.currency = ["usd", "eur", "jpy"].randomElement(using: &generator) ?? "usd"
        payment.exchangeData.rate.rate.nativePerUsdf = Double.random(in: 0.001...200, using: &generator)
        payment.exchangeData.rate.signature.value = randomBytes(&generator, count: 64)
        request.sendPayment = payment
        request.auth.owner.value = randomBytes(&generator, count: 32)
        request.auth.signature.value = randomBytes(&generator, count: 64)
        return request
    }

    @Test("500 random intents survive binary and JSON encoding, and deterministic bytes are stable")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 0x6290)
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        for _ in 0..<500 {
            let request = Self.submitIntent(&generator)
            let bytes: Data = try request.serializedData(options: options)
            #expect(try Flipcash_V1_SubmitIntentRequest(serializedBytes: bytes) == request)
            #expect(try Flipcash_V1_SubmitIntentRequest(jsonString: try request.jsonString()) == request)
            #expect(try request.serializedData(options: options) as Data == bytes)
        }
    }

    @Test("the signing input leaves out `auth` and keeps every other field")
    func signingInput() throws {
        var generator = SplitMix64(seed: 0x5167)
        let request = Self.submitIntent(&generator)
        var resigned = request
        resigned.auth.signature.value = Self.randomBytes(&generator, count: 64)
        resigned.auth.owner.value = Self.randomBytes(&generator, count: 32)
        #expect(try request.signingInput() == resigned.signingInput())
        var changed = request
        changed.sendPayment.exchangeData.amount.quarks &+= 1
        #expect(try request.signingInput() != changed.signingInput())
        var later = request
        later.timestamp.seconds += 1
        #expect(try request.signingInput() != later.signingInput())
        let decoded = try Flipcash_V1_SubmitIntentRequest(serializedBytes: try request.signingInput())
        #expect(!decoded.hasAuth)
        #expect(decoded.sendPayment == request.sendPayment)
    }

    @Test("20,000 random and mutated byte strings: every request decoder throws or decodes, never crashes")
    func decodersSurviveGarbage() throws {
        var generator = SplitMix64(seed: 0xF022)
        let valid: Data = try Self.submitIntent(&generator).serializedData()
        for round in 0..<20_000 {
            var bytes: Data
            if round.isMultiple(of: 2) {
                bytes = Self.randomBytes(&generator, count: Int.random(in: 0..<200, using: &generator))
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                bytes = bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))
            }
            _ = try? Flipcash_V1_SubmitIntentRequest(serializedBytes: bytes)
            _ = try? Flipcash_V1_RegisterRequest(serializedBytes: bytes)
            _ = try? Flipcash_V1_GetLimitsRequest(serializedBytes: bytes)
            _ = try? Flipcash_V1_VoidGiftCardRequest(serializedBytes: bytes)
            _ = try? Flipcash_V1_GetHistoryRequest(serializedBytes: bytes)
        }
        #expect(throws: (any Error).self) { try Flipcash_V1_SubmitIntentRequest(serializedBytes: Data([0xFF, 0xFF, 0xFF])) }
    }
}
