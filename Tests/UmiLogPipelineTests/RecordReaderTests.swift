import Geo
import Testing

@testable import UmiLogPipeline

@Suite("Record reader (stage 1 rules)")
struct RecordReaderTests {
    private func read(_ line: String) -> Result<InputRecord, RecordReader.Rejection> {
        var reader = RecordReader()
        return Array(line.utf8).withUnsafeBufferPointer { reader.read($0, line: 1) }
    }

    private func failure(_ line: String) -> String? {
        switch read(line) {
        case .success: nil
        case .failure(let rejection): rejection.failure.code
        }
    }

    @Test("a complete site is read with every optional field")
    func completeSite() throws {
        let line = siteLine(
            "osm:node/1", name: "  Shark   Reef ", latitude: 27.5, longitude: 34.1,
            extra: [
                "country": "\"Egypt\"", "max_depth_m": "30", "visibility_m": "25.5", "temperature_c": "24", "description": "\"Nice.\"",
                "tags": "[\"sharks\",\" wall \",\"\"]", "type": "\"sport=diving\"", "retrieved_at": "\"2025-10-18T09:30:00+02:00\"",
            ])
        guard case .success(.site(let site)) = read(line) else {
            Issue.record("expected a site")
            return
        }
        #expect(site.sourceID == "osm:node/1")
        #expect(site.name == "Shark   Reef")
        #expect(site.retrievedOn == "2025-10-18")
        #expect(site.licence == .odbl)
        #expect(site.maxDepthMeters == 30 && site.visibilityMeters == 25.5 && site.temperatureCelsius == 24)
        #expect(site.tags == ["sharks", "wall"])
        #expect(site.richness == 6)
    }

    @Test("other spellings of the fields are read: lat/lon, licence, camelCase, a source named by its id")
    func aliases() throws {
        let line = #"{"id":"wikidata:Q42","licence":"CC0","retrievedAt":"2025-10-18","name":"Shark Reef","lat":27.5,"lng":34.1,"depth":30}"#
        guard case .success(.site(let site)) = read(line) else {
            Issue.record("expected a site")
            return
        }
        #expect(site.sourceID == "wikidata:Q42")
        #expect(site.source == "wikidata")
        #expect(site.licence == .cc0)
        #expect(site.coordinate.latitude == 27.5 && site.coordinate.longitude == 34.1)
        #expect(site.maxDepthMeters == 30)
        guard case .success(.dive(let dive)) = read(#"{"kind":"dive","id":"d1","siteId":"wikidata:Q42"}"#) else {
            Issue.record("expected a dive")
            return
        }
        #expect(dive.siteID == "wikidata:Q42")
    }

    @Test(
        "each broken rule names its field",
        arguments: [
            (#"{"source":"osm","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":1,"longitude":2}"#, "missing-source_id"),
            (#"{"source_id":"a1","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":1,"longitude":2}"#, "missing-source"),
            (#"{"source_id":"a:1","source":"a","retrieved_at":"2025-10-18","name":"A","latitude":1,"longitude":2}"#, "missing-license"),
            (#"{"source_id":"a:1","source":"a","license":"CC0","name":"A","latitude":1,"longitude":2}"#, "missing-retrieved_at"),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-02-29","name":"A","latitude":1,"longitude":2}"#,
                "invalid-retrieved_at"
            ),
            (#"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":" ","latitude":1,"longitude":2}"#, "missing-name"),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":null,"longitude":2}"#,
                "missing-latitude"
            ),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":"1","longitude":2}"#,
                "invalid-latitude"
            ),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":90.5,"longitude":2}"#,
                "latitude-out-of-range"
            ),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":1,"longitude":-180.01}"#,
                "longitude-out-of-range"
            ),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":1e999,"longitude":2}"#,
                "latitude-out-of-range"
            ),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":1,"longitude":2,"tags":[1]}"#,
                "invalid-tags"
            ),
            (
                #"{"source_id":"a:1","source":"a","license":"CC0","retrieved_at":"2025-10-18","name":"A","latitude":1,"longitude":2,"max_depth_m":"30"}"#,
                "invalid-max_depth_m"
            ),
            (#"{"kind":"shop","id":"x"}"#, "unknown-kind"),
            (#"{"kind":7}"#, "invalid-kind"),
            (#"{"kind":"dive","id":"d1"}"#, "missing-site_id"),
            (#"{"kind":"sighting","id":"s1","dive_id":"d1"}"#, "missing-species"),
            ("not json", "invalid-json"),
        ])
    func rejections(line: String, code: String) {
        #expect(failure(line) == code)
    }

    @Test("the boundaries of the coordinate ranges are valid")
    func boundaries() {
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0)] {
            #expect(failure(siteLine("a:1", name: "A", latitude: latitude, longitude: longitude)) == nil)
        }
    }

    @Test(
        "licence spellings are read into the same licence",
        arguments: [
            ("CC0", "CC0-1.0", true), ("cc0 1.0", "CC0-1.0", true), ("CC0-1.0", "CC0-1.0", true),
            ("Creative Commons Zero", "CC0-1.0", true), ("CC BY 4.0", "CC-BY-4.0", true), ("cc-by-2.0", "CC-BY-2.0", true),
            ("CC-BY", "CC-BY-4.0", true), ("ODbL", "ODbL-1.0", true), ("odbl 1.0", "ODbL-1.0", true),
            ("Open Database License", "ODbL-1.0", true), ("CC-BY-SA-3.0", "CC-BY-SA-3.0", false),
            ("CC BY-SA 4.0", "CC-BY-SA-4.0", false), ("CC-BY-NC-4.0", "CC-BY-NC-4.0", false), ("proprietary", "proprietary", false),
            ("", "unknown", false),
        ])
    func licences(text: String, identifier: String, open: Bool) {
        let licence = Licence(parsing: text)
        #expect(licence.identifier == identifier)
        #expect(licence.isOpen == open)
    }

    @Test(
        "ISO dates and date-times are accepted; anything else is not",
        arguments: [
            ("2025-10-18", "2025-10-18"), ("2024-02-29", "2024-02-29"), ("2025-10-18T09:30Z", "2025-10-18"),
            ("2025-10-18T09:30:00.123+02:00", "2025-10-18"), ("2025-10-18 09:30:00", "2025-10-18"),
            ("2025-02-29", nil), ("2025-13-01", nil), ("18/10/2025", nil), ("2025-10-18T25:00Z", nil), ("2025-10-18T09:30:00Zjunk", nil),
            ("yesterday", nil), ("1800-01-01", nil),
        ] as [(String, String?)])
    func dates(text: String, day: String?) {
        #expect(ISODate.day(of: text) == day)
    }
}
