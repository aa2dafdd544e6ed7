import Crypto
import DAGCBOR
public import FlipcashAPI
public import FlipcashCore
import Foundation

/// Reads a signed `SubmitIntentRequest` into the ``PaymentIntent`` the rules settle, checking every
/// field the rules do not: key and id sizes, the cash link's signature on a claim, the exchange
/// data of a send (``ExchangeDataValidator``), the mints this server settles.
public struct IntentReader: Sendable {
    let exchangeData: ExchangeDataValidator
    /// The largest faucet credit, in quarks: enough for any test, far from an overflow.
    public static let maximumFaucetQuarks: UInt64 = 10_000 * 1_000_000

    public init(exchangeData: ExchangeDataValidator) {
        self.exchangeData = exchangeData
    }

    /// The intent `request` asks for, signed by `owner` (already authenticated).
    ///
    /// - Throws: ``ServiceRefusal`` naming the field at fault.
    public func intent(from request: Flipcash_V1_SubmitIntentRequest, owner: OwnerID) throws(ServiceRefusal) -> PaymentIntent {
        let id = try Self.intentID(request.id, isSet: request.hasID, field: "id")
        let action: IntentAction
        switch request.action {
        case .none:
            throw .missing("action")
        case .openAccount(let open):
            action = .openAccount(try Self.mint(open.mint, isSet: open.hasMint, field: "open_account.mint"))
        case .sendPayment(let send):
            let destination = try Self.owner(send.destinationOwner, isSet: send.hasDestinationOwner, field: "send_payment.destination_owner")
            let value = try validate(send.exchangeData, isSet: send.hasExchangeData, field: "send_payment.exchange_data")
            action = .sendPayment(destination: destination, amount: value.amount, usdMicros: value.usdMicros)
        case .sendGiftCard(let send):
            let card = try Self.publicKey(send.giftCard, isSet: send.hasGiftCard, field: "send_gift_card.gift_card")
            let value = try validate(send.exchangeData, isSet: send.hasExchangeData, field: "send_gift_card.exchange_data")
            action = .sendGiftCard(GiftCardID(Base58.encode(card.rawRepresentation)), amount: value.amount, usdMicros: value.usdMicros)
        case .claimGiftCard(let claim):
            let card = try Self.publicKey(claim.giftCard, isSet: claim.hasGiftCard, field: "claim_gift_card.gift_card")
            // The link's key signs the intent id: only someone holding the link's words can claim,
            // and a claim cannot be replayed under another id.
            let signature = claim.giftCardSignature.value
            guard claim.hasGiftCardSignature, signature.count == 64, card.isValidSignature(signature, for: request.id.value) else {
                throw ServiceRefusal(
                    .unauthenticated, field: "claim_gift_card.gift_card_signature",
                    "claim_gift_card.gift_card_signature is not the cash link's signature of the intent id.")
            }
            action = .claimGiftCard(GiftCardID(Base58.encode(card.rawRepresentation)))
        case .faucet(let faucet):
            guard faucet.hasAmount else { throw .missing("faucet.amount") }
            let mint = try Self.mint(faucet.amount.mint, isSet: faucet.amount.hasMint, field: "faucet.amount.mint")
            guard faucet.amount.quarks > 0 else { throw .invalid("faucet.amount.quarks", "is zero") }
            guard faucet.amount.quarks <= Self.maximumFaucetQuarks else {
                throw .invalid("faucet.amount.quarks", "is more than the faucet gives at once (10,000 USDF)")
            }
            action = .faucet(TokenAmount(quarks: faucet.amount.quarks, mint: mint))
        case .launchCurrency(let launch):
            let name: String
            let symbol: String
            do {
                name = try LaunchpadCurrency.checkedName(launch.name)
            } catch {
                throw .invalid("launch_currency.name", "is not 1 to 32 characters without control characters")
            }
            do {
                symbol = try LaunchpadCurrency.checkedSymbol(launch.symbol)
            } catch {
                throw .invalid("launch_currency.symbol", "is not 2 to 8 letters or digits starting with a letter")
            }
            action = .launchCurrency(name: name, symbol: symbol)
        case .buyCurrency(let buy):
            let mint = try Self.launchpadMint(buy.mint, isSet: buy.hasMint, field: "buy_currency.mint")
            guard buy.usdfQuarks > 0 else { throw .invalid("buy_currency.usdf_quarks", "is zero") }
            guard buy.usdfQuarks <= Ledger.maximumSum else { throw .invalid("buy_currency.usdf_quarks", "is more than an account can hold") }
            action = .buyCurrency(mint, usdfQuarks: buy.usdfQuarks, minimumTokenQuarks: buy.minimumTokenQuarks)
        case .sellCurrency(let sell):
            let mint = try Self.launchpadMint(sell.mint, isSet: sell.hasMint, field: "sell_currency.mint")
            guard sell.tokenQuarks > 0 else { throw .invalid("sell_currency.token_quarks", "is zero") }
            guard sell.tokenQuarks <= DiscreteBondingCurve.maxSupplyQuarks else {
                throw .invalid("sell_currency.token_quarks", "is more than the currency's whole supply")
            }
            action = .sellCurrency(mint, tokenQuarks: sell.tokenQuarks, minimumUSDFQuarks: sell.minimumUsdfQuarks)
        }
        return PaymentIntent(id: id, owner: owner, action: action)
    }

