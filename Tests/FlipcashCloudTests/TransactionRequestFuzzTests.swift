import Crypto
import DAGCBOR
import FlipcashAPI
import Foundation
import GRPCCore
import SwiftProtobuf
import TestSupport
import Testing

@testable import FlipcashCloud
@testable import FlipcashCore

/// Fuzzing the Transaction service with requests that pass authentication: intents of every kind
/// with a field set to an edge value or their bytes mutated, and history, metadata and void
/// requests with edge fields, each signed by a registered owner. What is mutated then reaches the
/// intent reader, the exchange-data check and the payment rules instead of stopping at the
/// signature. Every answer must settle or refuse naming a request field, a retry must answer the
/// same, nobody else's intent may show, and the books must balance throughout.
@Suite("Fuzz: mutated, re-signed Transaction requests")
struct TransactionRequestFuzzTests {
    typealias Service = FlipcashServiceTests

    /// The first segment of every field a refusal may name: the request's own fields.
    static let requestFields: Set<String> = [
        "id", "action", "auth", "timestamp", "open_account", "send_payment", "send_gift_card", "claim_gift_card", "faucet",
        "launch_currency", "buy_currency", "sell_currency",
    ]

    /// Valid requests of every kind (without auth), from `owner`'s point of view: a payment to
    /// `payee`, a cash link, a claim of `claimable`, a faucet credit, a launch and trades of `mint`.
    static func seeds(
        payee: Data, exchange: Flipcash_V1_ExchangeData, claimable: CashLink, mint: Mint, random: inout SplitMix64
    ) throws -> [Flipcash_V1_SubmitIntentRequest] {
        func request(_ action: Flipcash_V1_SubmitIntentRequest.OneOf_Action, id: Data? = nil) -> Flipcash_V1_SubmitIntentRequest {
            var request = Flipcash_V1_SubmitIntentRequest()
            request.id.value = id ?? Data(random.bytes(32))
            request.action = action
            return request
        }
        let claimID = Data(random.bytes(32))
        let claimKeys = claimable.deriveKeyPair()
        let claimSignature = try claimKeys.privateKey.signature(for: claimID)
        return [
            request(.openAccount(.with { $0.mint.address = Mint.usdf.address })),
            request(
                .sendPayment(
                    .with {
                        $0.destinationOwner.value = payee
                        $0.exchangeData = exchange
                    })),
            request(
                .sendGiftCard(
                    .with {
                        $0.giftCard.value = CashLink.new(using: &random).deriveKeyPair().publicKey
                        $0.exchangeData = exchange
                    })),
            request(
                .claimGiftCard(
                    .with {
                        $0.giftCard.value = claimKeys.publicKey
                        $0.giftCardSignature.value = claimSignature
                    }), id: claimID),
            request(
                .faucet(
                    .with {
                        $0.amount.mint.address = Mint.usdf.address
                        $0.amount.quarks = 1_000_000
                    })),
            request(
                .launchCurrency(
                    .with {
                        $0.name = "Fuzz Coin"
                        $0.symbol = "FZ\(UInt16.random(in: 100...999, using: &random))"
                    })),
            request(
                .buyCurrency(
                    .with {
                        $0.mint.address = mint.address
                        $0.usdfQuarks = 500_000
                    })),
            request(
                .sellCurrency(
                    .with {
                        $0.mint.address = mint.address
                        $0.tokenQuarks = 1_000
                    })),
        ]
    }

    /// Values at and past every edge a field has: what a hostile or broken client would send.
    static let edgeQuarks: [UInt64] = [0, 1, 9_999, 250_000, 250_000_000, 250_000_001, UInt64(Int64.max), UInt64(Int64.max) + 1, .max]
    static let edgeDoubles: [Double] = [0, -0.25, 0.004, 0.005, 0.25, 0.2500001, 1e300, .nan, .infinity, -.infinity, .leastNonzeroMagnitude]
    static let edgeTexts = ["", "usd", "USD", "xyz", "u\u{0}d", "Fuzz\nCoin", "🙂🙂", String(repeating: "A", count: 300), "SEED", "fz1"]

