import ArgumentParser
import Foundation
import Geo

/// `kilroy geohash encode|decode|neighbors`: the Geo kit's cell algebra from a terminal.
struct GeohashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geohash",
        abstract: "Encode a point, decode a geohash to its cell, or list a cell's eight neighbours.",
        subcommands: [GeohashEncode.self, GeohashDecode.self, GeohashNeighborsCommand.self]
    )
}
