/// One line of the result table: what was measured, Baton's figure, the peer's, and the target
/// that relates them.
struct Row: Codable {
    enum Unit: Codable {
        case nanoseconds
        case mebibytes
        case bytes
        case count

        func format(_ value: Double) -> String {
            switch self {
            case .nanoseconds:
                if value >= 100_000 { return "\(fixed(value / 1000, 0)) µs" }
                if value >= 10_000 { return "\(fixed(value / 1000, 1)) µs" }
                return value >= 100 ? "\(fixed(value, 0)) ns" : "\(fixed(value, 1)) ns"
            case .mebibytes: return "\(fixed(value, 1)) MiB"
            case .bytes: return "\(fixed(value, 0)) B"
            case .count: return fixed(value, 0)
            }
        }
    }

    /// How Baton's figure must relate to the peer's (or to a fixed number).
    enum Target: Codable {
        /// Baton ÷ peer must be at most this.
        case ratioAtMost(Double)
        /// Peer ÷ Baton must be at least this: Baton must be this many times faster.
        case fasterBy(Double)
        /// Baton's figure must equal this exactly (not a timing).
        case exactly(Double)
        /// Baton ÷ peer must be at most this, for figures that are not timings (resident
        /// memory): judged in smoke mode too.
        case boundAtMost(Double)

        var text: String {
            switch self {
            case .ratioAtMost(let limit), .boundAtMost(let limit):
                return "≤ \(fixed(limit, limit.rounded() == limit ? 0 : 2))×"
            case .fasterBy(let factor): return "≥ \(fixed(factor, factor.rounded() == factor ? 0 : 2))× faster"
            case .exactly(let value): return "= \(fixed(value, 0))"
            }
        }

        var isTiming: Bool {
            switch self {
            case .exactly, .boundAtMost: return false
            case .ratioAtMost, .fasterBy: return true
            }
        }
    }

    let measure: String
    let unit: Unit
    let baton: Double
    let peer: Double?
    let target: Target?

    init(_ measure: String, _ unit: Unit = .nanoseconds, baton: Double, peer: Double? = nil, target: Target? = nil) {
        self.measure = measure
        self.unit = unit
        self.baton = baton
        self.peer = peer
        self.target = target
    }

    /// Baton ÷ peer, the ratio the table shows.
    var ratio: Double? {
        guard let peer, peer > 0 else { return nil }
        return baton / peer
    }

    var ratioText: String {
        guard let ratio else { return "—" }
        if case .fasterBy = target, ratio > 0 { return "\(fixed(ratio, 3))× (\(fixed(1 / ratio, 1))× faster)" }
        return "\(fixed(ratio, 2))×"
    }

    var isMet: Bool? {
        switch target {
        case nil: return nil
        case .ratioAtMost(let limit), .boundAtMost(let limit): return ratio.map { $0 <= limit }
        case .fasterBy(let factor): return ratio.map { $0 * factor <= 1 }
        case .exactly(let value): return baton == value
        }
    }
}

/// A titled group of rows.
struct Section: Codable {
    let title: String
    var rows: [Row] = []

    init(_ title: String) { self.title = title }

    mutating func add(_ row: Row) { rows.append(row) }
}

/// Prints sections as one Markdown table.
enum Report {
    static func table(_ sections: [Section], judgeTimings: Bool) -> String {
        let header = ["measure", "Baton", "peer", "ratio", "target", "met/missed"]
        var lines: [[String]] = []
        for section in sections {
            lines.append(["**\(section.title)**", "", "", "", "", ""])
            for row in section.rows {
                let verdict: String
                if let isMet = row.isMet {
                    if row.target?.isTiming == true && !judgeTimings {
                        verdict = "not judged (smoke)"
                    } else {
                        verdict = isMet ? "met" : "MISSED"
                    }
                } else {
                    verdict = "—"
                }
                lines.append([
                    row.measure, row.unit.format(row.baton), row.peer.map(row.unit.format) ?? "—", row.ratioText,
                    row.target?.text ?? "—", verdict,
                ])
            }
        }
        var widths = header.map(\.count)
        for line in lines {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func render(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        var output = [render(header), render(widths.map { String(repeating: "-", count: $0) })]
        output += lines.map(render)
        return output.joined(separator: "\n")
    }

    static func misses(_ sections: [Section], judgeTimings: Bool) -> [Row] {
        sections.flatMap(\.rows).filter { row in
            row.isMet == false && (judgeTimings || row.target?.isTiming == false)
        }
    }
}

/// `value` with `digits` decimals, without Foundation's formatters.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale)
    let sign = value < 0 && rounded > 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    let fraction = Int(rounded - Double(whole) * scale)
    let fractionText = String(fraction)
    return "\(sign)\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
}
