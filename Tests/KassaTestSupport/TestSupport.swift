// KassaTestSupport: shared helpers for the test targets (fixed clock, temp dirs, repo paths).
import Foundation

public enum TestSupport {
    /// The package root, found from this file's path so tests run from any working directory.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh empty directory under the system temp dir.
    public static func makeTemporaryDirectory(_ label: String = "kassa") -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
