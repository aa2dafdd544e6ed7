/// Bounds on what `XMLReader` accepts, so a hostile or broken file fails with an error instead
/// of exhausting memory or the stack.
///
/// The defaults are far above any real dive log (Subsurface and UDDF nest fewer than 10 levels
/// and use a handful of attributes per element).
public struct XMLLimits: Hashable, Sendable {
    /// The deepest element nesting accepted; the root element is at depth 1.
    ///
    /// The reader itself uses no recursion, but `XMLTree` is a recursive value that Swift
    /// releases and compares recursively, so trees many thousands of levels deep can overflow
    /// the stack of whoever holds them. Raise this only with that in mind.
    public var maximumDepth: Int
    /// The most attributes one start tag may have (including `xmlns` declarations).
    public var maximumAttributes: Int
    /// The largest input accepted, in bytes as passed to `XMLReader.parse`.
    public var maximumBytes: Int

    /// 256 levels, 1024 attributes per element, 256 MiB.
    public static let `default` = XMLLimits()

    public init(maximumDepth: Int = 256, maximumAttributes: Int = 1024, maximumBytes: Int = 256 * 1024 * 1024) {
        self.maximumDepth = maximumDepth
        self.maximumAttributes = maximumAttributes
        self.maximumBytes = maximumBytes
    }
}
