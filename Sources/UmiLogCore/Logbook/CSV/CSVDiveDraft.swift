/// One row read through a mapping: every mapped cell as a typed SI value, and the cells that
/// gave none. The reader turns it into a dive and the preview into text, so both see exactly
/// the same values.
struct CSVDiveDraft: Hashable, Sendable {
    var number: Int?
    /// From the date (or date-and-time) column, with the time that cell carried.
    var dateStart: LocalDateTime?
    var time: CSVTimeOfDay?
    var durationSeconds: Int?
    var maxDepthMeters: Double?
    var meanDepthMeters: Double?
    var waterTemperatureCelsius: Double?
    var airTemperatureCelsius: Double?
    var buddy: String?
    var divemaster: String?
    var suit: String?
    var notes: String?
    var location: String?
    var latitude: Double?
    var longitude: Double?
    var tags: [String] = []
    var rating: Int?
    var visibilityMeters: Double?
    var cylinderSizeLiters: Double?
    var startPressureBar: Double?
    var endPressureBar: Double?
    var oxygenPercent: Double?
    var heliumPercent: Double?
    var weightKilograms: Double?
    var problems: [CSVCellProblem] = []

    /// Reads every mapped cell of `row`; a field mapped to several columns reads the first.
    init(row: CSVRow, mapping: CSVMapping, decimalComma: Bool) {
        for field in CSVField.allCases {
            guard let column = mapping.column(for: field) else { continue }
            let cell = row[column]
            guard !CSVText.trimmed(cell).isEmpty else { continue }
            read(field, cell: cell, mapping: mapping, decimalComma: decimalComma)
        }
        if dateStart == nil, !problems.contains(where: { $0.field == .date || $0.field == .dateTime }) {
            problems.append(
                CSVCellProblem(field: mapping.column(for: .dateTime) != nil ? .dateTime : .date, value: "", kind: .missing, expectation: ""))
        }
        if durationSeconds == nil, !problems.contains(where: { $0.field == .duration }) {
            problems.append(CSVCellProblem(field: .duration, value: "", kind: .missing, expectation: ""))
        }
        if maxDepthMeters == nil, !problems.contains(where: { $0.field == .maxDepth }) {
            problems.append(CSVCellProblem(field: .maxDepth, value: "", kind: .missing, expectation: ""))
        }
        if let oxygen = oxygenPercent, let helium = heliumPercent, oxygen + helium > 100 {
            problems.append(
                CSVCellProblem(field: .helium, value: CSVValueText.number(helium), kind: .implausible, expectation: "at most 100 % with the oxygen"))
            heliumPercent = nil
        }
    }

    /// The first problem that keeps the row from being a dive.
    var skipReason: CSVCellProblem? {
        problems.first(where: \.skipsRow)
    }

    /// The date with the time column's time, when there is one.
    var start: LocalDateTime? {
        guard var start = dateStart else { return nil }
        if let time {
            start.hour = time.hour
            start.minute = time.minute
            start.second = time.second
        }
        return start
    }

    private mutating func read(_ field: CSVField, cell: String, mapping: CSVMapping, decimalComma: Bool) {
        func problem(_ kind: CSVCellProblem.Kind, _ expectation: String) {
            problems.append(CSVCellProblem(field: field, value: cell, kind: kind, expectation: expectation))
        }
        func quantity(_ quantity: CSVQuantity) -> Double? {
            switch quantity.value(of: cell, units: mapping.units, decimalComma: decimalComma) {
            case .success(let value):
                return value
            case .failure(.notANumber):
                problem(.unreadable, "a number")
            case .failure(.unknownUnit(let unit)):
                problem(.unreadable, "\(quantity.expectation) (unknown unit \"\(unit)\")")
            case .failure(.outOfRange):
                problem(.implausible, quantity.expectation)
            }
            return nil
        }

        switch field {
        case .number:
            let digits = String(CSVText.trimmed(cell).drop { $0 == "#" })
            if let number = CSVNumber(digits, decimalComma: false), number.unit.isEmpty, number.value >= 0,
                number.value < 1e9, number.value == number.value.rounded()
            {
                self.number = Int(number.value)
            } else {
                problem(.unreadable, "a whole number")
            }
        case .date, .dateTime:
            if let start = mapping.dateFormat.start(from: cell) {
                dateStart = start
            } else {
                problem(.unreadable, "a \(mapping.dateFormat.rawValue) date")
            }
        case .time:
            if let time = CSVTimeOfDay(cell) {
                self.time = time
            } else {
                problem(.unreadable, "a time of day (HH:MM or HH:MM:SS)")
            }
        case .duration:
            if let seconds = mapping.durationFormat.seconds(from: cell, decimalComma: decimalComma) {
                if seconds <= Self.longestDiveSeconds {
                    durationSeconds = seconds
                } else {
                    problem(.implausible, "a dive time up to 24 h (\(mapping.durationFormat.rawValue))")
                }
            } else {
                problem(.unreadable, "a duration (\(mapping.durationFormat.rawValue))")
            }
        case .maxDepth:
            maxDepthMeters = quantity(.depth)
        case .meanDepth: meanDepthMeters = quantity(.depth)
        case .waterTemperature: waterTemperatureCelsius = quantity(.temperature)
        case .airTemperature: airTemperatureCelsius = quantity(.temperature)
        case .buddy: buddy = cell
        case .divemaster: divemaster = cell
        case .suit: suit = cell
        case .notes: notes = cell
        case .location: location = cell
        case .latitude:
            latitude = CSVCoordinateText.degrees(cell, axis: .latitude, decimalComma: decimalComma)
            if latitude == nil { problem(.unreadable, "a latitude in decimal degrees (−90…90)") }
        case .longitude:
            longitude = CSVCoordinateText.degrees(cell, axis: .longitude, decimalComma: decimalComma)
            if longitude == nil { problem(.unreadable, "a longitude in decimal degrees (−180…180)") }
        case .gps:
            if let pair = CSVCoordinateText.pair(cell, decimalComma: decimalComma) {
                latitude = pair.latitude
                longitude = pair.longitude
            } else {
                problem(.unreadable, "a latitude and longitude in decimal degrees")
            }
        case .tags:
            tags = cell.split(whereSeparator: { $0 == ";" || $0 == "," }).map { CSVText.trimmed(String($0)) }
                .filter { !$0.isEmpty }
        case .rating:
            if let number = CSVNumber(cell, decimalComma: false), number.unit.isEmpty,
                number.value == number.value.rounded(), (0...5).contains(number.value)
            {
                rating = number.value == 0 ? nil : Int(number.value)
            } else {
                problem(.unreadable, "a rating from 0 to 5")
            }
        case .visibility: visibilityMeters = quantity(.distance)
        case .cylinderSize:
            if let size = quantity(.volume) {
                if size > 0 { cylinderSizeLiters = size } else { problem(.implausible, "a volume above 0 l") }
            }
        case .startPressure: startPressureBar = quantity(.pressure)
        case .endPressure: endPressureBar = quantity(.pressure)
        case .oxygen:
            if let oxygen = CSVText.trimmed(cell).lowercased() == "air" ? 21 : quantity(.percent) {
                if oxygen > 0 { oxygenPercent = oxygen } else { problem(.implausible, "an oxygen share above 0 %") }
            }
        case .helium: heliumPercent = quantity(.percent)
        case .weight: weightKilograms = quantity(.weight)
        case .ignore: break
        }
    }

    private static let longestDiveSeconds = 24 * 3600
}
