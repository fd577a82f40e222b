// BenchRun: what the benches that time the real `kassa` binary share — their common options
// (`--size N`, `--dir DIR`, `--keep`, and any of their own that take a value), the scratch folder
// (made at the start, removed at the end unless --keep), the `kassa` binary beside kassa-bench
// (release build), and a child's timing as one result line. Each bench keeps only what it times.

import Foundation

struct BenchRun {
    var size: Int
    var directory: String
    var keep = false
    /// The bench's own options that take a value, as given (`--hledger-max` → "1000").
    var values: [String: String] = [:]
    /// The `kassa` binary beside kassa-bench.
    let kassa = (StoreBench.selfPath() as NSString).deletingLastPathComponent + "/kassa"

    /// Reads the options of `kassa-bench NAME`; nil after printing the usage (an unknown option)
    /// or saying that `kassa` is missing. The folder is made; `finish()` removes it.
    static func start(_ name: String, arguments: [String], size: Int, valueOptions: [String] = []) -> BenchRun? {
        var run = BenchRun(size: size, directory: NSTemporaryDirectory() + "kassa-bench-\(name)-\(getpid())")
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": run.size = Int(value) ?? run.size; i += 1
            case "--dir": run.directory = value; i += 1
            case "--keep": run.keep = true
            case let option where valueOptions.contains(option): run.values[option] = value; i += 1
            default:
                let own = valueOptions.map { " [\($0) N]" }.joined()
                print("usage: kassa-bench \(name) [--size N] [--dir DIR]\(own) [--keep]")
                return nil
            }
            i += 1
        }
        guard FileManager.default.isExecutableFile(atPath: run.kassa) else {
            print("kassa-bench \(name): \(run.kassa) is missing; build the kassa product too")
            return nil
        }
        try? FileManager.default.createDirectory(atPath: run.directory, withIntermediateDirectories: true)
        return run
    }

    /// The bench's own option as a number, else `fallback`.
    func value(_ option: String, or fallback: Int) -> Int { values[option].flatMap { Int($0) } ?? fallback }

    /// Removes the folder unless --keep.
    func finish() {
        if !keep { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// Runs `executable` in a child and prints its time, peak RSS and exit status as one line,
    /// with `extra` before them; `ok` nil when there is no goal. Returns the child's figures.
    @discardableResult
    static func timed(_ label: String, _ executable: String, _ arguments: [String], extra: String = "",
                      ok: ((status: Int32, seconds: Double, peakMB: Double)) -> Bool? = { _ in nil }, goal: String = "")
        -> (status: Int32, seconds: Double, peakMB: Double) {
        let run = StoreBench.spawn(executable, arguments, output: "/dev/null")
        print(StoreBench.line(label, extra + String(format: "%.2f s, peak RSS %.0f MB, exit %d", run.seconds, run.peakMB, run.status),
                              ok: ok(run), goal: goal))
        StoreBench.flushOutput()
        return run
    }
}
