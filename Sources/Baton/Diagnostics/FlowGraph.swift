/// The formats a flow graph can be exported in.
///
/// ```swift
/// print(window.flowGraph(format: .mermaid))
/// ```
public enum FlowGraphFormat: Sendable, Hashable, CaseIterable {
    /// A Mermaid `flowchart`, which GitHub and many editors render.
    ///
    /// ```swift
    /// window.flowGraph(format: .mermaid)
    /// ```
    case mermaid
    /// A Graphviz `digraph` (`dot -Tpng flow.dot -o flow.png`).
    ///
    /// ```swift
    /// window.flowGraph(format: .dot)
    /// ```
    case dot
}

extension ScreenWindow {
    /// Draws the app's flow: the screens now in the window (containment as dotted edges,
    /// presentation as dashed ones), every transition performed since the window was made or
    /// its logs were cleared (solid edges labelled with their kind, identifier and count, also
    /// for transitions that ``transitionLog`` no longer keeps), and the resolvers registered on the window's
    /// coordinator and its children (between type names, in their own group; initial resolvers
    /// start from `start`, destination-only ones from `any screen`). Workflow coordinators set on
    /// screens are not drawn. A window keeps at most ``transitionLogLimit`` distinct transitions
    /// (by kind, identifier, source and destination) for the graph; beyond it the one first seen
    /// longest ago is dropped.
    ///
    /// ```swift
    /// print(window.flowGraph(format: .mermaid))
    /// // flowchart TD
    /// //     s0["startup"]
    /// //     s1["splash"]
    /// //     s0 -.-|contains| s1
    /// //     s0 -->|hop| s1
    /// ```
    ///
    /// - Parameters:
    ///   - format: ``FlowGraphFormat/mermaid`` or ``FlowGraphFormat/dot``.
    ///   - includeResolvers: Whether to draw the coordinator's resolvers.
    /// - Returns: The graph's source text.
    public func flowGraph(format: FlowGraphFormat, includeResolvers: Bool = true) -> String {
        var graph = GraphBuilder()
        if let rootScreen {
            var pending: [ScreenModel] = [rootScreen]
            _ = graph.node(rootScreen.screenName)
            while let screen = pending.popLast() {
                for child in screen.containedScreens {
                    graph.edge(screen.screenName, child.screenName, label: "contains", style: .containment)
                    pending.append(child)
                }
                if let presented = screen.presented {
                    graph.edge(screen.screenName, presented.screenName, label: "presents", style: .presentation)
                    pending.append(presented)
                }
            }
        }
        for (record, count) in flowEdges.edges {
            let label = record.kind.rawValue + (record.identifier.map { " \($0)" } ?? "")
            graph.edge(
                record.source ?? "window", record.destination, label: count > 1 ? "\(label) ×\(count)" : label,
                style: .transition)
        }
        if includeResolvers {
            var coordinators = [dependencyCoordinator]
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(dependencyCoordinator)]
            var index = 0
            while index < coordinators.count {
                let coordinator = coordinators[index]
                index += 1
                for resolver in coordinator.resolvers {
                    let source = resolver.sourceType ?? (resolver.kind == .initial ? "start" : "any screen")
                    graph.resolver(
                        source, resolver.destinationType,
                        label: resolver.kind.rawValue + (resolver.identifier.map { " \($0)" } ?? ""))
                }
                for child in coordinator.childCoordinators where seen.insert(ObjectIdentifier(child)).inserted {
                    coordinators.append(child)
                }
            }
        }
        return format == .mermaid ? graph.mermaid() : graph.dot()
    }
}

/// The distinct transitions of a window, in the order first seen, with how often each happened:
/// what the flow graph draws, kept apart from the transition log so that it survives the log's
/// limit. At most `limit` distinct transitions are kept; the one first seen longest ago goes
/// first.
struct FlowEdges {
    /// The transitions first seen, oldest first, from `first` on (earlier ones were dropped).
    private var order: [TransitionRecord] = []
    private var first = 0
    private var counts: [TransitionRecord: Int] = [:]

