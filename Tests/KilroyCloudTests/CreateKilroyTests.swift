import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import TestSupport
import Testing

@testable import KilroyCloud

@Suite("Creating and reading kilroys")
struct CreateKilroyTests {
    @Test("a new kilroy is created (201) with the server's 10-character geohash and its image URL")
    func create() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            let drop = Components.Schemas.NewKilroy.sample(imageID: imageID)
            let response = try await client.create(drop)
            #expect(response.status == .created)
            let kilroy = try response.decoded(Components.Schemas.Kilroy.self)
            #expect(kilroy.id == drop.id)
            #expect(kilroy.geohash == "u09tunquc9")
            #expect(kilroy.imageURL == "/kilroy/v1/images/\(imageID)")
            #expect(kilroy.isMine)
            #expect(kilroy.placeName == "Tour Eiffel")
            #expect(kilroy.comment == "was here")
            #expect(kilroy.createdAt == drop.createdAt)

            let fetched = try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.bob)
            #expect(fetched.status == .ok)
            var othersView = kilroy
            othersView.isMine = false
            #expect(try fetched.decoded(Components.Schemas.Kilroy.self) == othersView)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 1)
        }
    }

    @Test("repeating the same create returns the stored kilroy (200) and changes nothing")
    func replayIsIdempotent() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            let first = try await client.create(drop).decoded(Components.Schemas.Kilroy.self)
            harness.clock.advance(by: 60)
            let again = try await client.create(drop)
            #expect(again.status == .ok)
            #expect(try again.decoded(Components.Schemas.Kilroy.self) == first)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 1)
        }
    }

    @Test("a lower-case UUID names the same kilroy as its upper-case form")
    func idsAreCaseInsensitive() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let id = UUID().uuidString
            let drop = Components.Schemas.NewKilroy.sample(id: id.lowercased(), imageID: try await client.uploadedImageID())
            let created = try await client.create(drop)
            #expect(try created.decoded(Components.Schemas.Kilroy.self).id == id)
            #expect(try await client.send(.get, "/kilroys/\(id.lowercased())", device: Devices.alice).status == .ok)
            #expect(try await client.create(Components.Schemas.NewKilroy.sample(id: id, imageID: drop.imageId)).status == .ok)
        }
    }

    @Test("the same id with other content, or from another device, is a 409 and changes nothing")
    func conflictingIDs() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            let original = try await client.create(drop).decoded(Components.Schemas.Kilroy.self)
            var edited = drop
            edited.comment = "something else"
            let conflict = try await client.create(edited)
            #expect(conflict.status == .conflict)
            #expect(conflict.error?.code == "id_conflict")
            #expect(conflict.error?.field == "id")
            let otherDevice = try await client.create(drop, device: Devices.bob)
            #expect(otherDevice.status == .conflict)
            let stored = try await client.send(.get, "/kilroys/\(drop.id)", device: Devices.alice)
            #expect(try stored.decoded(Components.Schemas.Kilroy.self) == original)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.bob)) == 0)
        }
    }

    @Test("a kilroy naming an image never uploaded is a 400 on imageId and nothing is written")
    func imageMustExist() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(imageID: KilroyCloudTestsData.unknownImageID)
            let response = try await client.create(drop)
            #expect(response.status == .badRequest)
            #expect(response.error?.code == "unknown_image")
            #expect(response.error?.field == "imageId")
            #expect(try await harness.store.kilroy(id: drop.id) == nil)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 0)
        }
    }

    @Test(
        "invalid fields are 400s naming the field",
        arguments: [
            ("latitude", Components.Schemas.NewKilroy.sample(imageID: "x", latitude: 90.5)),
            ("longitude", Components.Schemas.NewKilroy.sample(imageID: "x", longitude: -180.01)),
            ("id", Components.Schemas.NewKilroy.sample(id: "not-a-uuid", imageID: "x")),
            ("comment", Components.Schemas.NewKilroy.sample(imageID: "x", comment: String(repeating: "c", count: 501))),
            ("placeName", Components.Schemas.NewKilroy.sample(imageID: "x", placeName: String(repeating: "p", count: 201))),
            ("placeAddress", Components.Schemas.NewKilroy.sample(imageID: "x", placeAddress: String(repeating: "a", count: 301))),
        ]
    )
    func invalidFields(field: String, template: Components.Schemas.NewKilroy) async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            var drop = template
            drop.imageId = try await client.uploadedImageID()
            let response = try await client.create(drop)
            #expect(response.status == .badRequest)
            #expect(response.error?.field == field)
            #expect(response.error?.message.isEmpty == false)
            #expect(try await harness.store.dropCount(owner: Devices.digest(Devices.alice)) == 0)
        }
    }

    @Test("texts at their limits (whitespace included, as the contract counts) are accepted, then trimmed")
    func textsAtTheLimit() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let drop = Components.Schemas.NewKilroy.sample(
                imageID: try await client.uploadedImageID(), comment: "  " + String(repeating: "c", count: 497) + "\n",
                placeName: String(repeating: "p", count: 200), placeAddress: "   ")
            let response = try await client.create(drop)
            #expect(response.status == .created)
            let kilroy = try response.decoded(Components.Schemas.Kilroy.self)
            #expect(kilroy.comment == String(repeating: "c", count: 497))
            #expect(kilroy.placeAddress == nil)
        }
    }

    @Test("malformed JSON, a missing field and a wrong type are 400s, never 500")
    func malformedBodies() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let cases: [(body: String, code: String, field: String?)] = [
                ("{not json", "malformed_json", nil),
                (
                    #"{"id":"0F8FAD5B-D9CB-469F-A165-70867728950E","latitude":1,"longitude":2,"createdAt":"2025-01-01T00:00:00Z"}"#,
                    "missing_field", "imageId"
                ),
                (
                    #"{"id":"0F8FAD5B-D9CB-469F-A165-70867728950E","latitude":"north","longitude":2,"imageId":"x","createdAt":"2025-01-01T00:00:00Z"}"#,
                    "invalid_field", "latitude"
                ),
                (
                    #"{"id":"0F8FAD5B-D9CB-469F-A165-70867728950E","latitude":1,"longitude":2,"imageId":"x","createdAt":"yesterday"}"#,
                    "invalid_field", "createdAt"
                ),
                ("", "malformed_json", nil),
            ]
            for testCase in cases {
                let response = try await client.send(
                    .post, "/kilroys", device: Devices.alice, contentType: "application/json", body: Data(testCase.body.utf8))
                #expect(response.status == .badRequest, "\(testCase.body)")
                #expect(response.error?.code == testCase.code, "\(testCase.body)")
                #expect(response.error?.field == testCase.field, "\(testCase.body)")
            }
            let wrongType = try await client.send(
                .post, "/kilroys", device: Devices.alice, contentType: "text/plain", body: Data("{}".utf8))
            #expect(wrongType.status == .unsupportedMediaType)
            #expect(wrongType.error?.field == "Content-Type")
            let noDevice = try await client.send(.post, "/kilroys", contentType: "application/json", body: Data("{}".utf8))
            #expect(noDevice.status == .unauthorized)
            #expect(noDevice.error?.field == "Authorization")
        }
    }

    @Test("a JSON body over 64 KiB is a 413 before anything reads it")
    func oversizedJSON() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let body = Data(#"{"comment":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 70_000) + Data(#""}"#.utf8)
            let response = try await client.send(
                .post, "/kilroys", device: Devices.alice, contentType: "application/json", body: body)
            #expect(response.status == .contentTooLarge)
            #expect(response.error?.code == "body_too_large")
        }
    }

    @Test("dates with fractional seconds are accepted and returned with them")
    func fractionalDates() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            let body =
                #"{"id":"0F8FAD5B-D9CB-469F-A165-70867728950E","latitude":1,"longitude":2,"imageId":"\#(imageID)","createdAt":"2025-06-01T12:00:00.250Z"}"#
            let response = try await client.send(
                .post, "/kilroys", device: Devices.alice, contentType: "application/json", body: Data(body.utf8))
            #expect(response.status == .created)
            #expect(String(decoding: response.data, as: UTF8.self).contains("2025-06-01T12:00:00.250Z"))
            let replay = try await client.send(
                .post, "/kilroys", device: Devices.alice, contentType: "application/json", body: Data(body.utf8))
            #expect(replay.status == .ok)
        }
    }

    @Test("a capture date far in the future is a 400 on createdAt")
    func futureDates() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            var drop = Components.Schemas.NewKilroy.sample(imageID: try await client.uploadedImageID())
            drop.createdAt = harness.clock.now.addingTimeInterval(3 * 86_400)
            let response = try await client.create(drop)
            #expect(response.status == .badRequest)
            #expect(response.error?.field == "createdAt")
        }
    }

    @Test("getting an unknown kilroy is a 404, a malformed id a 400")
    func getErrors() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let unknown = try await client.send(.get, "/kilroys/\(UUID().uuidString)", device: Devices.alice)
            #expect(unknown.status == .notFound)
            #expect(unknown.error?.code == "kilroy_not_found")
            let malformed = try await client.send(.get, "/kilroys/12345", device: Devices.alice)
            #expect(malformed.status == .badRequest)
            #expect(malformed.error?.field == "kilroyId")
        }
    }
}

enum KilroyCloudTestsData {
    /// A well-formed image id no test uploads.
    static let unknownImageID = "bafkreicl5n4iph67t3323mp7htjxyci6o32paylfyegfvgslwydviyug2q"
}
