import CasePaths
import Dependencies
import Observation

/// Shown on the first run; finishing it continues the start-up flow.
@MainActor
@Observable
public final class OnboardingModel {
    @ObservationIgnored let onFinish: @MainActor () -> Void

    init(onFinish: @escaping @MainActor () -> Void) {
        self.onFinish = onFinish
    }

    public func finishTapped() { onFinish() }
}

/// Logs in and returns the user to the start-up flow.
@MainActor
@Observable
public final class LoginModel {
    public var error: LoginError?
    @ObservationIgnored @Dependency(\.accounts) private var accounts
    @ObservationIgnored let onLogIn: @MainActor (User) -> Void

    init(onLogIn: @escaping @MainActor (User) -> Void) {
        self.onLogIn = onLogIn
    }

    public func logIn(email: String, password: String) async {
        do {
            error = nil
            onLogIn(try await accounts.logIn(email: email, password: password))
        } catch let failure as LoginError {
            error = failure
        } catch {
            self.error = .wrongPassword
        }
    }
}

/// The items, in the chosen order; a tap shows one, the toolbar opens the settings sheet.
@MainActor
@Observable
public final class ItemListModel {
    /// The screens pushed over the list.
    @CasePathable
    public enum Path: Hashable {
        case item(ItemDetailModel)
    }

    /// What the list presents.
    @CasePathable
    @dynamicMemberLookup
    public enum Destination {
        case settings(SettingsModel)
    }

    public var path: [Path] = []
    public var destination: Destination?
    public var sortOrder = SortOrder.title
    let store: ItemStore

    init(store: ItemStore) {
        self.store = store
    }

    public var title: String { "Tasks" }
    public var items: [Item] { sortOrder.sorted(Array(store.items)) }

    public func itemTapped(_ item: Item) {
        path.append(.item(ItemDetailModel(id: item.id, store: store)))
    }

    public func sortButtonTapped() {
        destination = .settings(
            SettingsModel(current: sortOrder) { [weak self] order in
                self?.sortOrder = order
                self?.destination = nil
            })
    }
}

/// Edits one item in the store, where the list reads it.
@MainActor
@Observable
public final class ItemDetailModel: Hashable {
    public let id: Int
    let store: ItemStore

    init(id: Int, store: ItemStore) {
        self.id = id
        self.store = store
    }

    public var item: Item? {
        get { store[id] }
        set { store[id] = newValue }
    }

    nonisolated public static func == (lhs: ItemDetailModel, rhs: ItemDetailModel) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The settings sheet: returns the list's sort order.
@MainActor
@Observable
public final class SettingsModel {
    public let current: SortOrder
    @ObservationIgnored let onChoose: @MainActor (SortOrder) -> Void

    init(current: SortOrder, onChoose: @escaping @MainActor (SortOrder) -> Void) {
        self.current = current
        self.onChoose = onChoose
    }

    public func choose(_ order: SortOrder) { onChoose(order) }
}

/// The logged-in user.
@MainActor
@Observable
public final class ProfileModel {
    public let user: User?

    init(user: User?) {
        self.user = user
    }
}
