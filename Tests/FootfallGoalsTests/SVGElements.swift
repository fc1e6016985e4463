import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document parsed with XMLParser into its elements, in document order.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""

        func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }
    }

    private(set) var elements: [Element] = []
    private(set) var parsedOK = false
    private(set) var parseError = ""
    private var open: [Int] = []

    /// Parses a document; `parsedOK` says whether it is well-formed XML.
    static func parse(_ document: String) -> SVGElements {
        let collector = SVGElements()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = collector
        collector.parsedOK = parser.parse()
        collector.parseError = parser.parserError.map { "\($0)" } ?? ""
        return collector
    }

    func element(id: String) -> Element? { elements.first { $0.attributes["id"] == id } }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }
}
