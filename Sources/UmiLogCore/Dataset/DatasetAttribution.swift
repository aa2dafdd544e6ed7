public import Foundation

/// `attribution.json` of a dataset folder: who to credit for the exported sites, per source and
/// licence — what the app's About screen lists (seed, "Licensing & Attribution").
public struct DatasetAttribution: Codable, Hashable, Sendable {
    public var generatedAt: Date
    /// What every user of the data should know, whatever the source.
    public var notice: String
    /// One entry per source and licence, sorted by source.
    public var sources: [Source]

    public init(generatedAt: Date, notice: String, sources: [Source]) {
        self.generatedAt = generatedAt
        self.notice = notice
        self.sources = sources
    }

    public struct Source: Codable, Hashable, Sendable {
        /// The source's short name ("osm").
        public var source: String
        /// SPDX identifier ("ODbL-1.0").
        public var licence: String
        public var licenceURL: String?
        /// Exported sites whose values come from this source.
        public var records: Int
        /// The credit line ("© OpenStreetMap contributors (ODbL 1.0)").
        public var attribution: String
        /// The latest retrieval day among those records ("2025-10-18").
        public var retrievedUntil: String

        public init(source: String, licence: String, licenceURL: String?, records: Int, attribution: String, retrievedUntil: String) {
            self.source = source
            self.licence = licence
            self.licenceURL = licenceURL
            self.records = records
            self.attribution = attribution
            self.retrievedUntil = retrievedUntil
        }
    }
}
