/// Guesses the columns of a table without a header from what their values look like, in the
/// order manual logs (and Subsurface's manual CSV) use: number, date, time, duration, max
/// depth, mean depth. Text columns are left for the diver to map.
struct CSVShapeProposal {
    private(set) var columns: [Int: CSVField] = [:]

    init(table: CSVTable) {
        let decimalComma = table.delimiter.allowsDecimalComma
        let sample = Array(table.rows.prefix(200))
        var kinds: [CSVCellShape] = []
        for column in 0..<table.columnCount {
            let shapes = Set(sample.map { CSVCellShape($0[column], decimalComma: decimalComma) }).subtracting([.empty])
            kinds.append(shapes.count == 1 ? shapes.first ?? .text : .text)
        }
        func cells(_ column: Int) -> [String] {
            sample.map { CSVText.trimmed($0[column]) }.filter { !$0.isEmpty }
        }
        func assign(_ field: CSVField, _ column: Int) {
            guard !columns.values.contains(field), columns[column] == nil else { return }
            columns[column] = field
        }
        if let date = kinds.firstIndex(of: .date) { assign(.date, date) }
        for column in kinds.indices where kinds[column] == .clock {
            let isTimeOfDay = cells(column).allSatisfy { CSVTimeOfDay($0) != nil }
            if isTimeOfDay, !columns.values.contains(.time), columns.values.contains(.date) {
                assign(.time, column)
            } else {
                assign(.duration, column)
            }
        }
        var numbers = kinds.indices.filter { kinds[$0] == .number }
        if let first = numbers.first, first == 0,
            cells(first).allSatisfy({ CSVNumber($0, decimalComma: false).map { $0.unit.isEmpty && $0.value == $0.value.rounded() } ?? false })
        {
            assign(.number, first)
            numbers.removeFirst()
        }
        if !columns.values.contains(.duration),
            let minutes = numbers.first(where: { column in
                cells(column).allSatisfy { CSVNumber($0, decimalComma: decimalComma)?.unit.hasPrefix("min") ?? false }
            })
        {
            assign(.duration, minutes)
            numbers.removeAll { $0 == minutes }
        }
        guard let maximum = numbers.first else { return }
        assign(.maxDepth, maximum)
        let maxima = sample.map { CSVNumber($0[maximum], decimalComma: decimalComma)?.value }
        if let mean = numbers.dropFirst().first,
            zip(sample, maxima).allSatisfy({ row, max in
                guard let value = CSVNumber(row[mean], decimalComma: decimalComma)?.value, let max else { return true }
                return value <= max
            })
        {
            assign(.meanDepth, mean)
        }
    }
}
