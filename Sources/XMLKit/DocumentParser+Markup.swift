/// The pieces of markup: tags, attribute values, references, comments, processing
/// instructions, CDATA sections and the DOCTYPE. Each function starts at the `<` or `&` that
/// introduces its piece and leaves the cursor just after it.
///
/// Error messages and the line numbers of anything but start tags are worked out only when an
/// error is thrown; doing it for every tag and attribute would double the cost of parsing.
extension DocumentParser {
    // MARK: Tags

    /// Reads a start tag. Touches no parser state the caller keeps: the caller opens the
    /// element (unless it is empty, `<a/>`) once the whole tag has been read.
    mutating func parseStartTag() throws(XMLError) -> StartTag {
        let line = cursor.currentLine()
        cursor.advance()  // "<"
        guard let first = cursor.current else { throw .unexpectedEndOfInput(inside: "tag", line: line) }
        guard XMLByte.isNameStart(first) else {
            throw .malformedMarkup(expected: "an element name after “<” (a literal “<” is written &lt;)", line: line)
        }
        guard openNames.count < limits.maximumDepth else { throw .tooDeep(limit: limits.maximumDepth, line: line) }
        let qualifiedName = cursor.scanName()
        var tag: String { "start tag <\(cursor.excerpt(qualifiedName))>" }
        var attributes: [XMLAttribute] = []
        if !attributeNames.isEmpty { attributeNames.removeAll(keepingCapacity: true) }
        if !attributeNameSet.isEmpty { attributeNameSet.removeAll(keepingCapacity: true) }
        while true {
            let spaced = cursor.skipWhitespace()
            guard let byte = cursor.current else { throw .unexpectedEndOfInput(inside: tag, line: line) }
            switch byte {
            case XMLByte.greaterThan:
                cursor.advance()
                return startTag(qualifiedName, attributes: attributes, line: line, isEmpty: false)
            case XMLByte.slash:
                cursor.advance()
                guard let next = cursor.current else { throw .unexpectedEndOfInput(inside: tag, line: line) }
                guard next == XMLByte.greaterThan else {
                    throw .malformedMarkup(expected: "“>” after “/” in the \(tag)", line: cursor.currentLine())
                }
                cursor.advance()
                return startTag(qualifiedName, attributes: attributes, line: line, isEmpty: true)
            default:
                guard XMLByte.isNameStart(byte) else {
                    let expected = "an attribute name, “>” or “/>” in the \(tag)"
                    throw .malformedMarkup(expected: expected, line: cursor.currentLine())
                }
                guard spaced else {
                    let expected = "white space before each attribute in the \(tag)"
                    throw .malformedMarkup(expected: expected, line: cursor.currentLine())
                }
                guard attributeNames.count < limits.maximumAttributes else {
                    throw .tooManyAttributes(limit: limits.maximumAttributes, line: line)
                }
                if let attribute = try parseAttribute(tagName: qualifiedName, tagLine: line) {
                    attributes.append(attribute)
                }
            }
        }
    }

    /// Reads `name = "value"`; nil for a namespace declaration, which the tree leaves out.
    private mutating func parseAttribute(tagName: Range<Int>, tagLine: Int) throws(XMLError) -> XMLAttribute? {
        let opening = cursor.position
        let qualifiedName = cursor.scanName()
        var tag: String { "start tag <\(cursor.excerpt(tagName))>" }
        var quotedName: String { "“\(cursor.excerpt(qualifiedName))”" }
        guard insertAttributeName(qualifiedName) else {
            throw .duplicateAttribute(name: cursor.excerpt(qualifiedName), line: cursor.line(at: opening))
        }
        cursor.skipWhitespace()
        guard let equals = cursor.current else { throw .unexpectedEndOfInput(inside: tag, line: tagLine) }
        guard equals == XMLByte.equals else {
            throw .malformedMarkup(expected: "“=” after the attribute name \(quotedName)", line: cursor.currentLine())
        }
        cursor.advance()
        cursor.skipWhitespace()
        guard let quote = cursor.current else { throw .unexpectedEndOfInput(inside: tag, line: tagLine) }
        guard quote == XMLByte.doubleQuote || quote == XMLByte.singleQuote else {
            throw .malformedMarkup(expected: "a quoted value for the attribute \(quotedName)", line: cursor.currentLine())
        }
        let value = try parseAttributeValue(named: qualifiedName)
        let bytes = cursor.bytes[qualifiedName]
        if bytes.elementsEqual(Literal.xmlns) || bytes.starts(with: Literal.xmlnsPrefix) { return nil }
        return XMLAttribute(name: localName(qualifiedName), value: value)
    }