    /// `request` with one field set to an edge value (or to random bytes of a random length):
    /// the id (sometimes the one `reused`, an id already answered), a key, an amount, the native
    /// amount, the rate, a mint, a name or a symbol.
    static func edit(_ request: Flipcash_V1_SubmitIntentRequest, reused: Data, random: inout SplitMix64) -> Flipcash_V1_SubmitIntentRequest {
        var request = request
        func bytes() -> Data { Data(random.bytes(Int.random(in: 0...40, using: &random))) }
        func quarks() -> UInt64 { Bool.random(using: &random) ? edgeQuarks.randomElement(using: &random)! : random.next() }
        func double() -> Double { edgeDoubles.randomElement(using: &random)! }
        func text() -> String { edgeTexts.randomElement(using: &random)! }
        func edit(_ data: inout Flipcash_V1_ExchangeData) {
            switch Int.random(in: 0..<7, using: &random) {
            case 0: data.amount.quarks = quarks()
            case 1: data.nativeAmount = double()
            case 2: data.rate.rate.currency = text()
            case 3: data.rate.rate.nativePerUsdf = double()
            case 4: data.rate.signature.value = bytes()
            case 5: data.amount.mint.address = text()
            default: data.reserve.state.supplyQuarks = quarks()
            }
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            request.id.value = Bool.random(using: &random) ? reused : bytes()
            return request
        default: break
        }
        switch request.action {
        case .sendPayment(var send):
            if Bool.random(using: &random) { edit(&send.exchangeData) } else { send.destinationOwner.value = bytes() }
            request.action = .sendPayment(send)
        case .sendGiftCard(var send):
            if Bool.random(using: &random) { edit(&send.exchangeData) } else { send.giftCard.value = bytes() }
            request.action = .sendGiftCard(send)
        case .claimGiftCard(var claim):
            if Bool.random(using: &random) { claim.giftCard.value = bytes() } else { claim.giftCardSignature.value = bytes() }
            request.action = .claimGiftCard(claim)
        case .faucet(var faucet):
            if Bool.random(using: &random) { faucet.amount.quarks = quarks() } else { faucet.amount.mint.address = text() }
            request.action = .faucet(faucet)
        case .launchCurrency(var launch):
            if Bool.random(using: &random) { launch.name = text() } else { launch.symbol = text() }
            request.action = .launchCurrency(launch)
        case .buyCurrency(var buy):
            if Bool.random(using: &random) { buy.usdfQuarks = quarks() } else { buy.minimumTokenQuarks = quarks() }
            request.action = .buyCurrency(buy)
        case .sellCurrency(var sell):
            if Bool.random(using: &random) { sell.tokenQuarks = quarks() } else { sell.minimumUsdfQuarks = quarks() }
            request.action = .sellCurrency(sell)
        case .openAccount(var open):
            open.mint.address = text()
            request.action = .openAccount(open)
        case .none:
            break
        }
        return request
    }

    /// Two registered wallets, Alice holding `alice` dollars and Bob 100.
    static func fundedPair(_ cloud: Service.Cloud, alice dollars: UInt64) async throws -> (Service.Wallet, Service.Wallet) {
        let alice = try cloud.wallet()
        let bob = try cloud.wallet()
        try await alice.register()
        try await bob.register()
        _ = try await alice.faucet(Service.usdf(dollars))
        _ = try await bob.faucet(Service.usdf(100))
        return (alice, bob)
    }

    @Test("every answer settles or names a request field, a retry answers the same, the books balance")
    func mutatedIntents() async throws {
        try await Service.withCloud(.sqliteMemory) { cloud in
            var random = SplitMix64(seed: 0x5EED_F122)
            let (alice, bob) = try await Self.fundedPair(cloud, alice: 5_000)
            let claimable = try await bob.sendLink(Service.usd(1)).link
            let mint = try await alice.launch(name: "Seed Coin", symbol: "SEED").mint
            let rates = try await alice.client.exchangeRates([.usd])
            let (exchange, _) = try rates.exchangeData(for: Service.usd(Decimal(string: "0.25")!))
            let payee = try Base58.decode(bob.client.owner)
            let seeds = try Self.seeds(payee: payee, exchange: exchange, claimable: claimable, mint: mint, random: &random)
            let transactions = Flipcash_V1_Transaction.Client(wrapping: cloud.client)

            var answered = (settled: 0, refused: 0, undecodable: 0)
            var reused = seeds[0].id.value
            for round in 0..<3_000 {
                let seed = seeds[round % seeds.count]
                var request: Flipcash_V1_SubmitIntentRequest
                if round.isMultiple(of: 2) {
                    request = Self.edit(seed, reused: reused, random: &random)
                } else {
                    let bytes: [UInt8] = try seed.serializedBytes()
                    guard let decoded = try? Flipcash_V1_SubmitIntentRequest(serializedBytes: random.mutated(bytes, edits: 1...2)) else {
                        answered.undecodable += 1
                        continue
                    }
                    request = decoded
                    request.unknownFields = UnknownStorage()
                }
                let signed = try alice.client.signed(request)
                let response = try await transactions.submitIntent(signed)
                switch response.result {
                case .settled:
                    answered.settled += 1
                case .refusal(let refusal):
                    answered.refused += 1
                    let head = String(refusal.field.prefix { $0 != "." })
                    #expect(Self.requestFields.contains(head), "refusal names \(refusal.field)")
                    #expect(!refusal.message.isEmpty)
                case .none:
                    Issue.record("an answer with neither a settlement nor a refusal")
                }
                // The same request again (stamped and signed anew, as a client's retry is): the
                // same answer, to the byte.
                let retried = try await transactions.submitIntent(try alice.client.signed(request))
                #expect(retried == response, "round \(round): a retry answered differently")
                reused = request.id.value
                if round % 50 == 49 { try await cloud.store.checkInvariants() }
            }
            try await cloud.store.checkInvariants()
            // The mutations reached past decoding and past the rules in both directions.
            #expect(answered.settled > 20)
            #expect(answered.refused > 100)
        }
    }

