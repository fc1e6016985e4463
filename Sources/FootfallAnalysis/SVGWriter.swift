import FootfallText

/// Builds an SVG document from a few primitives, escaping text; no XML library needed.
public struct SVGWriter: Sendable {
    var body: [String] = []
    let width: Double
    let height: Double

    /// Starts a document of the given size in pixels.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    static func n(_ v: Double) -> String { formatted(v, decimals: 1) }

    /// Adds raw SVG markup (already escaped).
    public mutating func raw(_ markup: String) { body.append(markup) }

    /// A filled rectangle.
    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String? = nil) {
        let strokeAttribute = stroke.map { " stroke=\"\($0)\"" } ?? ""
        body.append("<rect x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(fill)\"\(strokeAttribute)/>")
    }

    /// A straight line.
    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double) {
        body.append("<line x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"/>")
    }

    /// A polyline through points.
    public mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double, dash: String? = nil) {
        guard !points.isEmpty else { return }
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        let dashAttribute = dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        body.append("<polyline fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(Self.n(width))\"\(dashAttribute) points=\"\(list)\"/>")
    }

    /// A circle.
    public mutating func circle(cx: Double, cy: Double, r: Double, fill: String, stroke: String) {
        body.append("<circle cx=\"\(Self.n(cx))\" cy=\"\(Self.n(cy))\" r=\"\(Self.n(r))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>")
    }

    /// A small triangle marker centred on x.
    public mutating func triangle(x: Double, y: Double, pointingDown: Bool, fill: String) {
        let d = pointingDown ? 6.0 : -6.0
        body.append("<polygon points=\"\(Self.n(x - 5)),\(Self.n(y - d)) \(Self.n(x + 5)),\(Self.n(y - d)) \(Self.n(x)),\(Self.n(y + d))\" fill=\"\(fill)\"/>")
    }

    /// Text.
    public mutating func text(_ content: String, x: Double, y: Double, size: Double, anchor: String = "start", weight: String = "normal", fill: String = "#222222") {
        body.append("<text x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-family=\"sans-serif\" font-size=\"\(Self.n(size))\" font-weight=\"\(weight)\" text-anchor=\"\(anchor)\" fill=\"\(fill)\">\(XMLText.escaped(content))</text>")
    }

    /// A framed panel with a label at its top left.
    mutating func panel(x: Double, y: Double, width: Double, height: Double, label: String) {
        rect(x: x, y: y, width: width, height: height, fill: "#fafafa", stroke: "#bbbbbb")
        text(label, x: x + 4, y: y - 5, size: 11)
    }

    /// Low and high labels on a panel's left edge.
    mutating func axisLabels(low: Double, high: Double, x: Double, top: Double, height: Double) {
        text(formatted(high, decimals: 1), x: x - 6, y: top + 10, size: 10, anchor: "end")
        text(formatted(low, decimals: 1), x: x - 6, y: top + height, size: 10, anchor: "end")
    }

    /// The finished document.
    public func document(title: String? = nil, description: String? = nil) -> String {
        var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        head += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" viewBox=\"0 0 \(Self.n(width)) \(Self.n(height))\">\n"
        if let title { head += "<title>\(XMLText.escaped(title))</title>\n" }
        if let description { head += "<desc>\(XMLText.escaped(description))</desc>\n" }
        return head + body.joined(separator: "\n") + "\n</svg>\n"
    }
}
