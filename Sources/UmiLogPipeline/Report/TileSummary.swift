/// One written tile, as the report lists it (the manifest has the bounds too).
public struct TileSummary: Codable, Hashable, Sendable {
    public var name: String
    public var file: String
    public var count: Int
    public var compressedBytes: Int
    public var uncompressedBytes: Int

    public init(name: String, file: String, count: Int, compressedBytes: Int, uncompressedBytes: Int) {
        self.name = name
        self.file = file
        self.count = count
        self.compressedBytes = compressedBytes
        self.uncompressedBytes = uncompressedBytes
    }
}
