import AppCore
import Catalog
import HTTPClient
import HTTPServer
import SQLiteDB
import SodiumCrypto
import TerminalUI

/// `guestcraft --version`: this version, the commit it was built from (nil: not stamped), and the
/// C libraries in use, each from its own runtime version function (a library upgraded under the
/// binary shows its new version).
public enum VersionCommand {
    public static func text(commit: String?) -> String {
        L("cli.version", ["version": AppVersion.current, "commit": commit ?? L("cli.version_no_commit"),
                          "ncurses": NCursesDriver.libraryVersion, "sqlite": Database.libraryVersion,
                          "curl": HTTPClient.libraryVersion, "microhttpd": HTTPServer.libraryVersion,
                          "sodium": SodiumVersion.string])
    }
}
