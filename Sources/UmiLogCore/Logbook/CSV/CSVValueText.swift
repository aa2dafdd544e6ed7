/// The text forms values take in exports and in the preview, chosen so that the reader reads
/// them back to the very same value.
enum CSVValueText {
    /// The shortest text that reads back to `value` exactly: `18`, `16.2`, `-43.342295`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// `mm:ss` with minutes past 59 (`77:54`), Subsurface's form; a negative time is `0:00`.
    static func duration(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        return "\(seconds / 60):\(twoDigits(seconds % 60))"
    }

    static func timeOfDay(_ time: CSVTimeOfDay) -> String {
        "\(twoDigits(time.hour)):\(twoDigits(time.minute)):\(twoDigits(time.second))"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