    /// Records an attribute's qualified name; false when the tag already has it.
    private mutating func insertAttributeName(_ range: Range<Int>) -> Bool {
        let name = cursor.bytes[range]
        // A linear search is fastest for the few attributes real tags have; past that a set
        // keeps a tag with a thousand attributes from costing half a million comparisons.
        if attributeNames.count < 16 {
            for seen in attributeNames where cursor.bytes[seen] == name { return false }
        } else {
            if attributeNameSet.isEmpty {
                for seen in attributeNames { attributeNameSet.insert(cursor.bytes[seen]) }
            }
            guard attributeNameSet.insert(name).inserted else { return false }
        }
        attributeNames.append(range)
        return true
    }

    /// Reads a quoted attribute value: references decoded, and tab, CR, LF and CRLF each
    /// turned into one space, as XML's attribute-value normalisation requires.
    private mutating func parseAttributeValue(named name: Range<Int>) throws(XMLError) -> String {
        var quotedName: String { "“\(cursor.excerpt(name))”" }
        let opening = cursor.position
        let quote = cursor.bytes[opening]
        cursor.advance()
        let start = cursor.position
        // Most values need no decoding: take their bytes as they are.
        while let byte = cursor.current, byte != quote, byte != XMLByte.ampersand, byte != XMLByte.lessThan,
            byte >= XMLByte.space
        {
            cursor.advance()
        }
        if cursor.current == quote {
            let value = String(decoding: cursor.bytes[start..<cursor.position], as: UTF8.self)
            cursor.advance()
            return value
        }
        var value = Array(cursor.bytes[start..<cursor.position])
        while true {
            guard let byte = cursor.current else {
                let inside = "value of the attribute \(quotedName)"
                throw .unexpectedEndOfInput(inside: inside, line: cursor.line(at: opening))
            }
            switch byte {
            case quote:
                cursor.advance()
                return String(decoding: value, as: UTF8.self)
            case XMLByte.ampersand:
                XMLByte.appendUTF8(try parseReference(), to: &value)
            case XMLByte.lessThan:
                let expected = "&lt; instead of “<” in the value of the attribute \(quotedName)"
                throw .malformedMarkup(expected: expected, line: cursor.currentLine())
            case XMLByte.carriageReturn:
                value.append(XMLByte.space)
                cursor.skipCarriageReturn()
            case XMLByte.tab, XMLByte.lineFeed:
                value.append(XMLByte.space)
                cursor.advance()
            default:
                value.append(byte)
                cursor.advance()
            }
        }
    }

    /// Reads an end tag, which must close the innermost open element, and closes it.
    mutating func parseEndTag() throws(XMLError) {
        let opening = cursor.position
        cursor.advance(by: 2)  // "</"
        guard let open = openNames.last else { throw .contentAfterRootElement(line: cursor.line(at: opening)) }
        guard let first = cursor.current else {
            throw .unexpectedEndOfInput(inside: "end tag", line: cursor.line(at: opening))
        }
        guard XMLByte.isNameStart(first) else {
            throw .malformedMarkup(expected: "an element name after “</”", line: cursor.line(at: opening))
        }
        let found = cursor.scanName()
        guard open.utf8.elementsEqual(cursor.bytes[found]) else {
            let line = cursor.line(at: opening)
            throw .mismatchedEndTag(expected: XMLError.excerpt(Array(open.utf8)[...]), found: cursor.excerpt(found), line: line)
        }
        cursor.skipWhitespace()
        guard let byte = cursor.current else {
            throw .unexpectedEndOfInput(inside: "end tag </\(cursor.excerpt(found))>", line: cursor.line(at: opening))
        }
        guard byte == XMLByte.greaterThan else {
            let expected = "“>” to end the end tag </\(cursor.excerpt(found))>"
            throw .malformedMarkup(expected: expected, line: cursor.currentLine())
        }
        cursor.advance()
        openNames.removeLast()
    }

