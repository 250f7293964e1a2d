/// The saved form of a screen tree: `{"format":1,"tree":{"route":…,"stack":[…],"presents":{…}}}`.
///
/// A node has its `route`, at most one of `stack` (an array of nodes), `tabs` (an array of
/// nodes, with `selected`) and `hop` (a node, or `null` before the first hop), `presents` when
/// it presents a node and, from format 2, `presentsAs` (`"sheet"` or `"fullScreenCover"`) when
/// that presentation's style was chosen where it was presented (``ScreenTree/presentedStyle``).
/// Readers ignore keys they do not know.
///
/// A tree is written in the oldest format that holds it: format 1 when no presentation has a
/// style of its own, so that what every reader read before still reads the same; format 2
/// otherwise, so that a reader that predates `presentsAs` refuses the text (a format newer than
/// it reads) instead of showing a cover as a sheet. Text without `presentsAs` (every format-1
/// text) presents each screen in its own ``ScreenModel/presentationStyle``.
enum ScreenTreeFormat {
    /// The newest format this version of Baton reads and writes.
    static let current = 2
    /// The format of a tree without ``ScreenTree/presentedStyle``.
    static let withoutStyles = 1

    /// The format of a tree that does, or does not, record a presentation style.
    static func format(recordsStyles: Bool) -> Int { recordsStyles ? current : withoutStyles }
}

extension PresentationStyle {
    /// The style's name in a saved tree (`presentsAs`).
    var savedName: String {
        switch self {
        case .sheet: "sheet"
        case .fullScreenCover: "fullScreenCover"
        }
    }

    /// The style a saved tree names, or `nil` for a name no style has.
    init?(savedName: String) {
        switch savedName {
        case "sheet": self = .sheet
        case "fullScreenCover": self = .fullScreenCover
        default: return nil
        }
    }
}

extension ScreenTree {
    /// Whether this tree, or a tree in it, has a ``presentedStyle``.
    var recordsStyles: Bool {
        if presentedStyle != nil { return true }
        if let presented, presented.recordsStyles { return true }
        return children.contains { $0.recordsStyles }
    }
}

private enum EnvelopeKey: String, CodingKey {
    case format, tree
}

private enum NodeKey: String, CodingKey {
    case route, stack, tabs, selected, hop, presents, presentsAs
}

extension ScreenTree: Codable {
    /// Encodes the tree with its format version.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(tree)   // {"format":1,"tree":{…}}
    /// ```
    ///
    /// The format is 1, or 2 when a presentation's style was chosen where it was presented
    /// (``presentedStyle``), which a version of Baton that predates styles refuses rather than
    /// showing a cover as a sheet.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: What encoding a route throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EnvelopeKey.self)
        try container.encode(ScreenTreeFormat.format(recordsStyles: recordsStyles), forKey: .format)
        try container.encode(Node(tree: self), forKey: .tree)
    }

    /// Decodes a tree, strictly: any route that no longer decodes, or a format newer than this
    /// version of Baton reads, fails the whole decoding. To keep the valid part of a saved tree,
    /// decode a ``SavedScreenTree`` and restore it with
    /// ``ScreenWindow/restoreScreenTree(_:as:)``.
    ///
    /// ```swift
    /// let tree = try JSONDecoder().decode(ScreenTree<AppRoute>.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EnvelopeKey.self)
        let format = try container.decode(Int.self, forKey: .format)
        guard format <= ScreenTreeFormat.current else {
            throw DecodingError.dataCorruptedError(
                forKey: .format, in: container,
                debugDescription: "format \(format) is newer than format \(ScreenTreeFormat.current)")
        }
        self = try container.decode(Node.self, forKey: .tree).tree
    }

    /// One node, without the envelope.
    private struct Node: Codable {
        let tree: ScreenTree

        init(tree: ScreenTree) { self.tree = tree }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: NodeKey.self)
            try container.encode(tree.route, forKey: .route)
            switch tree.content {
            case nil: break
            case .stack(let screens): try container.encode(screens.map(Node.init), forKey: .stack)
            case .tabs(let tabs, let selected):
                try container.encode(tabs.map(Node.init), forKey: .tabs)
                try container.encode(selected, forKey: .selected)
            case .hop(let step): try container.encode(step.map(Node.init), forKey: .hop)
            }
            if let presented = tree.presented {
                try container.encode(Node(tree: presented), forKey: .presents)
                if let style = tree.presentedStyle { try container.encode(style.savedName, forKey: .presentsAs) }
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: NodeKey.self)
            let route = try container.decode(Route.self, forKey: .route)
            let content: Content?
            if container.contains(.stack) {
                content = .stack(try container.decode([Node].self, forKey: .stack).map(\.tree))
            } else if container.contains(.tabs) {
                content = .tabs(
                    try container.decode([Node].self, forKey: .tabs).map(\.tree),
                    selected: try container.decode(Int.self, forKey: .selected))
            } else if container.contains(.hop) {
                content = .hop(try container.decodeIfPresent(Node.self, forKey: .hop)?.tree)
            } else {
                content = nil
            }
            let presented = try container.decodeIfPresent(Node.self, forKey: .presents)?.tree
            var style: PresentationStyle?
            if let name = try container.decodeIfPresent(String.self, forKey: .presentsAs) {
                guard let named = PresentationStyle(savedName: name) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .presentsAs, in: container,
                        debugDescription: "presentation style \"\(name)\" is not \"sheet\" or \"fullScreenCover\"")
                }
                style = named
            }
            tree = ScreenTree(route, content: content, presenting: presented, style: style)
        }
    }
}

// MARK: - Keeping the valid part

