import Testing
import XMLKit

@Suite("XMLReader: real dive-log shapes")
struct XMLDiveLogTests {
    static let subsurface = """
        <divelog program='subsurface' version='3'>
        <settings><divecomputerid model='Suunto Vyper' deviceid='a1b2c3d4'/></settings>
        <divesites>
        <site uuid='4a6f22c1' name='Blue Hole &amp; Arch' gps='31.234567 35.123456'/>
        </divesites>
        <dives>
        <dive number='1' date='2014-04-02' time='10:15:00' duration='77:54 min'>
          <notes>Great dive.
        Saw a turtle &lt;3</notes>
          <divecomputer model='Suunto Vyper'><depth max='38.99 m' mean='17.3 m'/>
          <sample time='0:02 min' depth='1.2 m'/>
          <sample time='0:04 min' depth='2.5 m' temp='24.0 C'/>
          </divecomputer>
        </dive>
        </dives>
        </divelog>
        """

    @Test("the Subsurface snippet from the brief")
    func subsurfaceSnippet() throws {
        let dive = try parse(
            """
            <dive number='1' date='2014-04-02' duration='77:54 min'><divecomputer><depth max='38.99 m'/><sample time='0:02 min' depth='1.2 m'/></divecomputer></dive>
            """)
        #expect(dive.name == "dive")
        #expect(dive.attribute("number") == "1")
        #expect(dive.attribute("date") == "2014-04-02")
        #expect(dive.attribute("duration") == "77:54 min")
        #expect(dive.child(path: "divecomputer", "depth")?.attribute("max") == "38.99 m")
        let sample = try #require(dive.child("divecomputer")?.child("sample"))
        #expect(sample.attributes == [XMLAttribute(name: "time", value: "0:02 min"), XMLAttribute(name: "depth", value: "1.2 m")])
    }

    @Test("a Subsurface log with single-quoted attributes")
    func subsurfaceLog() throws {
        let log = try parse(Self.subsurface)
        #expect(log.attribute("program") == "subsurface")
        #expect(log.child(path: "divesites", "site")?.attribute("name") == "Blue Hole & Arch")
        let dive = try #require(log.child(path: "dives", "dive"))
        #expect(dive.line == 7)
        #expect(dive.child("notes")?.text == "Great dive.\nSaw a turtle <3")
        let samples = log.descendants("sample")
        #expect(samples.map { $0.attribute("depth") } == ["1.2 m", "2.5 m"])
        #expect(samples.map(\.line) == [11, 12])
        #expect(samples.last?.attribute("temp") == "24.0 C")
    }

    @Test("the same log with CRLF line ends gives the same tree")
    func crlfDocument() throws {
        let crlf = Self.subsurface.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        #expect(crlf.utf8.contains(0x0D))
        #expect(try parse(crlf) == (try parse(Self.subsurface)))
    }

    static let uddfDefaultNamespace = """
        <?xml version="1.0" encoding="UTF-8"?>
        <uddf xmlns="http://www.streit.cc/uddf/3.2/" version="3.2.0">
          <generator><name>UmiLog</name><version>1.0</version></generator>
          <profiledata>
            <repetitiongroup id="rg1">
              <dive id="d1">
                <informationbeforedive><datetime>2014-04-02T10:15:00</datetime></informationbeforedive>
                <samples>
                  <waypoint><depth>1.2</depth><divetime>2</divetime></waypoint>
                  <waypoint><depth>2.5</depth><divetime>4</divetime><temperature>297.15</temperature></waypoint>
                </samples>
                <informationafterdive><greatestdepth>38.99</greatestdepth></informationafterdive>
              </dive>
            </repetitiongroup>
          </profiledata>
        </uddf>
        """

    @Test("a UDDF 3.2 document with a default namespace")
    func uddf() throws {
        let uddf = try parse(Self.uddfDefaultNamespace)
        #expect(uddf.name == "uddf")
        #expect(uddf.attributes == [XMLAttribute(name: "version", value: "3.2.0")])
        #expect(uddf.child(path: "generator", "name")?.trimmedText == "UmiLog")
        let dive = try #require(uddf.child(path: "profiledata", "repetitiongroup", "dive"))
        #expect(dive.attribute("id") == "d1")
        #expect(dive.child(path: "informationbeforedive", "datetime")?.trimmedText == "2014-04-02T10:15:00")
        let waypoints = dive.child("samples")?.children("waypoint") ?? []
        #expect(waypoints.compactMap { $0.child("depth")?.trimmedText } == ["1.2", "2.5"])
        #expect(dive.descendants("temperature").map(\.text) == ["297.15"])
    }

    @Test("UDDF with prefixed elements reads the same as with a default namespace")
    func uddfPrefixed() throws {
        let prefixed = Self.uddfDefaultNamespace
            .replacing("xmlns=", with: "xmlns:u=")
            .replacing("<", with: "<u:")
            .replacing("<u:/", with: "</u:")
            .replacing("<u:?", with: "<?")
        #expect(prefixed.contains("<u:uddf xmlns:u=\"http://www.streit.cc/uddf/3.2/\""))
        #expect(try parse(prefixed) == (try parse(Self.uddfDefaultNamespace)))
    }

    @Test("a latin-1 Subsurface-style export with byte 0xE4")
    func latin1Export() throws {
        let bytes =
            Array("<?xml version='1.0' encoding='ISO-8859-1'?>\n<divelog><dive><location>Tauchgebiet Wei".utf8)
            + [0xDF, 0x65, 0x6E, 0x73, 0x65, 0x65, 0x2C, 0x20, 0xC4, 0x67, 0xE4, 0x69, 0x73]
            + Array("</location></dive></divelog>".utf8)
        let log = try XMLReader.parse(bytes)
        #expect(log.child(path: "dive", "location")?.text == "Tauchgebiet Weißensee, Ägäis")
    }
}