    /// The tag read. The qualified name is kept as a string, to match the end tag against once
    /// the tag's bytes are gone from a stream's buffer (most names are short enough to be stored
    /// inline); without a prefix it is the local name too.
    private func startTag(_ range: Range<Int>, attributes: [XMLAttribute], line: Int, isEmpty: Bool) -> StartTag {
        let qualified = String(decoding: cursor.bytes[range], as: UTF8.self)
        let hasPrefix = cursor.bytes[range].contains(XMLByte.colon)
        return StartTag(
            qualifiedName: qualified, name: hasPrefix ? localName(range) : qualified, attributes: attributes, line: line,
            isEmpty: isEmpty
        )
    }

    /// The part of a qualified name after its prefix (`uddf:dive` → `dive`); the whole name
    /// when nothing follows the colon.
    private func localName(_ range: Range<Int>) -> String {
        var start = range.lowerBound
        if let colon = cursor.bytes[range].lastIndex(of: XMLByte.colon), colon + 1 < range.upperBound {
            start = colon + 1
        }
        return String(decoding: cursor.bytes[start..<range.upperBound], as: UTF8.self)
    }

    // MARK: References

    /// Reads `&name;`, `&#N;` or `&#xH;` and returns the code point it stands for. Only XML's
    /// five predefined entities exist here; anything else, including a bare `&`, is an error,
    /// because silently keeping or dropping it would change the data being imported.
    mutating func parseReference() throws(XMLError) -> UInt32 {
        let opening = cursor.position
        cursor.advance()  // "&"
        let advice = " (a literal “&” is written &amp;)"
        guard let first = cursor.current else {
            throw .unexpectedEndOfInput(inside: "reference", line: cursor.line(at: opening))
        }
        if first == XMLByte.hash {
            cursor.advance()
            let hexadecimal = cursor.current == XMLByte.lowercaseX
            if hexadecimal { cursor.advance() }
            let digitsStart = cursor.position
            // Saturates just above U+10FFFF, so `&#99999999999999999999;` cannot overflow.
            var value: UInt32 = 0
            while let byte = cursor.current, let digit = Self.digitValue(byte, hexadecimal: hexadecimal) {
                value = min(value * (hexadecimal ? 16 : 10) + digit, 0x11_0000)
                cursor.advance()
            }
            guard cursor.position > digitsStart, let end = cursor.current, end == XMLByte.semicolon else {
                let line = cursor.line(at: opening)
                if cursor.isAtEnd { throw .unexpectedEndOfInput(inside: "reference", line: line) }
                if cursor.position == digitsStart {
                    let digits = hexadecimal ? "hexadecimal digits after “&#x”" : "digits or “x” after “&#”"
                    throw .malformedMarkup(expected: digits + advice, line: line)
                }
                throw .malformedMarkup(expected: "“;” to end the character reference", line: line)
            }
            cursor.advance()
            guard XMLByte.isXMLCharacter(value) else {
                let reference = cursor.excerpt(opening..<cursor.position)
                throw .invalidCharacterReference(reference: reference, line: cursor.line(at: opening))
            }
            return value
        }
        guard XMLByte.isNameStart(first) else {
            throw .malformedMarkup(expected: "an entity name or “#” after “&”" + advice, line: cursor.line(at: opening))
        }
        let name = cursor.scanName()
        guard let end = cursor.current else {
            throw .unexpectedEndOfInput(inside: "reference", line: cursor.line(at: opening))
        }
        guard end == XMLByte.semicolon else {
            let expected = "“;” after “&\(cursor.excerpt(name))”" + advice
            throw .malformedMarkup(expected: expected, line: cursor.line(at: opening))
        }
        cursor.advance()
        switch cursor.bytes[name] {
        case [0x6C, 0x74]: return UInt32(XMLByte.lessThan)  // lt
        case [0x67, 0x74]: return UInt32(XMLByte.greaterThan)  // gt
        case [0x61, 0x6D, 0x70]: return UInt32(XMLByte.ampersand)  // amp
        case [0x71, 0x75, 0x6F, 0x74]: return UInt32(XMLByte.doubleQuote)  // quot
        case [0x61, 0x70, 0x6F, 0x73]: return UInt32(XMLByte.singleQuote)  // apos
        default: throw .undefinedEntity(name: cursor.excerpt(name), line: cursor.line(at: opening))
        }
    }

