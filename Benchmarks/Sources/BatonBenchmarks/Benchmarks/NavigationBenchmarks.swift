import Baton

/// Routes for the navigation benchmarks: a tab container of three stacks of items.
enum BenchRoute: ScreenRoute {
    case tabs(stacks: Int)
    case stack(Int)
    case item(Int)

    func makeScreen() throws -> ScreenModel {
        switch self {
        case .tabs(let stacks):
            try TabScreen(tabs: (0..<stacks).map { try BenchRoute.stack($0).screen() }, name: "tabs")
        case .stack: StackScreen(name: "stack")
        case .item: ScreenModel(name: "item")
        }
    }
}

@MainActor
enum NavigationBenchmarks {
    /// Navigation as data (issue 20): reading a window's tree and assigning one, against the
    /// transitions that make the same change by hand; saving and reading back a 100-screen tree.
    static func navigation(_ harness: Harness) -> Section {
        var section = Section("Navigation as data: read, assign, save and restore a window's screen tree")
        var keep: [AnyObject] = []

        // Read + assign an equal tree: no transition, cost per screen.
        let big = tree(stacks: 3, depth: 32)  // tabs, 3 stacks, 3 × 32 items: 100 screens
        let small = tree(stacks: 1, depth: 8)  // tabs, a stack, 8 items: 10 screens
        let bigWindow = window(showing: big, keep: &keep)
        let smallWindow = window(showing: small, keep: &keep)
        let equal = harness.nanosecondsPerOperation(
            scale: 100,
            [
                ("read-assign-100", { count in readAndAssign(bigWindow, count) }),
                ("read-assign-10", { count in readAndAssign(smallWindow, count) }),
                ("read-100", { count in read(bigWindow, count) }),
                ("read-10", { count in read(smallWindow, count) }),
            ])
        guard bigWindow.transitionLog.count == 1, smallWindow.transitionLog.count == 1 else {
            fatalError("assigning an equal tree performed a transition")
        }
        section.add(Row("read + assign the equal tree: transitions performed", .count, baton: 0, target: .exactly(0)))
        section.add(
            Row(
                "read the tree, 100 screens vs 10 × the same for 10 screens", baton: equal[2], peer: 10 * equal[3],
                target: .ratioAtMost(1.5)))
        section.add(
            Row(
                "read + assign the equal tree, 100 screens vs 10 × the same for 10 screens", baton: equal[0],
                peer: 10 * equal[1], target: .ratioAtMost(1.5)))

        // Assign a tree that differs in its top screen vs the push and pop that make the change.
        let below = ScreenTree<BenchRoute>.stack(.stack(0), [.item(0)])
        let above = ScreenTree<BenchRoute>.stack(.stack(0), [.item(0), .item(1)])
        let assigned = window(showing: below, keep: &keep)
        let pushed = window(showing: below, keep: &keep)
        guard let stack = pushed.rootScreen as? StackScreen else { fatalError("benchmark setup: no stack") }
        let top = harness.nanosecondsPerOperation(
            scale: 20,
            [
                (
                    "assign-top",
                    { count in
                        for _ in 0..<count {
                            navigate(assigned, to: above)
                            navigate(assigned, to: below)
                        }
                    }
                ),
                (
                    "push-pop",
                    { count in
                        for _ in 0..<count {
                            do { try stack.push(BenchRoute.item(1).screen()) } catch { fatalError("push: \(error)") }
                            stack.pop()
                        }
                    }
                ),
            ])
        section.add(
            Row(
                "assign a tree whose top differs (push, then pop) vs push + pop", baton: top[0], peer: top[1],
                target: .ratioAtMost(1.5)))

        // Navigation events (issue 33): a push + pop with the window's observer on vs off (off is
        // the `push-pop` probe above: the instructions it costs are compared before and after
        // the events with count-instructions.sh, in BENCHMARKS.md).
        let observed = window(showing: below, keep: &keep)
        var seen = 0
        observed.onNavigation = { _ in seen += 1 }
        guard let observedStack = observed.rootScreen as? StackScreen else { fatalError("benchmark setup: no stack") }
        let events = harness.nanosecondsPerOperation(
            scale: 20,
            [
                (
                    "push-pop-observed",
                    { count in
                        for _ in 0..<count {
                            do { try observedStack.push(BenchRoute.item(1).screen()) } catch {
                                fatalError("push: \(error)")
                            }
                            observedStack.pop()
                        }
                    }
                )
            ])
        blackHole(seen)
        section.add(
            Row(
                "push + pop with a navigation event observer vs without (reported)", baton: events[0], peer: top[1]))

        // A snapshot of a 1,000-screen window: text and JSON.
        let thousand = ScreenWindow()
        let thousandStack = StackScreen(name: "stack")
        do {
            try thousand.setRoot(thousandStack)
            for index in 0..<999 { try thousandStack.push(BenchRoute.item(index).screen()) }
        } catch {
            fatalError("push: \(error)")
        }
        // Ten snapshots a timed run (one in smoke mode): at scale 1 the full run made 100,000
        // a run, hours in all.
        let snapshots = harness.nanosecondsPerOperation(
            scale: 10_000,
            [
                ("snapshot-1000", { count in for _ in 0..<count { blackHole(thousand.snapshot().text) } }),
                ("snapshot-json-1000", { count in for _ in 0..<count { blackHole(thousand.snapshot().json) } }),
            ])
        // The target is a fixed 10 ms, the peer column.
        section.add(
            Row(
                "a snapshot of a 1,000-screen window as text vs 10 ms", baton: snapshots[0], peer: 10_000_000,
                target: .ratioAtMost(1)))
        section.add(
            Row(
                "a snapshot of a 1,000-screen window as JSON vs 10 ms", baton: snapshots[1], peer: 10_000_000,
                target: .ratioAtMost(1)))
        keep.append(thousand)

        // A 10-deep stack into an empty window vs the root and ten pushes; and a launch that
        // restores it from the text a previous run saved (issue 34): decode, build, resolve.
        let deep = ScreenTree<BenchRoute>.stack(.stack(0), (0..<10).map { .item($0) })
        let savedDeep: String
        do { savedDeep = try SavedScreenTree(deep).json } catch { fatalError("save: \(error)") }
        let fresh = harness.nanosecondsPerOperation(
            scale: 100,
            [
                (
                    "assign-10-deep",
                    { count in
                        for _ in 0..<count {
                            let window = ScreenWindow()
                            window.makeVisible()
                            navigate(window, to: deep)
                            blackHole(window)
                        }
                    }
                ),
                (
                    "ten-pushes",
                    { count in
                        for _ in 0..<count {
                            let window = ScreenWindow()
                            window.makeVisible()
                            do {
                                let stack = StackScreen(name: "stack")
                                try window.setRoot(stack)
                                for index in 0..<10 { try stack.push(BenchRoute.item(index).screen()) }
                            } catch {
                                fatalError("push: \(error)")
                            }
                            blackHole(window)
                        }
                    }
                ),
                (
                    "launch-10-deep",
                    { count in
                        for _ in 0..<count {
                            let window = ScreenWindow()
                            window.makeVisible()
                            let failures = window.launch(BenchRoute.stack(0), restoring: savedDeep)
                            guard failures.isEmpty else { fatalError("launch: \(failures)") }
                            blackHole(window)
                        }
                    }
                ),
            ])
        section.add(
            Row(
                "a 10-deep stack into an empty window vs the stack and ten pushes", baton: fresh[0], peer: fresh[1],
                target: .ratioAtMost(1.5)))
        section.add(
            Row(
                "launch restoring a saved 10-deep stack (decode, build, resolve) vs the stack and ten pushes",
                baton: fresh[2], peer: fresh[1], target: .ratioAtMost(1.5)))

        // Save and read back a 100-screen tree.
        let saved: SavedScreenTree
        do { saved = try SavedScreenTree(big) } catch { fatalError("save: \(error)") }
        let json = saved.json
        let coding = harness.nanosecondsPerOperation(
            scale: 200,
            [
                (
                    "encode-100",
                    { count in
                        for _ in 0..<count {
                            do { blackHole(try SavedScreenTree(big).json) } catch { fatalError("save: \(error)") }
                        }
                    }
                ),
                (
                    "decode-100",
                    { count in
                        for _ in 0..<count {
                            do { blackHole(try SavedScreenTree(json: json)) } catch { fatalError("read: \(error)") }
                        }
                    }
                ),
                (
                    "restore-100",
                    { count in
                        for _ in 0..<count {
                            let window = ScreenWindow()
                            do {
                                try window.restoreScreenTree(saved, as: BenchRoute.self)
                            } catch {
                                fatalError("restore: \(error)")
                            }
                            blackHole(window)
                        }
                    }
                ),
            ])
        section.add(Row("save a 100-screen tree as JSON", baton: coding[0]))
        section.add(Row("read the JSON of a 100-screen tree", baton: coding[1]))
        section.add(Row("restore a 100-screen tree into an empty window", baton: coding[2]))
        section.add(Row("the JSON of a 100-screen tree", .bytes, baton: Double(json.utf8.count)))
        withExtendedLifetime(keep) {}
        return section
    }

