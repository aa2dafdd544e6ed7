/// Reads decimal degrees as logs write them: `-43.342295`, `43.342295 S`, `S43.342295`,
/// `171.545936°E`, and both at once for a GPS cell (`-43.342295 171.545936`,
/// `-43.342295, 171.545936`).
enum CSVCoordinateText {
    enum Axis { case latitude, longitude }

    /// Signed degrees on one axis, `nil` when unreadable or out of range.
    static func degrees(_ text: String, axis: Axis, decimalComma: Bool) -> Double? {
        var body = String(CSVText.trimmed(text).uppercased().filter { $0 != "°" })
        var sign = 1.0
        let hemispheres: [Character: Double]
        switch axis {
        case .latitude: hemispheres = ["N": 1, "S": -1]
        case .longitude: hemispheres = ["E": 1, "W": -1]
        }
        if let last = body.last, let value = hemispheres[last] {
            sign = value
            body = CSVText.trimmed(String(body.dropLast()))
        } else if let first = body.first, let value = hemispheres[first] {
            sign = value
            body = CSVText.trimmed(String(body.dropFirst()))
        }
        guard let number = CSVNumber(body, decimalComma: decimalComma), number.unit.isEmpty else { return nil }
        let degrees = number.value * sign
        let limit: Double
        switch axis {
        case .latitude: limit = 90
        case .longitude: limit = 180
        }
        return abs(degrees) <= limit ? degrees : nil
    }

    /// Latitude and longitude from one cell.
    static func pair(_ text: String, decimalComma: Bool) -> (latitude: Double, longitude: Double)? {
        var tokens: [String] = []
        for piece in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" }) {
            if piece.count == 1, let last = tokens.last, "NSEWnsew".contains(piece) {
                tokens[tokens.count - 1] = last + String(piece)
            } else {
                tokens.append(String(piece))
            }
        }
        tokens = tokens.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
        if tokens.count == 1, let only = tokens.first {
            tokens = only.split(separator: ",").map(String.init)
        }
        guard tokens.count == 2, let latitude = degrees(tokens[0], axis: .latitude, decimalComma: decimalComma),
            let longitude = degrees(tokens[1], axis: .longitude, decimalComma: decimalComma)
        else { return nil }
        return (latitude, longitude)
    }
}
