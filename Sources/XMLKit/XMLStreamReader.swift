/// Reads a document from a byte source one element boundary at a time, holding only a window of
/// the document in memory: the reader for logs too large to turn into one `XMLTree`.
///
/// A caller walks the outer elements with ``next()`` and turns each element it wants into a
/// tree with ``readElement(_:)`` (a dive, say), or passes over it with ``skipElement()``. So
/// memory is bounded by the largest element read as a tree (`XMLLimits.maximumElementBytes`),
/// not by the file; the file itself is limited by `XMLLimits.maximumBytes`, checked as its
/// bytes arrive. The rules are `XMLReader`'s, applied by the same parser: every byte is checked,
/// the whole document must be well-formed (an error is thrown where the problem is met, so
/// what came before it has already been handed out), and the same inputs give the same errors.
///
/// Character data outside the elements read as trees is checked and left out: dive logs keep
/// their values inside elements, and the text between outer elements is indentation.
public struct XMLStreamReader {
    /// An element boundary.
    public enum Event: Hashable, Sendable {
        /// An element starts (for `<a/>`, an `.endElement` follows at once).
        case startElement(StartTag)
        case endElement
    }

    private var parser: DocumentParser
    private var finished = false

    public init(source: some XMLByteSource, limits: XMLLimits = .default) {
        parser = DocumentParser(input: XMLStreamInput(source: source, maximumBytes: limits.maximumBytes), limits: limits)
    }

    /// How many elements are open: 1 inside the root element.
    public var depth: Int { parser.openNames.count }

    /// The next start or end of an element; `nil` once the root element has ended and what
    /// follows it has been checked.
    public mutating func next() throws(XMLError) -> Event? {
        guard !finished else { return nil }
        switch try parser.nextToken() {
        case .start(let tag): return .startElement(tag)
        case .end: return .endElement
        case .endOfDocument:
            finished = true
            return nil
        }
    }

    /// The element whose start tag ``next()`` has just returned, with everything inside it, read
    /// through its end tag (which ``next()`` will not return).
    ///
    /// - Throws: `XMLError.elementTooLarge` beyond `XMLLimits.maximumElementBytes`, and any
    ///   error in the element's markup.
    public mutating func readElement(_ start: StartTag) throws(XMLError) -> XMLTree {
        var builder = XMLTreeBuilder(root: start)
        return try builder.build(with: &parser, maximumBytes: parser.limits.maximumElementBytes)
    }

    /// Reads past the element whose start tag ``next()`` has just returned, through its end tag,
    /// checking it but keeping nothing.
    public mutating func skipElement() throws(XMLError) {
        var open = 1
        while open > 0 {
            switch try parser.nextToken() {
            case .start: open += 1
            case .end: open -= 1
            case .endOfDocument: return
            }
        }
    }
}
