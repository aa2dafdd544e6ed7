import Testing
import XMLKit

@Suite("XMLTree lookups")
struct XMLTreeTests {
    let tree = XMLTree(
        name: "log", attributes: [XMLAttribute(name: "v", value: "1"), XMLAttribute(name: "v", value: "2")],
        children: [
            XMLTree(
                name: "dive", attributes: [XMLAttribute(name: "n", value: "1")],
                children: [
                    XMLTree(name: "sample", text: "a"),
                    XMLTree(name: "group", children: [XMLTree(name: "sample", text: "b")]),
                ]),
            XMLTree(name: "site"),
            XMLTree(name: "dive", attributes: [XMLAttribute(name: "n", value: "2")], children: [XMLTree(name: "sample", text: "c")]),
        ])

    @Test("attribute, child and children find by name, first match first")
    func directLookups() {
        #expect(tree.attribute("v") == "1")
        #expect(tree.attribute("w") == nil)
        #expect(tree.child("dive")?.attribute("n") == "1")
        #expect(tree.child("none") == nil)
        #expect(tree.children("dive").map { $0.attribute("n") } == ["1", "2"])
        #expect(tree.children("none").isEmpty)
        #expect(tree.children.count == 3)
    }

    @Test("descendants come in document order and exclude the element itself")
    func descendants() {
        #expect(tree.descendants("sample").map(\.text) == ["a", "b", "c"])
        #expect(tree.descendants("log").isEmpty)
        #expect(tree.child("dive")?.descendants("sample").map(\.text) == ["a", "b"])
    }

    @Test("child(path:) follows first children; an empty path is the element itself")
    func paths() {
        #expect(tree.child(path: "dive", "group", "sample")?.text == "b")
        #expect(tree.child(path: "dive", "missing", "sample") == nil)
        #expect(tree.child(path: "dive")?.attribute("n") == "1")
        #expect(tree.child() == tree)  // child(path:) with no names
    }

    @Test("trimmedText trims XML white space only, and is nil when nothing is left")
    func trimmedText() {
        #expect(XMLTree(name: "a", text: " \t\r\n 12.5 m \n").trimmedText == "12.5 m")
        #expect(XMLTree(name: "a", text: " \n\t ").trimmedText == nil)
        #expect(XMLTree(name: "a").trimmedText == nil)
        #expect(XMLTree(name: "a", text: "\u{A0}x\u{A0}").trimmedText == "\u{A0}x\u{A0}")
        #expect(XMLTree(name: "a", text: " \u{301}é ").trimmedText == "\u{301}é")
    }
}
