/// An XML element with everything inside it, as `XMLReader` returns it.
///
/// Importers walk this tree by local name (`tree.child("divecomputer")?.children("sample")`),
/// so a file that binds the UDDF namespace to a prefix (`<u:dive>`) reads the same as one that
/// uses it as the default namespace (`<dive>`). Names in the tree are therefore local names,
/// for elements and attributes alike.
///
/// `XMLTree` is a recursive value: releasing or comparing one recurses once per level, which is
/// one reason `XMLLimits.maximumDepth` exists.
public struct XMLTree: Hashable, Sendable {
    /// The local name: a namespace prefix is removed (`uddf:dive` becomes `dive`).
    public var name: String
    /// The attributes in document order, named by their local names; `xmlns` and `xmlns:*`
    /// declarations are left out, since they only bind prefixes that the tree no longer shows.
    public var attributes: [XMLAttribute]
    /// The child elements in document order.
    public var children: [XMLTree]
    /// All character data directly inside this element, concatenated in document order: entity
    /// and character references decoded, CDATA sections included, white space kept exactly, and
    /// CRLF and lone CR turned into LF as XML requires.
    public var text: String
    /// The 1-based line of the start tag, for error messages about the content (0 for trees
    /// built in code).
    public var line: Int

    public init(
        name: String, attributes: [XMLAttribute] = [], children: [XMLTree] = [], text: String = "",
        line: Int = 0
    ) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The value of the first attribute with this local name.
    public func attribute(_ localName: String) -> String? {
        attributes.first { $0.name == localName }?.value
    }

    /// The first direct child with this local name.
    public func child(_ name: String) -> XMLTree? {
        children.first { $0.name == name }
    }

    /// The direct children with this local name, in document order.
    public func children(_ name: String) -> [XMLTree] {
        children.filter { $0.name == name }
    }

    /// Every element below this one (not this one itself) with this local name, in document
    /// order. Walks with an explicit stack, so the depth of the tree does not matter.
    public func descendants(_ name: String) -> [XMLTree] {
        var found: [XMLTree] = []
        var pending: [XMLTree] = children.reversed()
        while let next = pending.popLast() {
            if next.name == name { found.append(next) }
            pending.append(contentsOf: next.children.reversed())
        }
        return found
    }

    /// The element reached by following first children with these names, e.g.
    /// `tree.child(path: "profiledata", "repetitiongroup", "dive")`; `self` for an empty path.
    public func child(path: String...) -> XMLTree? {
        var current = self
        for name in path {
            guard let next = current.child(name) else { return nil }
            current = next
        }
        return current
    }

    /// `text` without leading and trailing XML white space (space, tab, CR, LF), or `nil` when
    /// nothing else is left; the usual way to read a value such as `<depth>12.5</depth>`.
    public var trimmedText: String? {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !XMLByte.isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !XMLByte.isWhitespace($0) })
        else { return nil }
        // Cut on bytes, not Characters: a combining mark after a space would otherwise keep the space.
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}

/// One attribute of an `XMLTree`, by local name, with its value decoded and normalised.
public struct XMLAttribute: Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
