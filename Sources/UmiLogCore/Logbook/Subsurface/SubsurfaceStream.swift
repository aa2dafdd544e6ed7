import XMLKit

/// Subsurface XML read as a stream, one dive at a time (see ``LogbookSource``).
///
/// The first pass keeps the `<divesites>` (the sites dives link to by `divesiteid`) and counts
/// the dives; the second reads each `<dive>` — under `<dives>`, in a `<trip>`, or directly under
/// the root as older files have them — as a tree. A version-2 file names its sites inside its
/// dives (`<location gps='…'>`); those are handed out with the dive that first names them.
/// Both passes check the whole document, so a file that is not well-formed is refused before
/// any dive is handed out.
struct SubsurfaceStream: LogbookSource {
    let bytes: LogbookBytes
    var format: LogbookFormat { .subsurface }

    func read(header: (LogbookHeader) throws -> Void, dive: (LogbookDiveRead) throws -> Void) throws {
        var (sites, headerIssues) = try survey()
        try header(LogbookHeader(sites: sites.sites, issues: headerIssues))
        headerIssues = []
        var reader = SubsurfaceDiveReader()
        try walk(pass: .dives) { element in
            let known = sites.sites.count
            let read = try reader.read(element, sites: &sites)
            try dive(LogbookDiveRead(dive: read, issues: reader.takeIssues(), sites: Array(sites.sites[known...])))
        }
    }

    // MARK: Passes

    private enum Pass {
        case survey
        case dives
    }

    /// The sites of `<divesites>` and the problems met in them; refuses a file with no dives.
    private func survey() throws -> (SubsurfaceSiteBook, [LogbookIssue]) {
        var siteSections: [XMLTree] = []
        var diveCount = 0
        let root = try walk(pass: .survey, sites: { siteSections.append($0) }, dive: { _ in diveCount += 1 })
        guard diveCount > 0 else { throw LogbookReadError.noDives }
        var issues: [LogbookIssue] = []
        let book = SubsurfaceSiteBook(divelog: XMLTree(name: root.name, children: siteSections), issues: &issues)
        return (book, issues)
    }

    /// Walks the document: `sites` gets each `<divesites>` under the root (first pass), `dive`
    /// each dive, as a tree in the second pass and as its start only in the first. Returns the
    /// root's start tag.
    @discardableResult
    private func walk(
        pass: Pass, sites: (XMLTree) throws -> Void = { _ in }, dive: (XMLTree) throws -> Void
    ) throws -> StartTag {
        var reader = XMLStreamReader(source: try bytes.open(), limits: LogbookXML.limits)
        do {
            guard case .startElement(let root)? = try reader.next() else { throw XMLError.missingRootElement }
            // Not Subsurface (or too new) is said once the file is known to be well-formed.
            var refusal: LogbookReadError?
            if root.name != "divelog" {
                refusal = .wrongFormat(expected: .subsurface, found: "<\(root.name)>")
            } else if let version = root.attribute("version") {
                if SubsurfaceValue.integer(version).map({ $0 > SubsurfaceXMLReader.supportedVersion }) ?? true {
                    refusal = .unsupportedVersion(format: .subsurface, version: version)
                }
            }
            if refusal != nil {
                try reader.skipElement()
            } else {
                try walkContainer(&reader, isRoot: true, pass: pass, sites: sites, dive: dive)
            }
            while try reader.next() != nil {}
            if let refusal { throw refusal }
            return root
        } catch let error as XMLError {
            throw LogbookXML.error(error)
        }
    }

    /// The dives of the element whose start tag was just read (the root, or `<dives>`), in file
    /// order: its `<dive>`s, those of its `<trip>`s and of nested `<dives>`.
    private func walkContainer(
        _ reader: inout XMLStreamReader, isRoot: Bool, pass: Pass, sites: (XMLTree) throws -> Void,
        dive: (XMLTree) throws -> Void
    ) throws {
        while case .startElement(let tag)? = try reader.next() {
            switch tag.name {
            case "dive":
                try visit(tag, &reader, pass: pass, dive: dive)
            case "trip":
                while case .startElement(let inner)? = try reader.next() {
                    if inner.name == "dive" {
                        try visit(inner, &reader, pass: pass, dive: dive)
                    } else {
                        try reader.skipElement()
                    }
                }
            case "dives":
                try walkContainer(&reader, isRoot: false, pass: pass, sites: sites, dive: dive)
            case "divesites" where isRoot && pass == .survey:
                try sites(try reader.readElement(tag))
            default:
                try reader.skipElement()
            }
        }
    }

    private func visit(_ tag: StartTag, _ reader: inout XMLStreamReader, pass: Pass, dive: (XMLTree) throws -> Void) throws {
        switch pass {
        case .survey:
            try reader.skipElement()
            try dive(XMLTree(name: tag.name, attributes: tag.attributes, line: tag.line))
        case .dives:
            try dive(try reader.readElement(tag))
        }
    }
}