    /// Saving and reading back a stack of 100,000 screens against one of 10,000 (issue 31: saving
    /// was quadratic, 2.5 s for 10,000 screens and 45 s for 40,000). One save per timed run.
    static func saving(_ harness: Harness) -> Section {
        var section = Section("Saving a screen tree is linear: 100,000 screens vs 10,000")
        let large = ScreenTree<BenchRoute>.stack(.stack(0), (0..<100_000).map { .item($0) })
        let small = ScreenTree<BenchRoute>.stack(.stack(0), (0..<10_000).map { .item($0) })
        func save(_ tree: ScreenTree<BenchRoute>) -> String {
            do { return try SavedScreenTree(tree).json } catch { fatalError("save: \(error)") }
        }
        let largeJSON = save(large)
        let smallJSON = save(small)
        let times = harness.nanosecondsPerOperation(
            scale: .max,
            [
                ("save-100000", { count in for _ in 0..<count { blackHole(save(large)) } }),
                ("save-10000", { count in for _ in 0..<count { blackHole(save(small)) } }),
                (
                    "read-100000",
                    { count in
                        for _ in 0..<count {
                            do { blackHole(try SavedScreenTree(json: largeJSON)) } catch {
                                fatalError("read: \(error)")
                            }
                        }
                    }
                ),
                (
                    "read-10000",
                    { count in
                        for _ in 0..<count {
                            do { blackHole(try SavedScreenTree(json: smallJSON)) } catch {
                                fatalError("read: \(error)")
                            }
                        }
                    }
                ),
            ])
        section.add(
            Row(
                "save 100,000 screens as JSON vs 10,000 (ratio of times; linear is 10)", baton: times[0],
                peer: times[1], target: .ratioAtMost(12)))
        section.add(
            Row(
                "read the JSON of 100,000 screens vs 10,000 (ratio of times; linear is 10)", baton: times[2],
                peer: times[3], target: .ratioAtMost(12)))
        return section
    }

