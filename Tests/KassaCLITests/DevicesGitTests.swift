// DevicesGitTests: one ledger on three devices kept in step by git, through the real binary.
// Each device is a home of its own with a clone of one bare repository as its ledger folder
// (`kassa devices join CLONE --name NAME`). While apart they save, edit each other's
// transactions, delete and undo; then they commit, pull and push in different orders. All three
// end with identical `list --json`, `balance` and `history`, every acknowledged save not taken
// back is there, and the transaction numbers seen before the sync did not change.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesGitTests {
    struct Device {
        let name: String
        let clone: String
        let environment: [String: String]

        @discardableResult
        func kassa(_ arguments: [String], _ expectStatus: Int32 = 0, stdin: String = "") throws -> KassaBinary.Result {
            let result = try KassaBinary.run(arguments + ["--today", "2026-03-10"], stdin: stdin, environment: environment)
            #expect(result.status == expectStatus, "\(name): kassa \(arguments.joined(separator: " ")): \(result.error)")
            return result
        }

        /// Saves one entry; the number kassa acknowledged.
        func save(_ text: String) throws -> String {
            let result = try kassa(["add", text, "--yes", "--json"])
            let line = result.lines.first { $0.contains("\"event\": \"saved\"") } ?? ""
            let id = line.components(separatedBy: "\"id\": \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            #expect(id != nil, "\(name): no save acknowledged for \(text): \(result.output) \(result.error)")
            return id ?? ""
        }

        func git(_ arguments: [String]) throws {
            let result = try ProcessRunner.run("/usr/bin/git", ["-C", clone, "-c", "user.name=\(name)", "-c", "user.email=\(name)@example.org",
                                                                "-c", "pull.rebase=false", "-c", "init.defaultBranch=main"] + arguments,
                                               environment: ["HOME": environment["HOME"]!, "PATH": "/usr/bin:/bin",
                                                             "GIT_CONFIG_NOSYSTEM": "1"])
            #expect(result.status == 0, "\(name): git \(arguments.joined(separator: " ")): \(result.stderr)")
        }

        func sync(pull: Bool = true) throws {
            try git(["add", "-A"])
            try git(["commit", "-q", "--allow-empty", "-m", "\(name)"])
            if pull { try git(["pull", "-q", "--no-edit", "origin", "main"]) }
            try git(["push", "-q", "origin", "HEAD:main"])
        }
    }

    static func ids(_ listing: String) -> [String] {
        listing.split(separator: "\n").compactMap { line in
            line.components(separatedBy: "\"id\": \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        }
    }

    @Test func threeClonesOfOneRepositoryEndWithOneLedger() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            print("DevicesGitTests skipped: /usr/bin/git is not installed")
            return
        }
        let root = TestSupport.makeTemporaryDirectory("devices-git")
        let bare = root.appendingPathComponent("origin.git").path
        _ = try ProcessRunner.run("/usr/bin/git", ["init", "-q", "--bare", "-b", "main", bare], environment: ["PATH": "/usr/bin:/bin"])
        var devices: [Device] = []
        for name in ["laptop", "phone", "desktop"] {
            let home = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let clone = home.appendingPathComponent("ledger").path
            _ = try ProcessRunner.run("/usr/bin/git", ["clone", "-q", bare, clone], environment: ["PATH": "/usr/bin:/bin", "HOME": home.path])
            devices.append(Device(name: name, clone: clone, environment: KassaBinary.environment(home: home)))
        }
        let (laptop, phone, desktop) = (devices[0], devices[1], devices[2])

        // The laptop used kassa alone before: its journal and numbers move into the ledger.
        var acknowledged = [try laptop.save("coffee 1500"), try laptop.save("taxi 2000")]
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        try laptop.sync(pull: false)  // the first push: nothing to pull yet
        for device in [phone, desktop] {
            try device.git(["pull", "-q", "origin", "main"])
            try device.kassa(["devices", "join", device.clone, "--name", device.name])
            try device.sync()
        }
        try laptop.git(["pull", "-q", "origin", "main"])
        // A new device sees everything already there.
        #expect(DevicesGitTests.ids(try desktop.kassa(["list", "--json"]).output) == ["1", "2"])

        // Apart: each saves, edits, deletes and undoes.
        acknowledged.append(try laptop.save("lunch 3000"))
        try laptop.kassa(["edit", "#1", "amount", "1600"])
        acknowledged.append(try phone.save("groceries 5000"))
        acknowledged.append(try phone.save("cinema 4000"))
        try phone.kassa(["undo"])  // takes back the phone's own cinema, nothing else
        acknowledged.removeLast()
        try phone.kassa(["edit", "#2", "note", "airport"])
        acknowledged.append(try desktop.save("books 7000"))
        try desktop.kassa(["delete", "#1"])
        let deletedOnDesktop = "1"
        let numbersBefore = DevicesGitTests.ids(try phone.kassa(["list", "--json"]).output)

        // Commit, pull and push in different orders; then everyone pulls what the others pushed.
        try desktop.sync()
        try laptop.sync()
        try phone.sync()
        try desktop.sync()
        try laptop.sync()

        let views = try devices.map { device in
            (list: try device.kassa(["list", "--json"]).output, balance: try device.kassa(["balance"]).output,
             history: try device.kassa(["history", "100"]).output)
        }
        for view in views.dropFirst() {
            #expect(view.list == views[0].list)
            #expect(view.balance == views[0].balance)
            // Which change `undo` would take is each device's own: compare the history without that mark.
            func plain(_ text: String) -> [String] { text.split(separator: "\n").map { String($0.split(separator: "←")[0]).trimmingCharacters(in: .whitespaces) } }
            #expect(plain(view.history) == plain(views[0].history))
        }
        let finalIDs = DevicesGitTests.ids(views[0].list)
        for id in acknowledged where id != deletedOnDesktop {
            #expect(finalIDs.contains(id), "acknowledged #\(id) lost: \(views[0].list)")
        }
        #expect(!finalIDs.contains(deletedOnDesktop))
        // Numbers seen on the phone before the others' changes arrived are the same after.
        for id in numbersBefore where id != deletedOnDesktop { #expect(finalIDs.contains(id)) }
        // The laptop's edit of #1 and the desktop's delete of it met: the delete came later or the edit was left out.
        #expect(try laptop.kassa(["devices", "--json"]).lines.count == 3)
        // `check` reads every device file on its own.
        let check = try laptop.kassa(["check"]).lines
        #expect(check.count == 3 && check.allSatisfy { $0.contains("intact") }, "\(check)")
    }

    /// What a card was charged, set on one device while another edits the note of the same
    /// purchase apart: after both sync, every device has the charge and the note.
    @Test func aChargeSetApartSurvivesTheMerge() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return }
        let root = TestSupport.makeTemporaryDirectory("devices-git-charge")
        let bare = root.appendingPathComponent("origin.git").path
        _ = try ProcessRunner.run("/usr/bin/git", ["init", "-q", "--bare", "-b", "main", bare], environment: ["PATH": "/usr/bin:/bin"])
        let devices = try ["laptop", "phone"].map { name in
            let home = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            let clone = home.appendingPathComponent("ledger").path
            _ = try ProcessRunner.run("/usr/bin/git", ["clone", "-q", bare, clone], environment: ["PATH": "/usr/bin:/bin", "HOME": home.path])
            return Device(name: name, clone: clone, environment: KassaBinary.environment(home: home))
        }
        let (laptop, phone) = (devices[0], devices[1])
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        _ = try laptop.save("mcdonalds 12 dollars from kaspi")
        try laptop.sync(pull: false)
        try phone.git(["pull", "-q", "origin", "main"])
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        try phone.kassa(["edit", "#1", "charged", "6120"])
        try laptop.kassa(["edit", "#1", "note", "lunch in istanbul"])
        try phone.sync()
        try laptop.sync()
        try phone.sync()
        for device in devices {
            let listed = try device.kassa(["list", "--json"]).output
            #expect(listed.contains("\"charged_amount\": \"6120.00\"") && listed.contains("lunch in istanbul"), "\(device.name): \(listed)")
            #expect(try device.kassa(["balance"]).output.contains("−₸6,120.00"), "\(device.name)")
        }
    }
}

