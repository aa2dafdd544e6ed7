import XMLKit

/// What a UDDF file declares once and its dives point at with `<link ref="…"/>`: people,
/// sites, dive bases, gas mixes and equipment; and which program wrote the file, since
/// Subsurface and UmiLog each write a value in a way only they mean it.
struct UDDFDocument {
    enum Generator: Equatable {
        case umiLog
        case subsurface
        case other
    }

    /// What an id names.
    enum Target {
        case site(key: String)
        /// A buddy (or the owner, whom a dive's links do not name as a buddy).
        case person(name: String, isOwner: Bool)
        /// A dive centre; it says nothing the log keeps.
        case divebase
        case mix(oxygenPercent: Double, heliumPercent: Double)
        /// An item of the owner's equipment: `kind` is its element (`suit`, `divecomputer`,
        /// `tank`, `lead`…).
        case equipment(kind: String, name: String?, model: String?)
    }

    /// The name UmiLog writes in `generator/name`.
    static let umiLogGeneratorName = "UmiLog"

    let generator: Generator
    /// `divesite/site` elements, in file order.
    let siteElements: [XMLTree]
    private var targets: [String: Target] = [:]

    init(root: XMLTree, log: inout LogbookIssueLog) {
        let generatorName = root.child(path: "generator", "name")?.trimmedText ?? ""
        if generatorName == Self.umiLogGeneratorName {
            generator = .umiLog
        } else if generatorName.lowercased().contains("subsurface") {
            generator = .subsurface
        } else {
            generator = .other
        }
        siteElements = root.child("divesite")?.children("site") ?? []
        indexPeople(root.child("diver"))
        indexSites(root.child("divesite"))
        indexMixes(root.child("gasdefinitions"), log: &log)
    }

    /// What `ref` names; `nil` for an unknown id (a dangling link is ignored, as Subsurface does).
    func target(_ ref: String?) -> Target? {
        ref.flatMap { targets[$0] }
    }

    /// The log's key for the site with this `id`: the id itself, or for a file UmiLog wrote,
    /// the key it wrapped (see ``UDDFIdentifier``). A site without an id gets one from its
    /// position so it is still imported.
    func siteKey(id: String?, position: Int) -> String {
        guard let id else { return "uddf-site-\(position + 1)" }
        if generator == .umiLog, let key = UDDFIdentifier.siteKey(fromID: id) { return key }
        return id
    }

    // MARK: Indexing

    private mutating func register(_ id: String?, _ target: Target) {
        guard let id, targets[id] == nil else { return }
        targets[id] = target
    }

    private mutating func indexPeople(_ diver: XMLTree?) {
        guard let diver else { return }
        for owner in diver.children("owner") {
            register(owner.attribute("id"), .person(name: Self.name(of: owner) ?? "", isOwner: true))
            for item in owner.child("equipment")?.children ?? [] {
                let name = item.child("name")?.trimmedText
                let model = item.child("model")?.trimmedText
                register(item.attribute("id"), .equipment(kind: item.name, name: name, model: model))
            }
        }
        for buddy in diver.children("buddy") {
            if let name = Self.name(of: buddy) {
                register(buddy.attribute("id"), .person(name: name, isOwner: false))
            }
        }
    }

    private mutating func indexSites(_ divesite: XMLTree?) {
        guard let divesite else { return }
        for base in divesite.children("divebase") {
            register(base.attribute("id"), .divebase)
        }
        for (position, site) in siteElements.enumerated() {
            register(site.attribute("id"), .site(key: siteKey(id: site.attribute("id"), position: position)))
        }
    }

    private mutating func indexMixes(_ definitions: XMLTree?, log: inout LogbookIssueLog) {
        guard let definitions else { return }
        for mix in definitions.children("mix") {
            let id = mix.attribute("id")
            var values = UDDFValues(record: "gas mix \(id ?? "?")", log: log)
            // A mix that names no oxygen is air, as in Subsurface.
            let oxygen = values.percent(UDDFRaw(mix.child("o2")), "o2") ?? 21
            let helium = values.percent(UDDFRaw(mix.child("he")), "he") ?? 0
            log = values.log
            register(id, .mix(oxygenPercent: oxygen, heliumPercent: helium))
        }
    }

    /// "First Middle Last" from `personal`, leaving out blank parts (a buddy with only a first
    /// name keeps it; Subsurface once dropped those).
    private static func name(of person: XMLTree) -> String? {
        let personal = person.child("personal")
        let parts = ["firstname", "middlename", "lastname"].compactMap { personal?.child($0)?.trimmedText }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
