import Testing
import FootfallText

/// Text that goes into hand-written SVG.
struct XMLTextTests {
    @Test func escapesTheFiveXMLCharacters() {
        #expect(XMLText.escaped(#"Tom & "Jerry" <'s>"#) == "Tom &amp; &quot;Jerry&quot; &lt;&apos;s&gt;")
    }

    @Test func leavesOtherTextAsItIs() {
        #expect(XMLText.escaped("Ça marche: 10 000 pas ✓") == "Ça marche: 10 000 pas ✓")
        #expect(XMLText.escaped("") == "")
    }
}
