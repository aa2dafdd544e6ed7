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
    /// The largest input accepted, in bytes as passed to `XMLReader.parse` or as read by an
    /// `XMLStreamReader` (checked as the bytes arrive, before they are kept).
    public var maximumBytes: Int
    /// The largest single piece of markup a stream reader holds at once: a start tag with its
    /// attributes, a comment, a CDATA section, a processing instruction or the DOCTYPE. A
    /// stream keeps only the piece being read in memory, so this (not the file) bounds it.
    public var maximumTokenBytes: Int
    /// The largest element `XMLStreamReader.readElement` turns into a tree, in bytes of the
    /// document from its start tag to its end tag.
    public var maximumElementBytes: Int

    /// 256 levels, 1024 attributes per element, 256 MiB, 16 MiB per piece of markup, 64 MiB
    /// per element read as a tree.
    public static let `default` = XMLLimits()

    public init(
        maximumDepth: Int = 256, maximumAttributes: Int = 1024, maximumBytes: Int = 256 * 1024 * 1024,
        maximumTokenBytes: Int = 16 * 1024 * 1024, maximumElementBytes: Int = 64 * 1024 * 1024
    ) {
        self.maximumDepth = maximumDepth
        self.maximumAttributes = maximumAttributes
        self.maximumBytes = maximumBytes
        self.maximumTokenBytes = maximumTokenBytes
        self.maximumElementBytes = maximumElementBytes
    }
}
