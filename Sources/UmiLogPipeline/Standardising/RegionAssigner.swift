import Foundation
import Geo

/// Assigns every valid coordinate to exactly one of the app's ten regions (the `region` names
/// of the shipped `sites.json`), which are also the dataset's tiles.
///
/// Regions are unions of latitude/longitude boxes, tried in the order of ``boxes``; the first
/// box holding the point wins, so where boxes overlap the earlier one decides (edges included).
/// The boxes follow coasts where two regions meet: Central America's Pacific coast is
/// "Americas Pacific", its Caribbean coast "Caribbean"; Florida and the Gulf of Mexico are
/// "Atlantic", the Bahamas "Caribbean"; Christmas Island is "Indian Ocean", Bali "Southeast
/// Asia"; New Caledonia and Palau are "Pacific", Lord Howe and the Kermadecs "Australia & New
/// Zealand". Every site of the shipped `sites.json` gets the region it is listed under.
///
/// Fallback for a point no box holds (inland Asia, Antarctica): north of 50° "Arctic & North
/// Atlantic"; otherwise the ocean basin of its longitude, split at the usual Southern Ocean
/// meridians: 70° W – 20° E "Atlantic", 20° E – 147° E "Indian Ocean", elsewhere "Pacific".
package enum RegionAssigner {
    package static let redSea = "Red Sea"
    package static let caribbean = "Caribbean"
    package static let southeastAsia = "Southeast Asia"
    package static let pacific = "Pacific"
    package static let indianOcean = "Indian Ocean"
    package static let mediterranean = "Mediterranean"
    package static let atlantic = "Atlantic"
    package static let americasPacific = "Americas Pacific"
    package static let australiaNewZealand = "Australia & New Zealand"
    package static let arcticNorthAtlantic = "Arctic & North Atlantic"

    /// The ten regions, in the order tiles are listed.
    static let all = [
        arcticNorthAtlantic, americasPacific, atlantic, australiaNewZealand, caribbean, indianOcean, mediterranean,
        pacific, redSea, southeastAsia,
    ]

    /// A box of a region; `west > east` crosses the antimeridian.
    struct Box: Sendable {
        var region: String
        var south, west, north, east: Double

        func contains(_ coordinate: Coordinate) -> Bool {
            guard south <= coordinate.latitude, coordinate.latitude <= north else { return false }
            let longitude = coordinate.longitude
            return west <= east ? (west <= longitude && longitude <= east) : (longitude >= west || longitude <= east)
        }
    }

    /// In priority order (south, west, north, east).
    static let boxes: [Box] = [
        Box(region: arcticNorthAtlantic, south: 66, west: -180, north: 90, east: 180),
        Box(region: redSea, south: 12, west: 32, north: 30.5, east: 44),
        Box(region: mediterranean, south: 30, west: -6, north: 42, east: 36.5),
        Box(region: mediterranean, south: 42, west: 2, north: 47.5, east: 42),  // north coasts and the Black Sea
        Box(region: caribbean, south: 9.1, west: -83.7, north: 24.3, east: -58),
        Box(region: caribbean, south: 7.5, west: -77.4, north: 9.1, east: -58),  // Gulf of Urabá, Orinoco delta
        Box(region: caribbean, south: 24.3, west: -79.6, north: 28, east: -70),  // northern Bahamas, not Florida
        Box(region: caribbean, south: 15, west: -92, north: 23.5, east: -83.7),  // Yucatán, Belize, Honduras, western Cuba
        Box(region: caribbean, south: 10.9, west: -84.5, north: 15, east: -83.7),  // Nicaragua's Caribbean coast
        Box(region: americasPacific, south: -60, west: -100, north: 0, east: -70),
        Box(region: americasPacific, south: 0, west: -100, north: 9.1, east: -77),
        Box(region: americasPacific, south: 9.1, west: -100, north: 16.5, east: -83.7),
        Box(region: americasPacific, south: 16.5, west: -135, north: 66, east: -98),
        Box(region: americasPacific, south: 30, west: -170, north: 66, east: -135),
        Box(region: arcticNorthAtlantic, south: 50, west: -80, north: 66, east: 60),
        Box(region: southeastAsia, south: -9, west: 92, north: 23.5, east: 112),
        Box(region: southeastAsia, south: -11.2, west: 112, north: 21.3, east: 129),
        Box(region: southeastAsia, south: -10, west: 129, north: 2, east: 141),
        Box(region: australiaNewZealand, south: -47, west: 112, north: -10.9, east: 149),
        Box(region: australiaNewZealand, south: -47, west: 149, north: -12, east: 155),
        Box(region: australiaNewZealand, south: -53, west: 155, north: -28.5, east: -175),  // NZ, Lord Howe, Kermadecs
        Box(region: indianOcean, south: -60, west: 20, north: 31, east: 112),
        Box(region: pacific, south: -60, west: 112, north: 66, east: -100),
        Box(region: atlantic, south: -60, west: -100, north: 50, east: 20),
    ]

    static func region(for coordinate: Coordinate) -> String {
        if let box = boxes.first(where: { $0.contains(coordinate) }) { return box.region }
        if coordinate.latitude >= 50 { return arcticNorthAtlantic }
        switch coordinate.longitude {
        case -70..<20: return atlantic
        case 20..<147: return indianOcean
        default: return pacific
        }
    }

    /// The tile file name of a region ("red-sea", "australia-new-zealand").
    static func slug(_ region: String) -> String {
        SiteIdentifier.slug(region.replacingOccurrences(of: "&", with: " "))
    }
}
