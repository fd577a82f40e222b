// KassaBinary: runs the real `kassa` executable that `swift test` built, with arguments,
// environment and standard input, and returns its exit status and output.

import Foundation

public struct KassaBinary {
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
        public let error: String

        /// Non-empty standard output lines.
        public var lines: [String] { output.split(separator: "\n").map(String.init) }
    }

    /// `.build/<config>/kassa`, found beside the test bundle so debug and release both work.
    public static let path: String = {
        let products = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
            + [TestSupport.packageRoot.appendingPathComponent(".build/debug")]
        for directory in products {
            let candidate = directory.appendingPathComponent("kassa").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return TestSupport.packageRoot.appendingPathComponent(".build/debug/kassa").path
    }()

    /// A clean environment: no locale or XDG settings leak in from the machine running the tests.
    public static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "KASSA_DATA_DIR": TestSupport.packageRoot.path,
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `executable` (the built kassa unless told otherwise: a copy of it, a shell).
    @discardableResult
    public static func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String],
                           executable: String = path) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Feed stdin and drain both outputs concurrently so no pipe buffer can fill and block.
        // A child that exits without reading its input (a usage error, a journal that cannot be
        // opened) closes the pipe: the throwing write reports EPIPE instead of trapping.
        let writer = Thread {
            try? input.fileHandleForWriting.write(contentsOf: stdin)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errorData.get() == nil { usleep(1000) }
        return Result(status: process.terminationStatus,
                      output: String(decoding: outputData, as: UTF8.self),
                      error: String(decoding: errorData.get() ?? Data(), as: UTF8.self))
    }

    public static func run(_ arguments: [String], stdin: String, environment: [String: String],
                           executable: String = path) throws -> Result {
        try run(arguments, stdin: Data(stdin.utf8), environment: environment, executable: executable)
    }
}

/// A Data slot shared between two threads.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data? { lock.lock(); defer { lock.unlock() }; return data }
}