    func validate(_ data: Flipcash_V1_ExchangeData, isSet: Bool, field: String) throws(ServiceRefusal) -> ExchangeDataValidator.Validated {
        guard isSet else { throw .missing(field) }
        do {
            return try exchangeData.validate(data, field: field)
        } catch {
            throw ServiceRefusal(error)
        }
    }

    // MARK: Fields

    /// An intent id: 32 bytes, held as their base58 text.
    public static func intentID(_ id: Flipcash_V1_IntentId, isSet: Bool, field: String) throws(ServiceRefusal) -> IntentID {
        guard isSet else { throw .missing(field) }
        guard id.value.count == 32 else { throw .invalid(field + ".value", "is not 32 bytes") }
        return IntentID(Base58.encode(id.value))
    }

    /// An owner named by their public key.
    public static func owner(_ key: Flipcash_V1_PublicKey, isSet: Bool, field: String) throws(ServiceRefusal) -> OwnerID {
        OwnerID(Base58.encode(try publicKey(key, isSet: isSet, field: field).rawRepresentation))
    }

    /// An Ed25519 public key.
    static func publicKey(_ key: Flipcash_V1_PublicKey, isSet: Bool, field: String) throws(ServiceRefusal) -> Curve25519.Signing.PublicKey {
        guard isSet else { throw .missing(field) }
        guard key.value.count == 32, let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: key.value) else {
            throw .invalid(field + ".value", "is not a 32-byte Ed25519 public key")
        }
        return publicKey
    }

    /// A mint address: USDF, or a launchpad currency (whether it is one this server settles is
    /// the payment rules' to say, from the store).
    public static func mint(_ mint: Flipcash_V1_Mint, isSet: Bool, field: String) throws(ServiceRefusal) -> Mint {
        guard isSet else { throw .missing(field) }
        guard let parsed = try? Mint(address: mint.address) else { throw .invalid(field + ".address", "is not a mint address") }
        return parsed
    }

    /// A launchpad currency's mint (not USDF).
    static func launchpadMint(_ mint: Flipcash_V1_Mint, isSet: Bool, field: String) throws(ServiceRefusal) -> Mint {
        let parsed = try Self.mint(mint, isSet: isSet, field: field)
        guard !parsed.isUSDF else { throw .invalid(field + ".address", "is USDF, not a launchpad currency") }
        return parsed
    }
}
