extension StateStore {
    /// Where an app with an application-support folder (iOS, macOS) keeps the state: the same JSON
    /// file as the terminal app, in a `Coordinates` folder inside it.
    ///
    /// ```swift
    /// let folder = try FileManager.default.url(
    ///     for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
    /// let store = StateStore(path: StateStore.path(inApplicationSupport: folder.path))
    /// // …/Library/Application Support/Coordinates/state.json
    /// ```
    ///
    /// - Parameter folder: The application-support folder's path.
    /// - Returns: The state file's path.
    public static func path(inApplicationSupport folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + "Coordinates/state.json"
    }
}
