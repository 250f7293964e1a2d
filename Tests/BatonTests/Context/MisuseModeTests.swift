import Baton
import Testing

@MainActor
@Suite
struct MisuseModeTests {
    // MARK: - Rule 15: strict mode stops at the misuse in debug builds

    @Test func strictIsTheDefaultInDebugBuilds() {
        #if DEBUG
            #expect(MisuseMode.current == .strict)
        #else
            #expect(MisuseMode.current == .lenient)
        #endif
    }

    @Test func lenientModeThrowsTheTypedError() {
        MisuseMode.$current.withValue(.lenient) {
            #expect(throws: ContextError.self) { try ScreenContext().unsetFlag(UserUsedTheTotalField.self) }
        }
    }

    #if DEBUG
        @Test func strictModeStopsAtTheMisuse() async {
            await #expect(processExitsWith: .failure) {
                await MainActor.run {
                    try? ScreenContext(name: "app").unsetFlag(UserUsedTheTotalField.self)
                }
            }
        }

        @Test func aThrowingResolverIsAnErrorButNotAMisuseInStrictMode() async {
            await #expect(processExitsWith: .success) {
                await MainActor.run {
                    struct Invalid: Error {}
                    let list = ScreenModel(name: "list")
                    let coordinator = DependencyCoordinator(name: "strict")
                    _ = try? coordinator.register(.destination { (_: ProbeScreen) in throw Invalid() })
                    list.dependencyCoordinator = coordinator
                    let stack = try? StackScreen(root: list)
                    do {
                        try stack?.push(ProbeScreen(name: "detail"))
                    } catch {
                        // Reported as an error; strict mode does not stop here.
                    }
                }
            }
        }
    #endif
}
