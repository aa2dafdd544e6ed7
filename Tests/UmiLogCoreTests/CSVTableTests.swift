import Testing

@testable import UmiLogCore

@Suite("CSVTable: RFC 4180 parsing, delimiters and headers")
struct CSVTableTests {
    @Test("a quoted field keeps the delimiter inside it")
    func quotedDelimiter() throws {
        let table = try CSVTable(text: "name,buddy\nx,\"Dirk, Linus\"\n", hasHeader: true)
        #expect(table.rows.map(\.fields) == [["x", "Dirk, Linus"]])
    }

    @Test("a doubled quote inside a quoted field is one quote")
    func doubledQuotes() throws {
        let table = try CSVTable(text: "name,suit\nx,\"wet, 3mm \"\"shorty\"\"\"\n", hasHeader: true)
        #expect(table.rows.first?.fields == ["x", "wet, 3mm \"shorty\""])
    }

    @Test("line breaks inside quotes are kept as written and the next row knows its line")
    func embeddedLineBreaks() throws {
        let table = try CSVTable(text: "name,notes\na,\"one\ntwo\r\nthree\rfour\"\nb,plain\n", hasHeader: true)
        #expect(table.rows.map(\.fields) == [["a", "one\ntwo\r\nthree\rfour"], ["b", "plain"]])
        #expect(table.rows.map(\.line) == [2, 6])
    }

    @Test("CRLF and lone CR end records like LF")
    func lineEndings() throws {
        let crlf = try CSVTable(text: "name,depth\r\na,18\r\nb,20\r\n")
        let cr = try CSVTable(text: "name,depth\ra,18\rb,20\r")
        for table in [crlf, cr] {
            #expect(table.header == ["name", "depth"])
            #expect(table.rows.map(\.fields) == [["a", "18"], ["b", "20"]])
            #expect(table.rows.map(\.line) == [2, 3])
        }
    }

    @Test("a UTF-8 byte order mark is dropped, from bytes and from text")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("number,depth\n1,18\n".utf8)
        #expect(try CSVTable(bytes: bytes).header == ["number", "depth"])
        #expect(try CSVTable(text: "\u{FEFF}number,depth\n1,18\n").header == ["number", "depth"])
    }

    @Test("UTF-16 with a byte order mark and Latin-1 bytes are read, not refused")
    func otherEncodings() throws {
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "site\tdepth\nHälvälä\t18\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let wide = try CSVTable(bytes: utf16)
        #expect(wide.delimiter == .tab)
        #expect(wide.rows.first?.fields == ["Hälvälä", "18"])
        let latin1: [UInt8] = Array("site;depth\nH".utf8) + [0xE4] + Array("lv;18\n".utf8)
        #expect(try CSVTable(bytes: latin1).rows.first?.fields == ["Hälv", "18"])
    }

    @Test("semicolon, tab and pipe delimiters are detected; quotes are honoured while detecting")
    func delimiterDetection() throws {
        #expect(try CSVTable(text: "a;b;c\n1;2,5;3\n4;5,5;6\n").delimiter == .semicolon)
        #expect(try CSVTable(text: "a\tb\tc\n1\t2\t3\n").delimiter == .tab)
        #expect(try CSVTable(text: "a|b|c\n1|2|3\n").delimiter == .pipe)
        #expect(try CSVTable(text: "a,b,c\n1,\"x;y;z;w\",3\n").delimiter == .comma)
        #expect(try CSVTable(text: "just one column\n1\n2\n").delimiter == .comma)
        #expect(try CSVTable(text: "a,b\n1,2\n", delimiter: .semicolon).rows.first?.fields == ["1,2"])
    }

    @Test("rows of a different width are kept and reported")
    func raggedRows() throws {
        let table = try CSVTable(text: "a,b,c\n1,2,3\n4,5\n6,7,8,9\n")
        #expect(table.rows.count == 3)
        #expect(table.raggedRows.map(\.line) == [3, 4])
        #expect(table.expectedFieldCount == 3)
        #expect(table.columnCount == 4)
        #expect(table.rows[1][2] == "")
    }

    @Test("blank lines anywhere, trailing ones included, carry no row")
    func blankLines() throws {
        let table = try CSVTable(text: "a,b\n\n1,2\n   \n3,4\n\n\n")
        #expect(table.rows.map(\.fields) == [["1", "2"], ["3", "4"]])
        #expect(table.rows.map(\.line) == [3, 5])
    }

    @Test("spaces around unquoted cells are dropped, quoted cells are kept exactly")
    func padding() throws {
        let table = try CSVTable(text: "a,b,c\n 1 , \"  two \" ,three  \n")
        #expect(table.rows.first?.fields == ["1", "  two ", "three"])
    }

    @Test("a trailing delimiter makes an empty last cell")
    func trailingDelimiter() throws {
        #expect(try CSVTable(text: "a,b,c\n1,2,\n").rows.first?.fields == ["1", "2", ""])
    }

    @Test("a quote inside an unquoted cell is an ordinary character, text after a closing quote is kept")
    func lenientQuotes() throws {
        let table = try CSVTable(text: "a,b\n5'11\" tall,\"quoted\" tail\n", hasHeader: true)
        #expect(table.rows.first?.fields == ["5'11\" tall", "quoted tail"])
    }

    @Test("a quote that is never closed refuses the file and names the line it opens on")
    func unterminatedQuote() {
        #expect(throws: LogbookReadError.unreadableTable(reason: "the quoted field that opens on line 3 is never closed")) {
            try CSVTable(text: "a,b\n1,2\n3,\"open\nstill open\n")
        }
    }

    @Test("the first row is a header when it has no numbers and later rows do; a leading # is dropped")
    func headerDetection() throws {
        let subsurface = try CSVTable(text: "#Nr,date,maxdepth\n1,10/1/13,18\n")
        #expect(subsurface.header == ["Nr", "date", "maxdepth"])
        #expect(subsurface.headerLine == 1)
        #expect(subsurface.rows.count == 1)
        let headless = try CSVTable(text: "1,10/1/13,18\n2,10/2/13,20\n")
        #expect(headless.header == nil)
        #expect(headless.rows.count == 2)
        #expect(headless.name(ofColumn: 2) == "column 3")
        let textOnly = try CSVTable(text: "buddy,suit\nDirk,wet\n")
        #expect(textOnly.header == nil)
        #expect(try CSVTable(text: "buddy,suit\nDirk,wet\n", hasHeader: true).header == ["buddy", "suit"])
        #expect(try CSVTable(text: "number,depth\n").header == ["number", "depth"])
    }

    @Test("columns are found by header name, case-insensitive and with or without #")
    func columnsByName() throws {
        let table = try CSVTable(text: "#Nr,Max Depth\n1,18\n")
        #expect(table.column(named: "nr") == 0)
        #expect(table.column(named: "#NR") == 0)
        #expect(table.column(named: "max depth") == 1)
        #expect(table.column(named: "depth") == nil)
    }

    @Test("an empty file is an empty table, not an error")
    func emptyFile() throws {
        let table = try CSVTable(bytes: [])
        #expect(table.rows.isEmpty)
        #expect(table.header == nil)
        #expect(table.columnCount == 0)
    }
}
