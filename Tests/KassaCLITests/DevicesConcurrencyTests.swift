// DevicesConcurrencyTests: two devices, each with two sessions saving at the same time, through
// the real binary. The laptop and the phone have ledger folders of their own; on each, two
// sessions of piped entries save at once (the second with a cache of its own, as a scheduled job
// started with another environment has), and a third process saves and undoes what it saved.
// Meanwhile a copier thread plays the sync tool, carrying each device's journal into the other's
// folder in turn: rewritten in place (truncated, then written in pieces), removed and written anew
// in pieces (as `git checkout` does), or written aside and renamed over it. Bounded by the number
// of saves, not by time. Afterwards, once both folders hold both files whole: no process crashed
// or failed, every save acknowledged and not undone is listed exactly once with its own amount on
// each device, nothing undone is listed, both devices list the same ledger, and both files read
// intact.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesConcurrencyTests {
    typealias Device = DevicesGitTests.Device
    typealias Shared = DevicesRewrittenFileTests.Shared

    /// What the undoing processes report: saves kept and saves undone, and what went wrong.
    final class Ledgerbook: @unchecked Sendable {
        let lock = NSLock()
        private(set) var kept: [(id: String, amount: Int)] = []
        private(set) var undone: [Int] = []
        private(set) var failures: [String] = []
        private var running = 0
        func started() { lock.withLock { running += 1 } }
        func finished() { lock.withLock { running -= 1 } }
        var idle: Bool { lock.withLock { running == 0 } }
        func keep(_ saves: [(id: String, amount: Int)]) { lock.withLock { kept += saves } }
        func undo(_ amount: Int) { lock.withLock { undone.append(amount) } }
        func fail(_ text: String) { lock.withLock { failures.append(text) } }
    }

    /// Saves and undoes, `rounds` times, on `environment`'s device: every other save is undone.
    static func saveAndUndo(environment: [String: String], label: String, from: Int, rounds: Int, book: Ledgerbook) {
        book.started()
        Thread {
            defer { book.finished() }
            for k in 0..<rounds {
                let amount = from + k
                do {
                    let add = try KassaBinary.run(["add", "cake \(amount)", "--yes", "--json", "--today", "2026-03-10"],
                                                  environment: environment)
                    if add.status != 0 || add.error.contains("Fatal error") { book.fail("\(label): add \(amount): \(add.status) \(add.error)") }
                    let saved = DevicesSessionsTests.saved(add.output)
                    guard saved.count == 1, let id = saved.first?.id else {
                        book.fail("\(label): add \(amount) not acknowledged: \(add.output) \(add.error)")
                        continue
                    }
                    guard k % 2 == 0 else { book.keep(saved); continue }
                    let undo = try KassaBinary.run(["undo", "#" + id, "--today", "2026-03-10"], environment: environment)
                    if undo.status == 0 {
                        book.undo(amount)
                    } else {
                        if undo.error.contains("Fatal error") { book.fail("\(label): undo #\(id): \(undo.error)") }
                        book.keep(saved)  // not undone: it stays
                    }
                } catch {
                    book.fail("\(label): \(error)")
                }
            }
        }.start()
    }

    @Test func twoDevicesOfTwoSessionsEachLoseNoAcknowledgedSave() throws {
        let (root, laptop, phone) = try Device.apart("devices-concurrency")
        let devices = [laptop, phone]
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        try DevicesRewrittenFileTests.copyWhole(laptop.clone + "/laptop.kassa", to: phone.clone + "/laptop.kassa")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        try DevicesRewrittenFileTests.copyWhole(phone.clone + "/phone.kassa", to: laptop.clone + "/phone.kassa")

        // The sync tool: each file into the other folder, in place, anew, or renamed over it, in turn.
        let shared = Shared()
        let carries = [(laptop.clone + "/laptop.kassa", phone.clone + "/laptop.kassa"),
                       (phone.clone + "/phone.kassa", laptop.clone + "/phone.kassa")]
        Thread {
            var turn = 0
            while !shared.stop {
                let (source, target) = carries[turn % 2]
                switch turn / 2 % 3 {
                case 0: DevicesRewrittenFileTests.rewrite(source, to: target, inPlace: true, shared: shared)
                case 1: DevicesRewrittenFileTests.rewrite(source, to: target, inPlace: false, shared: shared)
                default: DevicesKilledSaveTests.copy(source, to: target, shared: DevicesKilledSaveTests.Shared())
                }
                turn += 1
                usleep(2000)
            }
            shared.finish()
        }.start()
        defer {
            shared.requestStop()
            while !shared.finished { usleep(10_000) }
        }

        // On each device two sessions (the second with a cache of its own) and a saver that undoes.
        let book = Ledgerbook()
        var sessions: [(label: String, child: ChildProcess)] = []
        for (d, device) in devices.enumerated() {
            for s in 0..<2 {
                var environment = device.environment
                if s == 1 { environment["XDG_CACHE_HOME"] = root.appendingPathComponent("\(device.name)-job-cache").path }
                let child = try ChildProcess(KassaBinary.path, ["--json", "--yes", "--today", "2026-03-10"], environment: environment)
                let from = 11_000 + 1000 * (2 * d + s)
                child.write((0..<45).map { "coffee \(from + $0)\n" }.joined())
                sessions.append(("\(device.name) session \(s + 1)", child))
            }
            DevicesConcurrencyTests.saveAndUndo(environment: device.environment, label: "\(device.name) undo",
                                                from: 15_000 + 1000 * d, rounds: 10, book: book)
        }
        var acknowledged: [(id: String, amount: Int)] = []
        for (label, child) in sessions {
            child.closeInput()
            let result = child.wait()
            #expect(result.status == 0 && !result.stderr.contains("Fatal error"), "\(label): exit \(result.status ?? -1): \(result.stderr)")
            let saved = DevicesSessionsTests.saved(result.stdout)
            #expect(saved.count == 45, "\(label): \(saved.count) of 45 saves acknowledged: \(result.stderr)")
            acknowledged += saved
        }
        while !book.idle { usleep(10_000) }
        shared.requestStop()
        while !shared.finished { usleep(10_000) }
        #expect(shared.failures.isEmpty, "\(shared.failures.prefix(3))")
        #expect(book.failures.isEmpty, "\(book.failures.prefix(3))")
        acknowledged += book.kept
        #expect(!book.undone.isEmpty)

        // The final sync: both files whole in both folders.
        for (source, target) in carries { try DevicesRewrittenFileTests.copyWhole(source, to: target) }
        var views: [[String: [Int]]] = []
        for device in devices {
            let listed = try DevicesSessionsTests.listed(device)
            for save in acknowledged {
                #expect(listed[save.id] == [save.amount], "\(device.name): #\(save.id) (\(save.amount)) listed as \(listed[save.id] ?? [])")
            }
            let amounts = Set(listed.values.flatMap { $0 })
            #expect(amounts.isDisjoint(with: book.undone), "\(device.name): undone saves listed")
            #expect(listed.count == acknowledged.count, "\(device.name): \(listed.count) listed, \(acknowledged.count) acknowledged")
            let check = try device.kassa(["check", "--json"]).lines
            #expect(check.count == 2 && check.allSatisfy { $0.contains("\"state\": \"intact\"") }, "\(device.name): \(check)")
            views.append(listed)
        }
        #expect(views[0] == views[1])
        #expect(Set(acknowledged.map(\.id)).count == acknowledged.count, "a number acknowledged twice")
    }
}
