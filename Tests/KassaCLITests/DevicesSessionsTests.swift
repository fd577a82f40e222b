// DevicesSessionsTests: two kassa processes of ONE device saving into its file while the folder
// changes under them, through the real binary. An interactive session (its stdin kept open) saves;
// a scheduled `kassa add` runs beside it with a cache of its own (a job started with another
// environment), and so with a merged view of its own; another device's saves arrive and the other
// process undoes one of its own. The session then saves again: every save is acknowledged with a
// number of its own, every acknowledged save is listed exactly once on both devices, nothing
// taken back is listed, and `conflicts` blames no device.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesSessionsTests {
    typealias Device = DevicesGitTests.Device

    /// The ids and amounts of the `saved` events in `output` (JSON lines).
    static func saved(_ output: String) -> [(id: String, amount: Int)] {
        output.split(separator: "\n").filter { $0.contains("\"event\": \"saved\"") }.compactMap { line in
            guard let id = line.components(separatedBy: "\"id\": \"").dropFirst().first.map({ String($0.prefix { $0 != "\"" }) }),
                  let amount = JournalCLI.amounts(line).first else { return nil }
            return (id, amount)
        }
    }

    /// `list --json` of `device`: id → amounts listed under it (more than one: a number given twice).
    static func listed(_ device: Device) throws -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for line in try device.kassa(["list", "all", "--json"]).output.split(separator: "\n") {
            guard let id = line.components(separatedBy: "\"id\": \"").dropFirst().first.map({ String($0.prefix { $0 != "\"" }) })
            else { continue }
            out[id, default: []] += JournalCLI.amounts(line).prefix(1)
        }
        return out
    }

    @Test func twoProcessesOfOneDeviceNeverShareANumber() throws {
        let (root, laptop, phone) = try Device.sharing("devices-sessions")
        let folder = laptop.clone
        let devices = [laptop, phone]
        for device in devices { try device.kassa(["devices", "join", folder, "--name", device.name]) }
        _ = try laptop.save("coffee 100")

        // The interactive session, open all along.
        let session = try ChildProcess(KassaBinary.path, ["--json", "--yes", "--today", "2026-03-10"], environment: laptop.environment)
        defer { session.kill() }
        session.write("coffee 101\n")
        #expect(session.waitForOutput("\"event\": \"saved\"", count: 1, milliseconds: 20_000))

        // Beside it, the same device with a cache of its own; the phone's saves arrive meanwhile.
        var job = laptop.environment
        job["XDG_CACHE_HOME"] = root.appendingPathComponent("laptop-job-cache").path
        let jobDevice = Device(name: "laptop (job)", clone: folder, environment: job)
        var acknowledged = DevicesSessionsTests.saved(try jobDevice.kassa(["add", "tea 102", "--yes", "--json"]).output)
        _ = try phone.save("taxi 201")
        let undone = DevicesSessionsTests.saved(try jobDevice.kassa(["add", "cake 103", "--yes", "--json"]).output)
        #expect(undone.count == 1)
        try jobDevice.kassa(["undo", "#" + (undone.first?.id ?? "0")])
        _ = try phone.save("taxi 202")

        // The session saves again, into a folder that changed under it.
        session.write("lunch 104\nbooks 105\n")
        #expect(session.waitForOutput("\"event\": \"saved\"", count: 3, milliseconds: 20_000))
        session.closeInput()
        let result = session.wait()
        #expect(result.status == 0, "\(result.stderr)")
        acknowledged += DevicesSessionsTests.saved(result.stdout)
        acknowledged.append((id: "1", amount: 100))
        #expect(acknowledged.count == 5)

        // Each number acknowledged once, and each listed once, with its own amount, on both devices.
        #expect(Set(acknowledged.map(\.id)).count == acknowledged.count, "a number acknowledged twice: \(acknowledged)")
        for device in devices {
            let listed = try DevicesSessionsTests.listed(device)
            for save in acknowledged {
                #expect(listed[save.id] == [save.amount], "\(device.name): #\(save.id) (\(save.amount)) listed as \(listed[save.id] ?? [])")
            }
            #expect(!listed.values.contains([103]), "\(device.name): the undone save is listed")
            #expect(try device.kassa(["conflicts", "--json"]).output.isEmpty, "\(device.name)")
        }
    }
}
