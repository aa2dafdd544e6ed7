import Foundation
import HTTPTypes
import HummingbirdTesting
import KilroyAPI
import Testing

@testable import KilroyCloud

@Suite("Near queries over HTTP")
struct NearbyQueryTests {
    /// Drops at 0, 100, 400 and 2,000 m north of a centre in Paris (1° latitude ≈ 111,195 m).
    static let centre = (lat: 48.85, lon: 2.35)
    static func offset(_ metres: Double) -> Double { centre.lat + metres / 111_195.08 }

    @Test("results are within the radius, nearest first, with their distances; the default radius is 1 km")
    func nearestFirst() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let imageID = try await client.uploadedImageID()
            var ids: [Double: String] = [:]
            for metres in [400.0, 0, 2_000, 100] {
                let drop = Components.Schemas.NewKilroy.sample(imageID: imageID, latitude: Self.offset(metres), longitude: Self.centre.lon)
                #expect(try await client.create(drop).status == .created)
                ids[metres] = drop.id
            }
            let response = try await client.near(lat: Self.centre.lat, lon: Self.centre.lon, device: Devices.bob)
            #expect(response.status == .ok)
            let found = try response.decoded(Components.Schemas.NearbyKilroys.self)
            #expect(found.kilroys.map(\.kilroy.id) == [ids[0], ids[100], ids[400]].compactMap { $0 })
            let distances = found.kilroys.map(\.distanceMeters)
            #expect(abs(distances[0]) < 0.01 && abs(distances[1] - 100) < 0.5 && abs(distances[2] - 400) < 0.5)
            #expect(found.reciprocity == .init(policy: .off, ownDropCount: 0, othersWithheld: false))

            let wide = try await client.near(lat: Self.centre.lat, lon: Self.centre.lon, radius: 5_000, limit: 2)
            #expect(try wide.decoded(Components.Schemas.NearbyKilroys.self).kilroys.map(\.kilroy.id) == [ids[0], ids[100]].compactMap { $0 })
        }
    }

    @Test("radius, limit and coordinates out of range are 400s naming the parameter")
    func invalidParameters() async throws {
        let harness = try KilroyCloudHarness()
        try await harness.run { client in
            let cases: [(query: String, field: String)] = [
                ("lat=1&lon=2&radius=0", "radius"),
                ("lat=1&lon=2&radius=-5", "radius"),
                ("lat=1&lon=2&radius=50000.5", "radius"),
                ("lat=1&lon=2&radius=nan", "radius"),
                ("lat=1&lon=2&radius=wide", "radius"),
                ("lat=1&lon=2&limit=0", "limit"),
                ("lat=1&lon=2&limit=501", "limit"),
                ("lat=1&lon=2&limit=ten", "limit"),
                ("lat=1&lon=2&limit=99999999999", "limit"),
                ("lat=91&lon=2", "lat"),
                ("lat=1&lon=180.5", "lon"),
                ("lat=abc&lon=2", "lat"),
                ("lon=2", "lat"),
                ("lat=1", "lon"),
                ("lat=1&lon=2&lat=80", "lat"),
                ("lat=1&lon=2&radius=10&radius=20", "radius"),
                ("lat=1&lon=2&limit=5&limit=5", "limit"),
            ]
            for testCase in cases {
                let response = try await client.send(.get, "/kilroys/near?" + testCase.query, device: Devices.alice)
                #expect(response.status == .badRequest, "\(testCase.query)")
                #expect(response.error?.field == testCase.field, "\(testCase.query)")
            }
            let missingDevice = try await client.send(.get, "/kilroys/near?lat=1&lon=2")
            #expect(missingDevice.status == .unauthorized)
            #expect(missingDevice.error?.field == "Authorization")
            #expect(try await client.near(lat: 1, lon: 2, radius: 50_000, limit: 500).status == .ok)
        }
    }
}
