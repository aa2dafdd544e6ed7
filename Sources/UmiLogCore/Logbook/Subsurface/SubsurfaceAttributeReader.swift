import XMLKit

/// Reads the attributes of one element with Subsurface's value rules, noting every value that
/// is present but unreadable as a `LogbookIssue`, so one odd field costs that field and not the dive.
struct SubsurfaceAttributeReader {
    let element: XMLTree
    /// The record the issues name: "dive #417", "dive #1, sample".
    let record: String
    private(set) var issues: [LogbookIssue] = []

    init(element: XMLTree, record: String) {
        self.element = element
        self.record = record
    }

    /// The raw attribute, `nil` when absent.
    func text(_ name: String) -> String? {
        element.attribute(name)
    }

    /// A number in `unit`; `nil` when absent or unreadable (reported).
    mutating func number(_ name: String, _ unit: SubsurfaceUnit) throws(LogbookReadError) -> Double? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = try SubsurfaceValue.number(text, unit: unit, origin: origin(name)) else {
            drop("unreadable \(name) '\(text)'")
            return nil
        }
        return value
    }

    /// A pressure in bar; 0 means "not recorded" in Subsurface and gives `nil`.
    mutating func pressure(_ name: String) throws(LogbookReadError) -> Double? {
        guard let value = try number(name, .pressure), value != 0 else { return nil }
        return value
    }

    /// A temperature in °C; values outside −40…70 °C are sensor garbage (Subsurface drops them too).
    mutating func temperature(_ name: String) throws(LogbookReadError) -> Double? {
        guard let value = try number(name, .temperature) else { return nil }
        guard (-40...70).contains(value) else {
            drop("temperature \(name) '\(element.attribute(name) ?? "")' is outside -40…70 °C")
            return nil
        }
        return value
    }

    /// A duration in seconds (`'77:54 min'`).
    mutating func seconds(_ name: String, allowsDotMinutes: Bool = false) throws(LogbookReadError) -> Int? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = try SubsurfaceValue.seconds(text, allowsDotMinutes: allowsDotMinutes, origin: origin(name)) else {
            drop("unreadable \(name) '\(text)'")
            return nil
        }
        return value
    }

    /// A gas percentage (`'32.0%'` or a fraction `'0.32'`).
    mutating func percent(_ name: String) throws(LogbookReadError) -> Double? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = try SubsurfaceValue.percent(text, origin: origin(name)) else {
            drop("unreadable \(name) '\(text)'")
            return nil
        }
        return value
    }

    /// A whole number within `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = element.attribute(name) else { return nil }
        guard let value = SubsurfaceValue.integer(text), range.contains(value) else {
            drop("\(name) '\(text)' is not a whole number in \(range.lowerBound)…\(range.upperBound)")
            return nil
        }
        return value
    }

    /// Notes that a value was left out.
    mutating func drop(_ message: String) {
        issues.append(LogbookIssue(record: record, line: element.line, message: message, outcome: .valueDropped))
    }

    /// Notes that the element (a sample, a repeated site entry) was left out and the record
    /// it belongs to kept.
    mutating func leaveOut(_ message: String) {
        issues.append(LogbookIssue(record: record, line: element.line, message: message, outcome: .partLeftOut))
    }

    /// Notes that the element's record (a dive) was left out.
    mutating func skip(_ message: String) {
        issues.append(LogbookIssue(record: record, line: element.line, message: message, outcome: .skipped))
    }

    private func origin(_ name: String) -> SubsurfaceValue.Origin {
        SubsurfaceValue.Origin(field: "\(element.name) \(name)", line: element.line)
    }
}