    /// The distinct transitions and their counts, in the order first seen.
    var edges: [(TransitionRecord, Int)] {
        order[first...].map { ($0, counts[$0] ?? 0) }
    }

    /// Counts one more `record`, keeping at most `limit` distinct transitions.
    mutating func count(_ record: TransitionRecord, limit: Int) {
        if let index = counts.index(forKey: record) {
            counts.values[index] += 1
            return
        }
        guard limit > 0 else { return }
        while counts.count >= limit {
            counts[order[first]] = nil
            first += 1
        }
        // The dropped prefix is removed once it is as long as the rest: O(1) amortized.
        if first > 0, first >= order.count - first {
            order.removeFirst(first)
            first = 0
        }
        order.append(record)
        counts[record] = 1
    }
}

/// Collects nodes and edges and renders them.
private struct GraphBuilder {
    enum Style { case containment, presentation, transition }

    private var nodes: [String] = []
    private var nodeIDs: [String: String] = [:]
    private var edges: [(from: String, to: String, label: String, style: Style)] = []
    private var typeNodes: [String] = []
    private var typeIDs: [String: String] = [:]
    private var resolverEdges: [(from: String, to: String, label: String)] = []

    mutating func node(_ name: String) -> String {
        if let id = nodeIDs[name] { return id }
        let id = "s\(nodes.count)"
        nodes.append(name)
        nodeIDs[name] = id
        return id
    }

    mutating func edge(_ from: String, _ to: String, label: String, style: Style) {
        edges.append((node(from), node(to), label, style))
    }

    mutating func resolver(_ from: String, _ to: String, label: String) {
        resolverEdges.append((typeNode(from), typeNode(to), label))
    }

    private mutating func typeNode(_ name: String) -> String {
        if let id = typeIDs[name] { return id }
        let id = "t\(typeNodes.count)"
        typeNodes.append(name)
        typeIDs[name] = id
        return id
    }

    func mermaid() -> String {
        var lines = ["flowchart TD"]
        for (index, name) in nodes.enumerated() { lines.append("    s\(index)[\"\(Self.mermaidText(name))\"]") }
        for edge in edges {
            let arrow =
                switch edge.style {
                case .containment: "-.-"
                case .presentation: "-.->"
                case .transition: "-->"
                }
            lines.append("    \(edge.from) \(arrow)|\(Self.mermaidText(edge.label))| \(edge.to)")
        }
        if !resolverEdges.isEmpty {
            lines.append("    subgraph resolvers[\"resolvers\"]")
            for (index, name) in typeNodes.enumerated() {
                lines.append("        t\(index)([\"\(Self.mermaidText(name))\"])")
            }
            for edge in resolverEdges {
                lines.append("        \(edge.from) ==>|\(Self.mermaidText(edge.label))| \(edge.to)")
            }
            lines.append("    end")
        }
        return lines.joined(separator: "\n")
    }

    func dot() -> String {
        var lines = ["digraph Baton {", "    rankdir=TB;", "    node [shape=box];"]
        for (index, name) in nodes.enumerated() { lines.append("    s\(index) [label=\(JSONText.quoted(name))];") }
        for edge in edges {
            let style =
                switch edge.style {
                case .containment: ", style=dotted, arrowhead=none"
                case .presentation: ", style=dashed"
                case .transition: ""
                }
            lines.append("    \(edge.from) -> \(edge.to) [label=\(JSONText.quoted(edge.label))\(style)];")
        }
        if !resolverEdges.isEmpty {
            lines.append("    subgraph cluster_resolvers {")
            lines.append("        label=\"resolvers\";")
            for (index, name) in typeNodes.enumerated() {
                lines.append("        t\(index) [label=\(JSONText.quoted(name)), shape=ellipse];")
            }
            for edge in resolverEdges {
                lines.append("        \(edge.from) -> \(edge.to) [label=\(JSONText.quoted(edge.label)), style=bold];")
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Escapes the two characters Mermaid's labels cannot hold. Works character by character,
    /// since `split(separator:)` with a string separator needs iOS 16 / macOS 13.
    private static func mermaidText(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\"": escaped += "#quot;"
            case "|": escaped += "#124;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
