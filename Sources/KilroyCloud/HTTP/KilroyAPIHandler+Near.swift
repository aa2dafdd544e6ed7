import HTTPTypes
import KilroyAPI
import OpenAPIRuntime
import ServerKit

extension KilroyAPIHandler {
    func findNearbyKilroys(_ input: Operations.FindNearbyKilroys.Input) async throws
        -> Operations.FindNearbyKilroys.Output
    {
        do {
            let device = try DeviceAuthentication.requireDevice()
            let center = try RequestValidation.coordinate(
                latitude: input.query.lat, longitude: input.query.lon, latitudeField: "lat", longitudeField: "lon")
            let radius = try RequestValidation.radius(input.query.radius)
            let limit = try RequestValidation.limit(input.query.limit)
            let search = NearbySearch(store: store, policy: configuration.reciprocity)
            let (kilroys, status) = try await search.run(viewer: device, center: center, radius: radius, limit: limit)
            let reciprocity = Self.apiStatus(status)
            if let slot = PrerenderedJSONBody.current {
                // The middleware answers with these bytes; the generated code encodes only the
                // empty list (see `PrerenderedJSONBody`).
                slot.set(
                    try NearbyKilroysJSON.encode(
                        kilroys, viewer: device, reciprocity: reciprocity,
                        dates: KilroyCloudServer.openAPIConfiguration.dateTranscoder))
                return .ok(.init(body: .json(.init(kilroys: [], reciprocity: reciprocity))))
            }
            return .ok(.init(body: .json(Self.apiNearbyKilroys(kilroys, viewer: device, reciprocity: reciprocity))))
        } catch let rejection as ServerRejection {
            switch rejection.status {
            case .badRequest: return .badRequest(.init(body: .json(rejection.apiError)))
            case .unauthorized: return .unauthorized(Self.unauthorized(rejection))
            default:
                throw rejection
            }
        }
    }

    /// The contract's view of a near answer for `viewer` (what ``NearbyKilroysJSON`` writes
    /// without building it).
    static func apiNearbyKilroys(
        _ kilroys: [NearbyKilroyRecord], viewer: DeviceDigest, reciprocity: Components.Schemas.ReciprocityStatus
    ) -> Components.Schemas.NearbyKilroys {
        .init(
            kilroys: kilroys.map { .init(kilroy: apiKilroy($0.kilroy, viewer: viewer), distanceMeters: $0.distanceMeters) },
            reciprocity: reciprocity)
    }

    static func apiStatus(_ status: NearbySearch.Status) -> Components.Schemas.ReciprocityStatus {
        let own = Int32(clamping: status.ownDropCount)
        switch status.policy {
        case .off:
            return .init(policy: .off, ownDropCount: own, othersWithheld: status.othersWithheld)
        case .local(let radius):
            return .init(policy: .local, ownDropCount: own, radiusMeters: radius, othersWithheld: status.othersWithheld)
        case .global(let required):
            return .init(
                policy: .global, ownDropCount: own, requiredDropCount: Int32(clamping: required),
                othersWithheld: status.othersWithheld)
        }
    }
}
