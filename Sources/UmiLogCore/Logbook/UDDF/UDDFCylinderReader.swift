import XMLKit

/// Reads a dive's cylinders: one per `tankdata`, in order, then one for each gas mix the
/// profile switches to that no `tankdata` uses.
///
/// A `tankdata` links to its gas mix and may link to a `tank` of the owner's equipment, whose
/// name is the cylinder's description. The extra cylinders cover files that only say which
/// gases were breathed (Diving Log's UDDF 2.2 has no `tankdata` at all, only a switch to air):
/// every gas breathed came out of some cylinder.
struct UDDFCylinderReader {
    let document: UDDFDocument
    private(set) var cylinders: [Cylinder] = []
    private var usedMixes: Set<String> = []

    init(document: UDDFDocument) {
        self.document = document
    }

    /// Reads the dive's `tankdata` elements.
    mutating func readTanks(of dive: XMLTree, values: inout UDDFValues) throws(LogbookReadError) {
        for tank in dive.children("tankdata") {
            var cylinder = Cylinder()
            for ref in tank.children("link").compactMap({ $0.attribute("ref") }) {
                switch document.target(ref) {
                case .mix(let oxygen, let helium):
                    cylinder.oxygenPercent = oxygen
                    cylinder.heliumPercent = helium
                    usedMixes.insert(ref)
                case .equipment("tank", let name, _):
                    cylinder.description = name
                case .equipment, .site, .person, .divebase, nil:
                    break
                }
            }
            cylinder.sizeLiters = try values.liters(UDDFRaw(tank.child("tankvolume")), "tankvolume")
            cylinder.startPressureBar = try values.tankPressure(UDDFRaw(tank.child("tankpressurebegin")), "tankpressurebegin")
            cylinder.endPressureBar = try values.tankPressure(UDDFRaw(tank.child("tankpressureend")), "tankpressureend")
            cylinders.append(cylinder)
        }
    }

    /// Adds a cylinder for each mix in `switchedMixes` (in order) that no `tankdata` used.
    mutating func addSwitchedMixes(_ switchedMixes: [String]) {
        for ref in switchedMixes where !usedMixes.contains(ref) {
            usedMixes.insert(ref)
            switch document.target(ref) {
            case .mix(let oxygen, let helium):
                cylinders.append(Cylinder(oxygenPercent: oxygen, heliumPercent: helium))
            case .equipment, .site, .person, .divebase, nil:
                break
            }
        }
    }
}
