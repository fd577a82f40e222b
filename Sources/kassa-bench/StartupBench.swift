// StartupBench: `kassa-bench startup` — the real `kassa` binary from exec to exit, many times,
// in a clean environment (no KASSA_DATA_DIR, an empty config directory: the built-in data and
// the grammar compiled at build time). Prints the median and fastest wall time and CPU time
// (user + system, from wait4) of each case; CPU time is the steadier figure on a shared machine.
//
//     swift build -c release --static-swift-stdlib
//     .build/release/kassa-bench startup [--runs 50]
//
// Cases: a parsed result (the bar, ≤ 10 ms), the same with a user's rule file (the text path:
// the grammar loaded from the rules as before the compiled grammar), `--version` (no grammar).

import Foundation

enum StartupBench {
    static let parseArguments = ["parse", "--json", "--today", "2026-11-23", "coffee", "1500"]

    static func run(arguments: [String]) {
        var runs = 50
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--runs", i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
                runs = max(1, n)
                i += 2
            } else {
                print("usage: kassa-bench startup [--runs N]")
                exit(2)
            }
        }
        let kassa = URL(fileURLWithPath: StoreBench.selfPath()).deletingLastPathComponent().appendingPathComponent("kassa").path
        guard FileManager.default.isExecutableFile(atPath: kassa) else {
            print("kassa-bench startup: build the kassa binary first (swift build -c release --static-swift-stdlib)")
            exit(2)
        }
        print("kassa-bench startup — \(kassa), \(runs) runs each")
        report(kassa: kassa, runs: runs)
    }

    /// Prints the three cases; used by `kassa-bench cli` too.
    static func report(kassa: String, runs: Int) {
        let home = NSTemporaryDirectory() + "kassa-bench-startup-\(getpid())"
        let override = home + "/config-override/kassa/grammars/en"
        try? FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: override, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: override + "/mine.rules", contents: Data("# a user's rules\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: home) }
        let clean = ["HOME=\(home)", "XDG_CONFIG_HOME=\(home)/config", "XDG_DATA_HOME=\(home)/data", "LANG=C.UTF-8",
                     "PATH=/usr/bin:/bin"]
        let overridden = clean.map { $0.hasPrefix("XDG_CONFIG_HOME=") ? "XDG_CONFIG_HOME=\(home)/config-override" : $0 }
        let parse = measure(kassa, parseArguments, environment: clean, runs: runs)
        print(StoreBench.line("start-up (parse)", parse.text, ok: parse.medianCPU <= 10, goal: "≤ 10 ms"))
        let text = measure(kassa, parseArguments, environment: overridden, runs: runs)
        print(StoreBench.line("  with a user rule file", text.text, ok: nil, goal: ""))
        let version = measure(kassa, ["--version"], environment: clean, runs: runs)
        print(StoreBench.line("  --version", version.text, ok: nil, goal: ""))
    }

    struct Figures {
        var medianWall, fastestWall, medianCPU, fastestCPU: Double
        var text: String {
            String(format: "CPU median %.1f ms (fastest %.1f), wall median %.1f ms (fastest %.1f)",
                   medianCPU, fastestCPU, medianWall, fastestWall)
        }
    }

    /// `runs` runs of kassa with standard output to /dev/null, in milliseconds.
    static func measure(_ executable: String, _ arguments: [String], environment: [String], runs: Int) -> Figures {
        var walls: [Double] = [], cpus: [Double] = []
        for _ in 0..<runs {
            let (wall, cpu) = spawn(executable, arguments, environment: environment)
            walls.append(wall * 1000)
            cpus.append(cpu * 1000)
        }
        walls.sort()
        cpus.sort()
        return Figures(medianWall: walls[walls.count / 2], fastestWall: walls[0], medianCPU: cpus[cpus.count / 2], fastestCPU: cpus[0])
    }

    /// (wall seconds, user + system CPU seconds) of one run.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String]) -> (Double, Double) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = StoreBench.now()
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return (0, 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let wall = StoreBench.now() - start
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
