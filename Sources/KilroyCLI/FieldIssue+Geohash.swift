import Foundation
import Geo
import Validation

extension FieldIssue where Field == FieldName {
    /// A geohash a person typed that the Geo kit refused, reported against the `hash` argument.
    static func geohash(_ error: GeohashError) -> FieldIssue {
        FieldIssue("hash", error.errorDescription ?? "not a geohash")
    }
}
