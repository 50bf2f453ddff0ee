import AppCore
import Catalog
import HTTPClient
import HTTPServer
import SQLiteDB
import SodiumCrypto
import TerminalUI

/// `guestcraft --version`: this version, the commit it was built from (nil: not stamped), the C
/// libraries linked, each from its own runtime version function (a library upgraded under the
/// binary shows its new version), and the versions of libcurl and libmicrohttpd it was built for
/// (they are loaded when first needed, never for `--version`: #18).
public enum VersionCommand {
    public static func text(commit: String?) -> String {
        L("cli.version", ["version": AppVersion.current, "commit": commit ?? L("cli.version_no_commit"),
                          "ncurses": NCursesDriver.libraryVersion, "sqlite": Database.libraryVersion,
                          "curl": HTTPClient.libraryVersion, "microhttpd": HTTPServer.libraryVersion,
                          "sodium": SodiumVersion.string])
    }
}
