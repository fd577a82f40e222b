// DevicesSyncthingTests: one ledger on two devices kept in step by two real Syncthing instances
// on loopback, through the real kassa binary. Each device has a home of its own, a syncthing home
// made by `syncthing generate` (its device id read from the generated config.xml), and a ledger
// folder shared under one folder id; config.xml is written here: GUI/REST API on 127.0.0.1 with a
// known API key, listening on tcp://127.0.0.1:<free port>, discovery, relays, NAT, local announce,
// usage and crash reporting off, fsWatcher on and a 1 s rescan. The laptop (used alone before)
// joins first; the phone joins once the laptop's journal has arrived, and sees it. Then both save
// AT THE SAME TIME (sessions of piped entries, started together, round after round) and each
// edits the other's transaction while syncthing carries the files. Once both folders hold the
// same bytes, `list --json`, `balance`, `history` and `conflicts` are identical on both devices,
// and every acknowledged save is there. Skipped, with the reason printed, only where syncthing
// is not installed or cannot start; both syncthings are killed on every path.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import KassaStore
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesSyncthingTests {
    static let folderID = "kassa-ledger"
    static let today = "2026-03-10"

    /// One syncthing instance: its home, the folder it shares, its ports and its process.
    final class Syncthing {
        let label: String
        let home: String
        let folder: String
        let apiKey: String
        var id = ""
        var gui = 0
        var listen = 0
        private var process: ChildProcess?

        init(label: String, root: URL, folder: String) {
            self.label = label
            home = root.appendingPathComponent("syncthing-" + label).path
            self.folder = folder
            apiKey = "kassa-test-key-" + label
        }

        var log: String { home + "/syncthing.log" }

        static let executable: String? = ["/usr/bin/syncthing", "/usr/local/bin/syncthing"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }

        /// Keys and a config made by syncthing itself; the device id read from that config.
        /// Returns why it failed, nil on success.
        func generate(_ executable: String) throws -> String? {
            let result = try ProcessRunner.run(executable, ["generate", "--home", home, "--no-default-folder", "--skip-port-probing"],
                                               environment: environment)
            guard result.status == 0 else { return "syncthing generate: exit \(result.status ?? -1): \(result.stdout) \(result.stderr)" }
            guard FileManager.default.fileExists(atPath: home + "/cert.pem"),
                  let config = try? String(contentsOfFile: home + "/config.xml", encoding: .utf8),
                  let range = config.range(of: "<device id=\"") else { return "syncthing generate made no config.xml with a device id" }
            id = String(config[range.upperBound...].prefix { $0 != "\"" })
            return id.count >= 56 ? nil : "unexpected device id \(id)"
        }

        var environment: [String: String] {
            // STMONITORED: no monitor process in front of syncthing, so the pid killed is syncthing's own.
            ["HOME": home, "PATH": "/usr/bin:/bin", "STNORESTART": "1", "STNOUPGRADE": "1", "STMONITORED": "1",
             "STNODEFAULTFOLDER": "1"]
        }

        /// config.xml sharing `folder` with `peer` (both devices named with their addresses).
        func writeConfig(peer: Syncthing) throws {
            func device(_ s: Syncthing) -> String {
                "    <device id=\"\(s.id)\" name=\"\(s.label)\" compression=\"metadata\" introducer=\"false\">\n"
                    + "        <address>tcp://127.0.0.1:\(s.listen)</address>\n        <paused>false</paused>\n    </device>\n"
            }
            let config = """
                <configuration version="36">
                    <folder id="\(DevicesSyncthingTests.folderID)" label="ledger" path="\(folder)" type="sendreceive" rescanIntervalS="1" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false">
                        <filesystemType>basic</filesystemType>
                        <device id="\(id)"></device>
                        <device id="\(peer.id)"></device>
                    </folder>
                \(device(self))\(device(peer))    <gui enabled="true" tls="false">
                        <address>127.0.0.1:\(gui)</address>
                        <apikey>\(apiKey)</apikey>
                    </gui>
                    <options>
                        <listenAddress>tcp://127.0.0.1:\(listen)</listenAddress>
                        <globalAnnounceEnabled>false</globalAnnounceEnabled>
                        <localAnnounceEnabled>false</localAnnounceEnabled>
                        <relaysEnabled>false</relaysEnabled>
                        <natEnabled>false</natEnabled>
                        <urAccepted>-1</urAccepted>
                        <crashReportingEnabled>false</crashReportingEnabled>
                        <startBrowser>false</startBrowser>
                        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                        <reconnectionIntervalS>1</reconnectionIntervalS>
                    </options>
                </configuration>

                """
            try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
        }

        /// Starts syncthing (its log to a file) and waits until its REST API answers; nil when it
        /// does, else why it did not start.
        func start(_ executable: String) throws -> String? {
            let command = "exec '\(executable)' serve --home '\(home)' --no-browser --no-restart --no-upgrade >'\(log)' 2>&1"
            process = try ChildProcess("/bin/sh", ["-c", command], environment: environment)
            for _ in 0..<200 {
                if let pong = get("/rest/system/ping"), pong.contains("pong") { return nil }
                usleep(100_000)
            }
            let tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(15)
            stop()
            return "syncthing \(label) did not answer on 127.0.0.1:\(gui) within 20 s: \(tail.joined(separator: "\n"))"
        }

        func stop() {
            process?.kill(SIGKILL)
            process?.wait()
            process = nil
        }

        /// GET on the REST API (HTTP/1.0 over a loopback socket); the body of a 200 answer.
        func get(_ path: String) -> String? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = Syncthing.loopback(port: gui)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return nil }
            let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(gui)\r\nX-API-Key: \(apiKey)\r\n\r\n".utf8)
            guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return nil }
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = recv(fd, &buffer, buffer.count, 0)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { break }
                answer += buffer[0..<n]
            }
            let text = String(decoding: answer, as: UTF8.self)
            guard text.hasPrefix("HTTP/1."), text.split(separator: " ").dropFirst().first == "200",
                  let body = text.range(of: "\r\n\r\n") else { return nil }
            return String(text[body.upperBound...])
        }

        static func loopback(port: Int) -> sockaddr_in {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            return address
        }

        /// `count` distinct free TCP ports on 127.0.0.1 (all held open until all are found).
        static func freePorts(_ count: Int) -> [Int] {
            var fds: [Int32] = []
            defer { fds.forEach { close($0) } }
            var ports: [Int] = []
            while ports.count < count {
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                guard fd >= 0 else { break }
                fds.append(fd)
                var address = loopback(port: 0)
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let bound = withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                    }
                }
                guard bound else { break }
                ports.append(Int(UInt16(bigEndian: address.sin_port)))
            }
            return ports
        }
    }

    /// A kassa device: its home and its ledger folder.
    struct Device {
        let name: String
        let folder: String
        let environment: [String: String]

        @discardableResult
        func kassa(_ arguments: [String], _ expectStatus: Int32 = 0) throws -> KassaBinary.Result {
            let result = try KassaBinary.run(arguments + ["--today", DevicesSyncthingTests.today], environment: environment)
            #expect(result.status == expectStatus, "\(name): kassa \(arguments.joined(separator: " ")): \(result.error)")
            return result
        }

        /// A session saving `entries` (one per line, piped); started, not waited for.
        func session(_ entries: [String]) throws -> ChildProcess {
            let child = try ChildProcess(KassaBinary.path, ["--json", "--yes", "--today", DevicesSyncthingTests.today],
                                         environment: environment)
            child.write(entries.map { $0 + "\n" }.joined())
            return child
        }

        /// The device journals of the folder and their bytes.
        var files: [String: Data] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            var out: [String: Data] = [:]
            for file in names {
                guard case .device = DeviceName.kind(ofFile: file) else { continue }
                out[file] = FileManager.default.contents(atPath: folder + "/" + file)
            }
            return out
        }
    }

    /// Waits (at most `seconds`) until both folders hold the same device journals, byte for byte,
    /// `expected` among them.
    static func waitConverged(_ a: Device, _ b: Device, expected: [String], seconds: Int) -> Bool {
        for _ in 0..<(seconds * 10) {
            let (x, y) = (a.files, b.files)
            if x == y, expected.allSatisfy({ x[$0] != nil }) { return true }
            usleep(100_000)
        }
        return false
    }

    @Test func twoSyncthingsCarryConcurrentSavesToOneLedger() throws {
        guard let executable = Syncthing.executable else {
            print("DevicesSyncthingTests skipped: syncthing is not installed (bash .ci/setup installs it)")
            return
        }
        let root = TestSupport.makeTemporaryDirectory("devices-syncthing")
        var devices: [Device] = []
        var syncthings: [Syncthing] = []
        for name in ["laptop", "phone"] {
            let home = root.appendingPathComponent(name)
            let folder = home.appendingPathComponent("ledger").path
            // The folder marker syncthing looks for before it shares a folder.
            try FileManager.default.createDirectory(atPath: folder + "/.stfolder", withIntermediateDirectories: true)
            devices.append(Device(name: name, folder: folder, environment: KassaBinary.environment(home: home)))
            syncthings.append(Syncthing(label: name, root: root, folder: folder))
        }
        defer { syncthings.forEach { $0.stop() } }
        let ports = Syncthing.freePorts(4)
        try #require(ports.count == 4, "no free loopback ports")
        for (k, syncthing) in syncthings.enumerated() {
            (syncthing.gui, syncthing.listen) = (ports[2 * k], ports[2 * k + 1])
            if let failure = try syncthing.generate(executable) {
                print("DevicesSyncthingTests skipped: \(failure)")
                return
            }
        }
        try syncthings[0].writeConfig(peer: syncthings[1])
        try syncthings[1].writeConfig(peer: syncthings[0])
        for syncthing in syncthings {
            if let failure = try syncthing.start(executable) {
                print("DevicesSyncthingTests skipped: \(failure)")
                return
            }
        }
        let (laptop, phone) = (devices[0], devices[1])
        func diagnostics() -> String {
            syncthings.map { s in
                let log = ((try? String(contentsOfFile: s.log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(10)
                return "\(s.label): connections \(s.get("/rest/system/connections") ?? "none"); "
                    + "completion \(s.get("/rest/db/completion?folder=\(DevicesSyncthingTests.folderID)") ?? "none")\n\(log.joined(separator: "\n"))"
            }.joined(separator: "\n")
        }

        // The laptop used kassa alone before; it joins, and the phone joins once that has arrived.
        var acknowledged = Set<Int>()
        for entry in ["coffee 1501", "taxi 1502"] {
            acknowledged.formUnion(JournalCLI.savedAmounts(try laptop.kassa(["add", entry, "--yes", "--json"]).output))
        }
        try laptop.kassa(["devices", "join", laptop.folder, "--name", "laptop"])
        try #require(DevicesSyncthingTests.waitConverged(laptop, phone, expected: ["laptop.kassa"], seconds: 30),
                     "the laptop's journal did not reach the phone: \(diagnostics())")
        try phone.kassa(["devices", "join", phone.folder, "--name", "phone"])
        #expect(DevicesGitTests.ids(try phone.kassa(["list", "--json"]).output) == ["1", "2"])
        acknowledged.formUnion(JournalCLI.savedAmounts(try phone.kassa(["add", "rent 2501", "--yes", "--json"]).output))
        try #require(DevicesSyncthingTests.waitConverged(laptop, phone, expected: ["laptop.kassa", "phone.kassa"], seconds: 30),
                     "the phone's journal did not reach the laptop: \(diagnostics())")

        // Both at the same time, while syncthing carries each save across: sessions started
        // together; in the first round each also edits the other device's transaction.
        var sent = 0
        for round in 0..<4 {
            var children: [ChildProcess] = []
            for (k, device) in devices.enumerated() {
                let entries = (1...3).map { i in "\(["lunch", "books"][k]) \((k + 1) * 1000 + 600 + round * 10 + i)" }
                sent += entries.count
                children.append(try device.session(entries))
            }
            if round == 0 {
                children.append(try ChildProcess(KassaBinary.path, ["edit", "#1000001", "note", "from the laptop", "--today", DevicesSyncthingTests.today],
                                                 environment: laptop.environment))
                children.append(try ChildProcess(KassaBinary.path, ["edit", "#1", "note", "from the phone", "--today", DevicesSyncthingTests.today],
                                                 environment: phone.environment))
            }
            for child in children {
                let result = child.wait()
                #expect(result.status == 0, "round \(round): \(result.stderr) OUT: \(result.stdout.split(separator: "\n").filter { $0.contains("error") }.joined(separator: " // "))")
                acknowledged.formUnion(JournalCLI.savedAmounts(result.stdout))
            }
            usleep(300_000)
        }
        #expect(acknowledged.count == 3 + sent, "every save of the sessions was acknowledged")

        try #require(DevicesSyncthingTests.waitConverged(laptop, phone, expected: ["laptop.kassa", "phone.kassa"], seconds: 40),
                     "the folders did not converge: \(diagnostics())")
        let views = try devices.map { device in
            (list: try device.kassa(["list", "--json"]).output, balance: try device.kassa(["balance"]).output,
             history: try device.kassa(["history", "200"]).output, conflicts: try device.kassa(["conflicts", "--json"]).output)
        }
        #expect(views[1].list == views[0].list)
        #expect(views[1].balance == views[0].balance)
        #expect(views[1].conflicts == views[0].conflicts)
        // Which change `undo` would take is each device's own: compare the history without that mark.
        func plain(_ text: String) -> [String] {
            text.split(separator: "\n").map { String($0.split(separator: "←")[0]).trimmingCharacters(in: .whitespaces) }
        }
        #expect(plain(views[1].history) == plain(views[0].history))
        let listed = Set(views[0].list.split(separator: "\n").flatMap(JournalCLI.amounts))
        #expect(acknowledged.isSubset(of: listed), "acknowledged saves lost: \(acknowledged.subtracting(listed).sorted())")
        // Both edits of the other device's transaction are in the one view.
        #expect(views[0].list.contains("from the laptop") && views[0].list.contains("from the phone"), "\(views[0].list)")
        // Syncthing made no conflict copies (no file has two writers), and every file reads whole.
        let listing = try laptop.kassa(["devices"])
        #expect(listing.lines.count == 3, "\(listing.output)")  // the header and two devices
        #expect(!(listing.output + listing.error).contains("sync tool's copy"), "\(listing.output) \(listing.error)")
        for device in devices {
            let check = try device.kassa(["check", "--json"]).lines
            #expect(check.count == 2 && check.allSatisfy { $0.contains("\"state\": \"intact\"") }, "\(device.name): \(check)")
        }
    }
}
