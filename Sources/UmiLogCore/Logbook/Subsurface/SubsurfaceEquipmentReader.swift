import XMLKit

/// Reads a dive's `<cylinder>` and `<weightsystem>` elements.
enum SubsurfaceEquipmentReader {
    /// One `Cylinder` per `<cylinder>`, in file order (the order gas-change events refer to).
    /// A missing `o2` means air, as in Subsurface; pressures of 0 mean "not recorded".
    static func cylinders(of dive: XMLTree, record: String, issues: inout [LogbookIssue]) throws(LogbookReadError) -> [Cylinder] {
        var cylinders: [Cylinder] = []
        for element in dive.children("cylinder") {
            var reader = SubsurfaceAttributeReader(element: element, record: record + ", cylinder")
            var cylinder = Cylinder()
            cylinder.description = reader.text("description").flatMap(SubsurfaceValue.line)
            if let size = try reader.number("size", .volume), size != 0 { cylinder.sizeLiters = size }
            cylinder.workingPressureBar = try reader.pressure("workpressure")
            cylinder.oxygenPercent = try reader.percent("o2") ?? 21
            cylinder.heliumPercent = try reader.percent("he") ?? 0
            cylinder.startPressureBar = try reader.pressure("start")
            cylinder.endPressureBar = try reader.pressure("end")
            if let use = reader.text("use").flatMap(SubsurfaceValue.line) {
                cylinder.use = CylinderUse(rawValue: use)
                if cylinder.use == nil { reader.drop("unknown cylinder use '\(use)'") }
            }
            issues += reader.issues
            cylinders.append(cylinder)
        }
        return cylinders
    }

    /// One `WeightSystem` per `<weightsystem>` with a readable weight; one without is left out
    /// and reported, since a weight system is its weight.
    static func weights(of dive: XMLTree, record: String, issues: inout [LogbookIssue]) throws(LogbookReadError) -> [WeightSystem] {
        var weights: [WeightSystem] = []
        for element in dive.children("weightsystem") {
            var reader = SubsurfaceAttributeReader(element: element, record: record + ", weight system")
            if let kilograms = try reader.number("weight", .weight) {
                weights.append(WeightSystem(kilograms: kilograms, description: reader.text("description").flatMap(SubsurfaceValue.line)))
            } else if reader.issues.isEmpty {
                reader.drop("it has no weight")
            }
            issues += reader.issues
        }
        return weights
    }
}
