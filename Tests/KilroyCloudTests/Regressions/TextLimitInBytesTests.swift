import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import TestSupport
import Testing

@testable import KilroyCloud

/// Issue 15: text limits counted Characters only, so one grapheme cluster of thousands of
/// combining marks — a single "character" of 60 KB — passed the 500-character comment limit
/// and was stored. Limits now bound the UTF-8 bytes too.
@Suite("Text limits hold in bytes, not only in characters")
struct TextLimitInBytesTests {
    /// "e" followed by 30,000 combining acute accents: one Character, 60,001 bytes.
    static let oneHugeCharacter = "e" + String(repeating: "\u{0301}", count: 30_000)

    @Test("a one-character 60 KB comment is refused naming the field, and nothing is stored")
    func hugeCharacterIsRefused() async throws {
        #expect(Self.oneHugeCharacter.count == 1 && Self.oneHugeCharacter.utf8.count == 60_001)
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            var drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            drop.comment = Self.oneHugeCharacter
            let response = try await client.create(drop)
            #expect(response.status == .badRequest)
            let error = try response.decoded(Components.Schemas._Error.self)
            #expect(error.code == "text_too_long" && error.field == "comment")
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 0)
        }
    }

    @Test("the limit counts code points as the contract's maxLength does: 250 emoji with skin tones pass, 251 do not")
    func limitIsTheContractsMaxLength() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            var atLimit = Components.Schemas.NewKilroy.sample(imageID: imageID)
            atLimit.comment = String(repeating: "👍🏽", count: 250)
            #expect(atLimit.comment?.unicodeScalars.count == 500)
            #expect(try await client.create(atLimit).status == .created)
            var over = Components.Schemas.NewKilroy.sample(imageID: imageID)
            over.comment = String(repeating: "👍🏽", count: 250) + "!"
            let refused = try await client.create(over)
            #expect(refused.status == .badRequest)
            #expect(try refused.decoded(Components.Schemas._Error.self).field == "comment")
            // Trailing spaces count too: the contract sees the text as sent.
            var padded = Components.Schemas.NewKilroy.sample(imageID: imageID)
            padded.comment = String(repeating: "a", count: 500) + " "
            #expect(try await client.create(padded).status == .badRequest)
        }
    }
}
