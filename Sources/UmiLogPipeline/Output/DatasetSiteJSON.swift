import UmiLogCore

/// Writes a tile: a JSON array of ``DatasetSite``, one site per line, readable by
/// `JSONDecoder` into `[DatasetSite]` (the tests hold it to that). Optional values that are
/// absent are left out, as `JSONEncoder` does.
enum DatasetSiteJSON {
    static func encode(_ sites: some Collection<DatasetSite>) -> [UInt8] {
        var writer = JSONWriter(capacity: sites.count * 384)
        writer.raw("[")
        var first = true
        for site in sites {
            writer.raw(first ? "\n" : ",\n")
            write(site, to: &writer)
            first = false
        }
        writer.raw(sites.isEmpty ? "]\n" : "\n]\n")
        return writer.bytes
    }

    private static func write(_ site: DatasetSite, to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("id", first: true)
        writer.string(site.id)
        writer.key("name")
        writer.string(site.name)
        writer.key("latitude")
        writer.number(site.latitude)
        writer.key("longitude")
        writer.number(site.longitude)
        writer.key("region")
        writer.string(site.region)
        if let country = site.country {
            writer.key("country")
            writer.string(country)
        }
        if let depth = site.maxDepthMeters {
            writer.key("maxDepthMeters")
            writer.number(depth)
        }
        if let visibility = site.visibilityMeters {
            writer.key("visibilityMeters")
            writer.number(visibility)
        }
        if let temperature = site.temperatureCelsius {
            writer.key("temperatureCelsius")
            writer.number(temperature)
        }
        if let description = site.description {
            writer.key("description")
            writer.string(description)
        }
        writer.key("tags")
        writer.strings(site.tags)
        writer.key("licence")
        writer.string(site.licence)
        writer.key("attribution")
        writer.string(site.attribution)
        writer.key("sourceIDs")
        writer.strings(site.sourceIDs)
        writer.key("flags")
        writer.strings(site.flags)
        writer.raw("}")
    }
}
