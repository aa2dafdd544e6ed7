import Foundation
import Geo

/// A geohash a person typed that the Geo kit refused.
struct GeohashInputError: LocalizedError {
    let error: GeohashError

    var errorDescription: String? {
        "hash: " + (error.errorDescription ?? "not a geohash")
    }
}
