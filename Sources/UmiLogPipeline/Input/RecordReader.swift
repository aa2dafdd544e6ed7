import Geo

/// Turns one input line into a checked record, or says why it cannot be one: the field rules
/// of the validation stage (1).
///
/// Required fields are checked in a fixed order, so a line with several problems always
/// reports the same (first) one. Optional fields may be absent or null; present with the wrong
/// type, they reject the line: a record with a garbled field is not trusted for the others.
/// Not thread-safe (it caches licence spellings); use one reader per thread.
struct RecordReader {
    /// A line the reader could not accept.
    struct Rejection: Error, Sendable {
        var failure: ValidationFailure
        /// The record's own id when it could be read (source_id, or a dive's or sighting's id).
        var id: String?
        /// Extra detail for the report, e.g. the parser's message.
        var detail: String?
    }

    private var licences: [String: Licence] = [:]

    /// Reads the line `line` (1-based) from its bytes, without the line break.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> Result<InputRecord, Rejection> {
        let object: JSONLineObject
        do {
            object = try JSONLineParser.parseObject(bytes)
        } catch {
            return .failure(Rejection(failure: .invalidJSON, id: nil, detail: error.description))
        }
        do {
            return .success(try record(from: object, line: line))
        } catch {
            return .failure(error)
        }
    }

    /// Checks a parsed object against the rules of its kind.
    mutating func record(from object: JSONLineObject, line: Int) throws(Rejection) -> InputRecord {
        let kind: String
        switch object["kind"] {
        case nil, .null: kind = "site"
        case .string(let text): kind = text
        case .some: throw Rejection(failure: .invalidField("kind"), id: nil, detail: nil)
        }
        switch kind {
        case "site": return .site(try site(from: object, line: line))
        case "dive": return .dive(try dive(from: object, line: line))
        case "sighting": return .sighting(try sighting(from: object, line: line))
        default: throw Rejection(failure: .unknownKind, id: nil, detail: "kind \"\(kind)\"")
        }
    }

    private mutating func site(from object: JSONLineObject, line: Int) throws(Rejection) -> RawSite {
        let sourceID = try Self.requiredString(Self.key("source_id", in: object), in: object, id: nil, reportAs: "source_id")
        // The source may be left out when the id names it ("wikidata:Q123", "osm:node/42").
        let source: String
        if let named = try Self.optionalString("source", in: object, id: sourceID) {
            source = named
        } else if let prefix = sourceID.split(separator: ":", maxSplits: 1).first, sourceID.contains(":") {
            source = String(prefix)
        } else {
            throw Rejection(failure: .missingField("source"), id: sourceID, detail: nil)
        }
        let licenceName = try Self.requiredString(Self.key("license", in: object), in: object, id: sourceID, reportAs: "license")
        let retrieved = try Self.requiredString(Self.key("retrieved_at", in: object), in: object, id: sourceID, reportAs: "retrieved_at")
        guard let day = ISODate.day(of: retrieved) else {
            throw Rejection(failure: .invalidField("retrieved_at"), id: sourceID, detail: "\"\(retrieved.prefix(40))\"")
        }
        let name = try Self.requiredString("name", in: object, id: sourceID)
        let latitude = try Self.requiredNumber(Self.key("latitude", in: object), in: object, id: sourceID)
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else {
            throw Rejection(failure: .latitudeOutOfRange, id: sourceID, detail: "latitude \(latitude)")
        }
        let longitude = try Self.requiredNumber(Self.key("longitude", in: object), in: object, id: sourceID)
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw Rejection(failure: .longitudeOutOfRange, id: sourceID, detail: "longitude \(longitude)")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw Rejection(failure: .latitudeOutOfRange, id: sourceID, detail: error.errorDescription)
        }
        let licence: Licence
        if let known = licences[licenceName] {
            licence = known
        } else {
            licence = Licence(parsing: licenceName)
            licences[licenceName] = licence
        }
        return RawSite(
            line: line, source: source, sourceID: sourceID, licence: licence, retrievedOn: day, name: name,
            coordinate: coordinate,
            country: try Self.optionalString("country", in: object, id: sourceID),
            maxDepthMeters: try Self.optionalNumber(Self.key("max_depth_m", in: object), in: object, id: sourceID),
            visibilityMeters: try Self.optionalNumber(Self.key("visibility_m", in: object), in: object, id: sourceID),
            temperatureCelsius: try Self.optionalNumber(Self.key("temperature_c", in: object), in: object, id: sourceID),
            description: try Self.optionalString("description", in: object, id: sourceID),
            tags: try Self.optionalStrings("tags", in: object, id: sourceID),
            type: try Self.optionalString("type", in: object, id: sourceID)
        )
    }

    private func dive(from object: JSONLineObject, line: Int) throws(Rejection) -> RawDive {
        let id = try Self.requiredString("id", in: object, id: nil)
        let siteID = try Self.requiredString(Self.key("site_id", in: object), in: object, id: id, reportAs: "site_id")
        return RawDive(line: line, id: id, siteID: siteID, object: object)
    }

    private func sighting(from object: JSONLineObject, line: Int) throws(Rejection) -> RawSighting {
        let id = try Self.requiredString("id", in: object, id: nil)
        let diveID = try Self.requiredString(Self.key("dive_id", in: object), in: object, id: id, reportAs: "dive_id")
        let species = try Self.requiredString(Self.key("species", in: object), in: object, id: id, reportAs: "species")
        return RawSighting(line: line, id: id, diveID: diveID, species: species, object: object)
    }

    // MARK: Field rules

    /// Other spellings open-data exports use for a field, tried in order when the canonical key
    /// is absent: camelCase, the British "licence", short coordinate names.
    private static let aliases: [String: [String]] = [
        "source_id": ["sourceId", "sourceID", "id"],
        "license": ["licence", "licenseId", "license_id"],
        "retrieved_at": ["retrievedAt", "retrieved", "retrieved_on", "retrieval_date"],
        "latitude": ["lat"],
        "longitude": ["lon", "lng", "long"],
        "max_depth_m": ["maxDepthMeters", "max_depth", "depth_m", "depth"],
        "visibility_m": ["visibilityMeters", "visibility"],
        "temperature_c": ["temperatureCelsius", "temperature", "water_temperature_c"],
        "site_id": ["siteId", "siteID", "site"],
        "dive_id": ["diveId", "diveID", "dive"],
        "species": ["species_id", "speciesId", "taxon"],
    ]

    /// The key `object` uses for the field `canonical`: the canonical one when present, else the
    /// first alias present, else the canonical one (whose absence is then reported).
    private static func key(_ canonical: String, in object: JSONLineObject) -> String {
        if object[canonical] != nil { return canonical }
        return aliases[canonical]?.first { object[$0] != nil } ?? canonical
    }

    private static func requiredString(
        _ key: String, in object: JSONLineObject, id: String?, reportAs field: String? = nil
    ) throws(Rejection) -> String {
        switch object[key] {
        case .string(let text):
            let trimmed = TextCleaning.trimmed(text)
            guard !trimmed.isEmpty else { throw Rejection(failure: .missingField(field ?? key), id: id, detail: nil) }
            return trimmed
        case nil, .null:
            throw Rejection(failure: .missingField(field ?? key), id: id, detail: nil)
        case .some(let value):
            throw Rejection(failure: .invalidField(field ?? key), id: id, detail: "\(field ?? key) is \(value.typeName)")
        }
    }

    private static func requiredNumber(_ key: String, in object: JSONLineObject, id: String?) throws(Rejection) -> Double {
        switch object[key] {
        case .number(let value, _): return value
        case nil, .null: throw Rejection(failure: .missingField(key), id: id, detail: nil)
        case .some(let value): throw Rejection(failure: .invalidField(key), id: id, detail: "\(key) is \(value.typeName)")
        }
    }

    private static func optionalString(_ key: String, in object: JSONLineObject, id: String?) throws(Rejection) -> String? {
        switch object[key] {
        case .string(let text):
            let trimmed = TextCleaning.trimmed(text)
            return trimmed.isEmpty ? nil : trimmed
        case nil, .null: return nil
        case .some(let value): throw Rejection(failure: .invalidField(key), id: id, detail: "\(key) is \(value.typeName)")
        }
    }

    private static func optionalNumber(_ key: String, in object: JSONLineObject, id: String?) throws(Rejection) -> Double? {
        switch object[key] {
        case .number(let value, _):
            guard value.isFinite else { throw Rejection(failure: .invalidField(key), id: id, detail: "\(key) is not finite") }
            return value
        case nil, .null: return nil
        case .some(let value): throw Rejection(failure: .invalidField(key), id: id, detail: "\(key) is \(value.typeName)")
        }
    }

    private static func optionalStrings(_ key: String, in object: JSONLineObject, id: String?) throws(Rejection) -> [String] {
        switch object[key] {
        case .strings(let values): return values.map(TextCleaning.trimmed).filter { !$0.isEmpty }
        case .string(let text):
            let trimmed = TextCleaning.trimmed(text)
            return trimmed.isEmpty ? [] : [trimmed]
        case nil, .null: return []
        case .some(let value): throw Rejection(failure: .invalidField(key), id: id, detail: "\(key) is \(value.typeName)")
        }
    }
}
