// KassaTestSupport: shared helpers for the test targets (fixed clock, temp dirs, repo paths).
import Foundation

public enum TestSupport {
    /// The package root, found from this file's path so tests run from any working directory.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh empty directory, inside one folder per test process under the system temp dir
    /// that is removed when the process exits (a run leaves nothing behind in /tmp).
    public static func makeTemporaryDirectory(_ label: String = "kassa") -> URL {
        let url = processRoot.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// This process's folder of temporary directories, made (and its removal at exit arranged) once.
    private static let processRoot: URL = {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kassa-tests-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        rootPath = root.path
        atexit { if let rootPath = TestSupport.rootPath { try? FileManager.default.removeItem(atPath: rootPath) } }
        return root
    }()
    nonisolated(unsafe) private static var rootPath: String?
}