extension ScreenTree {
    /// Reads a saved node, keeping what still decodes: a stack keeps its screens up to the first
    /// one that no longer decodes; a container whose tabs or step no longer decode keeps what it
    /// shows; a presentation that no longer decodes is left out. `nil` when the node's own route
    /// no longer decodes.
    ///
    /// The path (`main > feed[1]`) is written only for a part left out: describing a route goes
    /// through reflection, and writing every node's path was most of a launch's restoration.
    static func validPart(of value: JSONValue, at path: () -> String, dropped: inout [NavigationError]) -> ScreenTree? {
        guard case .object = value else {
            dropped.append(.dropped(path: path(), reason: "expected a screen, found \(value.kind)"))
            return nil
        }
        guard let routeValue = value["route"] else {
            dropped.append(.dropped(path: path(), reason: "it has no route"))
            return nil
        }
        let route: Route
        do {
            route = try JSONValueCoding.decode(Route.self, from: routeValue)
        } catch {
            dropped.append(
                .dropped(
                    path: path(),
                    reason: "its route \(routeValue.text) is not a \(Route.self): \(JSONValueCoding.describe(error))"))
            return nil
        }
        func here() -> String {
            let outer = path()
            return outer.isEmpty ? String(describing: route) : outer + " > " + String(describing: route)
        }
        // Made once at the end: each change of a tree in this generic code costs metadata lookups.
        var content: Content?
        if let stack = value["stack"] {
            if case .array(let nodes) = stack {
                var screens: [ScreenTree] = []
                for (index, node) in nodes.enumerated() {
                    guard let screen = validPart(of: node, at: { here() + "[\(index)]" }, dropped: &dropped) else {
                        if index + 1 < nodes.count {
                            dropped.append(
                                .dropped(
                                    path: here() + "[\(index + 1)…]",
                                    reason: "the \(nodes.count - index - 1) screens above a screen left out"))
                        }
                        break
                    }
                    screens.append(screen)
                }
                content = screens.isEmpty && !nodes.isEmpty ? nil : .stack(screens)
            } else {
                dropped.append(.dropped(path: here(), reason: "its stack is \(stack.kind), not an array"))
            }
        } else if let tabsValue = value["tabs"] {
            if case .array(let nodes) = tabsValue, case .number(let text)? = value["selected"], let selected = Int(text)
            {
                var tabs: [ScreenTree] = []
                var complete = true
                for (index, node) in nodes.enumerated() {
                    guard let tab = validPart(of: node, at: { here() + "{\(index)}" }, dropped: &dropped) else {
                        complete = false
                        continue
                    }
                    tabs.append(tab)
                }
                // Tabs come from the container's route: without all of them, it keeps what it shows.
                content = complete ? .tabs(tabs, selected: selected) : nil
            } else {
                dropped.append(.dropped(path: here(), reason: "its tabs or selection are not readable"))
            }
        } else if let hop = value["hop"] {
            if hop == .null {
                content = .hop(nil)
            } else if let step = validPart(of: hop, at: { here() + "()" }, dropped: &dropped) {
                content = .hop(step)
            }
        }
        let presented = value["presents"].flatMap { validPart(of: $0, at: { here() + " ^" }, dropped: &dropped) }
        var style: PresentationStyle?
        if let presented, let styleValue = value["presentsAs"] {
            if case .string(let name) = styleValue, let named = PresentationStyle(savedName: name) {
                style = named
            } else {
                // The presentation is kept, in the presented screen's own style: a bad style
                // never costs the screens.
                dropped.append(
                    .dropped(
                        path: here() + " ^ " + String(describing: presented.route),
                        reason: "its presentation style \(styleValue.text) is not \"sheet\" or \"fullScreenCover\";"
                            + " it is presented in its own style"))
            }
        }
        return ScreenTree(route, content: content, presenting: presented, style: style)
    }

    /// The readable path to the part at `indices`: `main > feed[1]`.
    func path(to indices: [Int]) -> String {
        var text = String(describing: route)
        var node = self
        for index in indices {
            if index == -1, let presented = node.presented {
                text += " ^ " + String(describing: presented.route)
                node = presented
            } else if node.children.indices.contains(index) {
                node = node.children[index]
                text += " > " + String(describing: node.route)
            }
        }
        return text
    }

    /// The tree without the part at `indices` (child indices, `-1` for a presentation), where an
    /// assignment failed: a stack keeps the screens below it, a container that cannot show its
    /// tab or step keeps what it shows, a presentation is left out. `nil` for the root.
    func pruned(at indices: [Int]) -> ScreenTree? {
        guard let first = indices.first else { return nil }
        var copy = self
        let rest = Array(indices.dropFirst())
        if first == -1 {
            copy.presented = rest.isEmpty ? nil : presented?.pruned(at: rest)
            return copy
        }
        switch content {
        case .stack(var screens) where screens.indices.contains(first):
            if rest.isEmpty || screens[first].pruned(at: rest) == nil {
                screens.removeSubrange(first...)
            } else {
                screens[first] = screens[first].pruned(at: rest)!
            }
            copy.content = screens.isEmpty ? nil : .stack(screens)
        case .tabs(var tabs, let selected) where tabs.indices.contains(first):
            if !rest.isEmpty, let tab = tabs[first].pruned(at: rest) {
                tabs[first] = tab
                copy.content = .tabs(tabs, selected: selected)
            } else if tabs[first].content != nil || tabs[first].presented != nil {
                tabs[first] = ScreenTree(tabs[first].route)
                copy.content = .tabs(tabs, selected: selected)
            } else {
                copy.content = nil
            }
        case .hop(let step?) where first == 0:
            if !rest.isEmpty, let pruned = step.pruned(at: rest) {
                copy.content = .hop(pruned)
            } else {
                copy.content = nil
            }
        default:
            copy.content = nil
        }
        return copy
    }
}