    private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x61...0x66 where hexadecimal: UInt32(byte - 0x61 + 10)
        case 0x41...0x46 where hexadecimal: UInt32(byte - 0x41 + 10)
        default: nil
        }
    }

    // MARK: Comments, processing instructions, CDATA, DOCTYPE

    /// Skips `<!-- … -->`. A `--` inside is tolerated, as most readers do.
    mutating func skipComment() throws(XMLError) {
        let opening = cursor.position
        cursor.advance(by: Literal.commentStart.count)
        guard let end = cursor.find(Literal.commentEnd) else {
            throw .unexpectedEndOfInput(inside: "comment", line: cursor.line(at: opening))
        }
        cursor.position = end + Literal.commentEnd.count
    }

    /// Skips `<?target …?>`, including the XML declaration, whose encoding `XMLEncoding` has
    /// already acted on. A processing instruction without a target (`<??>`) is an error.
    mutating func skipProcessingInstruction() throws(XMLError) {
        let opening = cursor.position
        cursor.advance(by: Literal.processingInstructionStart.count)
        guard let first = cursor.current else {
            throw .unexpectedEndOfInput(inside: "processing instruction", line: cursor.line(at: opening))
        }
        guard XMLByte.isNameStart(first) else {
            throw .malformedMarkup(expected: "a processing instruction name after “<?”", line: cursor.line(at: opening))
        }
        guard let end = cursor.find(Literal.processingInstructionEnd) else {
            throw .unexpectedEndOfInput(inside: "processing instruction", line: cursor.line(at: opening))
        }
        cursor.position = end + Literal.processingInstructionEnd.count
    }

    /// Moves past `<![CDATA[ … ]]>` and returns the range of its content.
    mutating func parseCDATA() throws(XMLError) -> Range<Int> {
        let opening = cursor.position
        cursor.advance(by: Literal.cdataStart.count)
        let start = cursor.position
        guard let end = cursor.find(Literal.cdataEnd) else {
            throw .unexpectedEndOfInput(inside: "CDATA section", line: cursor.line(at: opening))
        }
        cursor.position = end + Literal.cdataEnd.count
        return start..<end
    }

    /// Skips `<!DOCTYPE …>` with any internal subset `[ … ]`. Quoted strings, comments and
    /// processing instructions in it are skipped whole, so a `>` or `]` inside them does not
    /// end the declaration early. Declarations in the subset are not acted on.
    mutating func skipDoctype() throws(XMLError) {
        let opening = cursor.position
        cursor.advance(by: Literal.doctypeStart.count)
        var inSubset = false
        while let byte = cursor.current {
            switch byte {
            case XMLByte.doubleQuote, XMLByte.singleQuote:
                cursor.advance()
                guard let end = cursor.bytes[cursor.position...].firstIndex(of: byte) else {
                    throw .unexpectedEndOfInput(inside: "DOCTYPE declaration", line: cursor.line(at: opening))
                }
                cursor.position = end + 1
            case XMLByte.openBracket where !inSubset:
                inSubset = true
                cursor.advance()
            case XMLByte.closeBracket where inSubset:
                inSubset = false
                cursor.advance()
            case XMLByte.lessThan where inSubset && cursor.startsWith(Literal.commentStart):
                try skipComment()
            case XMLByte.lessThan where inSubset && cursor.startsWith(Literal.processingInstructionStart):
                try skipProcessingInstruction()
            case XMLByte.greaterThan where !inSubset:
                cursor.advance()
                return
            default:
                cursor.advance()
            }
        }
        throw .unexpectedEndOfInput(inside: "DOCTYPE declaration", line: cursor.line(at: opening))
    }
}