    /// Tabs of `stacks` stacks of `depth` items each.
    static func tree(stacks: Int, depth: Int) -> ScreenTree<BenchRoute> {
        .tabs(
            .tabs(stacks: stacks),
            (0..<stacks).map { stack in .stack(.stack(stack), (0..<depth).map { .item($0) }) },
            selected: 0)
    }

    static func window(showing tree: ScreenTree<BenchRoute>, keep: inout [AnyObject]) -> ScreenWindow {
        let window = ScreenWindow()
        window.makeVisible()
        navigate(window, to: tree)
        keep.append(window)
        return window
    }

    static func navigate(_ window: ScreenWindow, to tree: ScreenTree<BenchRoute>) {
        do { try window.navigate(to: tree) } catch { fatalError("navigate: \(error)") }
    }

    static func read(_ window: ScreenWindow, _ count: Int) {
        for _ in 0..<count {
            do { blackHole(try window.screenTree(BenchRoute.self)) } catch { fatalError("read: \(error)") }
        }
    }

    static func readAndAssign(_ window: ScreenWindow, _ count: Int) {
        for _ in 0..<count {
            do {
                guard let tree = try window.screenTree(BenchRoute.self) else { fatalError("no tree") }
                try window.navigate(to: tree)
            } catch {
                fatalError("read and assign: \(error)")
            }
        }
    }
}