    @Test("history, metadata and void requests with edge fields answer or refuse by field; nobody else's intent shows")
    func readsAndVoids() async throws {
        try await Service.withCloud(.sqliteMemory) { cloud in
            var random = SplitMix64(seed: 0x5EED_F123)
            let (alice, bob) = try await Self.fundedPair(cloud, alice: 100)
            let alicesLink = try await alice.sendLink(Service.usd(1))
            let bobsLink = try await bob.sendLink(Service.usd(1))
            let bobsIntent = try #require(try await bob.client.history().first).id
            let alicesIntent = try #require(try await alice.client.history().first).id
            let aliceKey = try Base58.decode(alice.client.owner)
            let transactions = Flipcash_V1_Transaction.Client(wrapping: cloud.client)
            let ids = [Data(), Data(random.bytes(31)), Data(random.bytes(32)), Data(random.bytes(33)), bobsIntent, alicesIntent]
            let cards = [
                Data(), Data(random.bytes(32)), alicesLink.link.deriveKeyPair().publicKey, bobsLink.link.deriveKeyPair().publicKey,
                aliceKey,
            ]
            let limits: [UInt32] = [0, 1, 50, 100, 101, .max]
            func check(_ refusal: Flipcash_V1_Refusal, _ fields: Set<String>) {
                #expect(fields.contains(String(refusal.field.prefix { $0 != "." })), "refusal names \(refusal.field)")
                #expect(!refusal.message.isEmpty)
            }
            for _ in 0..<300 {
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    var request = Flipcash_V1_GetHistoryRequest()
                    request.limit = limits.randomElement(using: &random)!
                    if Bool.random(using: &random) { request.before.value = ids.randomElement(using: &random)! }
                    let response = try await transactions.getHistory(try alice.client.signed(request))
                    switch response.result {
                    case .history(let history):
                        #expect(history.intents.count <= min(Int(request.limit == 0 ? 50 : request.limit), 100))
                        #expect(history.intents.allSatisfy { $0.owner.value == aliceKey || $0.destinationOwner.value == aliceKey })
                    case .refusal(let refusal): check(refusal, ["limit", "before"])
                    case .none: Issue.record("GetHistory answered nothing")
                    }
                case 1:
                    var request = Flipcash_V1_GetIntentMetadataRequest()
                    request.id.value = ids.randomElement(using: &random)!
                    do {
                        let response = try await transactions.getIntentMetadata(try alice.client.signed(request))
                        switch response.result {
                        case .metadata(let metadata):
                            #expect(metadata.owner.value == aliceKey || metadata.destinationOwner.value == aliceKey)
                        case .refusal(let refusal): check(refusal, ["id"])
                        case .none: Issue.record("GetIntentMetadata answered nothing")
                        }
                    } catch let error as RPCError {
                        #expect(error.code == .notFound)
                    }
                default:
                    var request = Flipcash_V1_VoidGiftCardRequest()
                    request.giftCard.value = cards.randomElement(using: &random)!
                    let response = try await transactions.voidGiftCard(try alice.client.signed(request))
                    if case .refusal(let refusal) = response.result { check(refusal, ["gift_card"]) }
                }
            }
            // Alice's link came back to her at most once; Bob's is still his to void.
            #expect(try await cloud.balance(alice) == 100_000_000)
            #expect(try await bob.void(bobsLink.link))
            try await cloud.store.checkInvariants()
        }
    }
}
