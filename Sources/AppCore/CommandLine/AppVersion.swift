import ClientModel

/// This app's version, as `--version` prints it and as discovery's `min_app_version` is checked.
public enum AppVersion {
    public static var current: String { SemanticVersion.thisApp.description }
}
