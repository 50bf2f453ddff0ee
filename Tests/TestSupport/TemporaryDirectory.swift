import Foundation

/// A unique directory (mode 0700) under the system temporary directory, removed when the test
/// releases it or calls `remove()`.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init(prefix: String = "guestcraft-tests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes it now (it is removed on release anyway).
    public func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
