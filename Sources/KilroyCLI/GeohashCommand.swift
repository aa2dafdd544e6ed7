import ArgumentParser

/// `kilroy geohash encode|decode|neighbors`.
struct GeohashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geohash",
        abstract: "Encode, decode and find the neighbours of geohashes."
    )
}
