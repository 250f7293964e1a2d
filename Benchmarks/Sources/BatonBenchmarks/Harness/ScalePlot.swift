#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws the scale curves as an SVG, by hand: one panel per sweep, the cost of each operation
/// relative to its cost at the smallest size, on logarithmic axes, with the line a cost that
/// follows the size would draw. Flat curves are operations independent of the size.
enum ScalePlot {
    static let colors = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
        "#393b79", "#e7ba52",
    ]

    static func svg(_ curves: [ScaleBenchmarks.Curve], title: String) -> String {
        let panelWidth = 420.0
        let panelHeight = 300.0
        let margin = (left: 60.0, top: 50.0, right: 20.0, bottom: 50.0)
        let legendHeight = 18.0 * Double(Set(curves.map(\.operation)).count) + 20
        let width = margin.left + 2 * panelWidth + 80 + margin.right
        let height = margin.top + panelHeight + margin.bottom + legendHeight
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(width / 2))" y="22" text-anchor="middle" font-size="15">\(escaped(title))</text>

            """
        let operations = curves.map(\.operation).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        // Relative cost from 0.5× to 10,000×: an O(n) operation over the stack sweep reaches 1,000×.
        let (yLow, yHigh) = (log10(0.5), log10(10_000.0))
        for (panel, sweep) in [ScaleBenchmarks.Sweep.tree, .depth].enumerated() {
            let selected = curves.filter { $0.sweep == sweep }
            guard let sizes = selected.first?.sizes else { continue }
            let x0 = margin.left + Double(panel) * (panelWidth + 80)
            let (xLow, xHigh) = (log10(Double(sizes.first!)), log10(Double(sizes.last!)))
            func x(_ size: Double) -> Double { x0 + (log10(size) - xLow) / (xHigh - xLow) * panelWidth }
            func y(_ ratio: Double) -> Double {
                let clamped = min(max(log10(ratio), yLow), yHigh)
                return margin.top + (yHigh - clamped) / (yHigh - yLow) * panelHeight
            }
            out += """
                <rect x="\(f(x0))" y="\(f(margin.top))" width="\(f(panelWidth))" height="\(f(panelHeight))" \
                fill="none" stroke="#444"/>
                <text x="\(f(x0 + panelWidth / 2))" y="\(f(margin.top + panelHeight + 36))" text-anchor="middle">\
                \(sweep.rawValue)</text>

                """
            for ratio in [1.0, 10, 100, 1_000, 10_000] {
                out += """
                    <line x1="\(f(x0))" y1="\(f(y(ratio)))" x2="\(f(x0 + panelWidth))" y2="\(f(y(ratio)))" \
                    stroke="#ddd"/>
                    <text x="\(f(x0 - 6))" y="\(f(y(ratio) + 4))" text-anchor="end">\(Int(ratio).grouped)×</text>

                    """
            }
            for size in sizes {
                out += """
                    <text x="\(f(x(Double(size))))" y="\(f(margin.top + panelHeight + 16))" text-anchor="middle">\
                    \(size.grouped)</text>

                    """
            }
            // What a cost proportional to the size would draw.
            let first = Double(sizes.first!)
            let last = Double(sizes.last!)
            out += """
                <line x1="\(f(x(first)))" y1="\(f(y(1)))" x2="\(f(x(last)))" y2="\(f(y(last / first)))" \
                stroke="#999" stroke-dasharray="6 4"/>
                <text x="\(f(x(last) - 4))" y="\(f(y(last / first) + 14))" text-anchor="end" fill="#777">O(n)</text>

                """
            for curve in selected {
                let color = colors[operations.firstIndex(of: curve.operation)! % colors.count]
                let points = zip(curve.sizes, curve.nanoseconds).map { size, cost in
                    "\(f(x(Double(size)))),\(f(y(cost / curve.nanoseconds[0])))"
                }
                out += """
                    <polyline points="\(points.joined(separator: " "))" fill="none" stroke="\(color)" stroke-width="2"/>

                    """
                for point in points {
                    let xy = point.split(separator: ",")
                    out += "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"3\" fill=\"\(color)\"/>\n"
                }
            }
        }
        out += """
            <text x="\(f(margin.left - 48))" y="\(f(margin.top - 10))">cost ÷ cost at the smallest size</text>

            """
        var legendY = margin.top + panelHeight + 62
        for (index, operation) in operations.enumerated() {
            let color = colors[index % colors.count]
            let growths = curves.filter { $0.operation == operation }.map {
                "\($0.sweep.rawValue) \(fixed($0.growth, 2))×"
            }
            out += """
                <line x1="\(f(margin.left))" y1="\(f(legendY - 4))" x2="\(f(margin.left + 24))" y2="\(f(legendY - 4))" \
                stroke="\(color)" stroke-width="2"/>
                <text x="\(f(margin.left + 32))" y="\(f(legendY))">\(escaped(operation)): \
                \(growths.joined(separator: ", "))</text>

                """
            legendY += 18
        }
        return out + "</svg>\n"
    }

    /// Writes `text` to `path`; `false` when the file cannot be opened.
    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fputs(text, file) >= 0
    }

    private static func f(_ value: Double) -> String { fixed(value, 1) }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
