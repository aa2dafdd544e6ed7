import XMLKit

/// A dive's start as a wall clock: `informationbeforedive/datetime` in 3.x, or the 2.x
/// elements `date` (`year`, `month`, `day`) and `time` (`hour`, `minute`, `second`).
///
/// A zone suffix or fraction of a second is ignored, since the log keeps the time the diver's
/// watch showed. A date without a time of day (`2008-09-05T`, which some writers produce for an
/// empty time) starts at midnight and is reported.
enum UDDFStartTime {
    static func start(of dive: XMLTree, before: XMLTree?, values: inout UDDFValues) -> LocalDateTime? {
        if let raw = UDDFRaw(before?.child("datetime") ?? dive.child("datetime")) {
            return dateTime(raw, values: &values)
        }
        guard let date = dive.child("date") else { return nil }
        guard let year = values.integer(UDDFRaw(date.child("year")), "year"),
            let month = values.integer(UDDFRaw(date.child("month")), "month"),
            let day = values.integer(UDDFRaw(date.child("day")), "day")
        else { return nil }
        let time = dive.child("time")
        if time == nil {
            values.drop("time", line: date.line, "the start has no time of day; midnight is assumed")
        }
        return LocalDateTime(
            year: year, month: month, day: day, hour: values.integer(UDDFRaw(time?.child("hour")), "hour") ?? 0,
            minute: values.integer(UDDFRaw(time?.child("minute")), "minute") ?? 0,
            second: values.integer(UDDFRaw(time?.child("second")), "second") ?? 0
        )
    }

    private static func dateTime(_ raw: UDDFRaw, values: inout UDDFValues) -> LocalDateTime? {
        let text = raw.text
        // "2008-09-05" or "2008-09-05T": a date whose time was left empty.
        if text.utf8.count <= 11 {
            let hasEmptyTime = text.utf8.count == 11 && (text.hasSuffix("T") || text.hasSuffix("t"))
            let date = hasEmptyTime ? String(text.dropLast()) : text
            guard let start = LocalDateTime(iso: date) else { return nil }
            values.drop("datetime", line: raw.line, "the start \"\(text)\" has no time of day; midnight is assumed")
            return start
        }
        return LocalDateTime(iso: text)
    }
}
