// DevicesRepairTests: `kassa check` and `kassa repair` in a ledger folder, through the real
// binary. Two devices share one folder (both homes joined the same directory). check reports
// each device file, and who can repair a damaged one; repair mends only this device's own file —
// every whole change kept, its edit of the other device's transaction included, the damaged
// line moved aside — and leaves the other device's damaged file byte for byte as it was, naming
// the device that must repair it (exit 3 while that damage remains). A save cut short is this
// device's to move aside, and a change still arriving for the other device; a device that has
// not joined the folder repairs nothing.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesRepairTests {
    typealias Device = DevicesGitTests.Device

    /// Changes the last character of line `number` (1-based) of `path`: its checksum fails.
    static func damage(_ path: String, line number: Int) throws {
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        var line = lines[number - 1]
        let last = line.removeLast()
        lines[number - 1] = line + (last == "Q" ? "R" : "Q")
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// The JSON object of `device` among the lines of `check --json` / `repair --json`.
    static func entry(_ lines: [String], _ device: String) -> String {
        lines.first { $0.contains("\"device\": \"\(device)\"") } ?? ""
    }

    static func amounts(_ device: Device) throws -> Set<Int> {
        Set(try device.kassa(["list", "--json"]).output.split(separator: "\n").flatMap(JournalCLI.amounts))
    }

    @Test func repairMendsOnlyThisDevicesFileAndNamesTheOther() throws {
        let (root, laptop, phone) = try Device.sharing("devices-repair")
        let folder = laptop.clone
        let devices = [laptop, phone]
        for device in devices { try device.kassa(["devices", "join", folder, "--name", device.name]) }
        let laptopFile = folder + "/laptop.kassa", phoneFile = folder + "/phone.kassa"
        // laptop.kassa: 1 header, 2 device, 3 coffee, 4 cake, 5 tea, 6 the edit of the phone's #1000001, 7 books.
        for entry in ["coffee 101", "cake 102", "tea 103"] { _ = try laptop.save(entry) }
        // phone.kassa: 1 header, 2 device, 3 rent, 4 lunch, 5 taxi.
        for entry in ["rent 201", "lunch 202", "taxi 203"] { _ = try phone.save(entry) }
        try laptop.kassa(["edit", "#1000001", "note", "seen on the laptop"])
        _ = try laptop.save("books 104")
        #expect(try DevicesRepairTests.amounts(laptop) == [101, 102, 103, 104, 201, 202, 203])

        try DevicesRepairTests.damage(laptopFile, line: 4)
        try DevicesRepairTests.damage(phoneFile, line: 4)
        // Each file is read past its damage: only the damaged changes are left out.
        #expect(try DevicesRepairTests.amounts(laptop) == [101, 103, 104, 201, 203])
        let check = try laptop.kassa(["check", "--json"], 3).lines
        #expect(check.count == 2)
        let ownCheck = DevicesRepairTests.entry(check, "laptop"), otherCheck = DevicesRepairTests.entry(check, "phone")
        #expect(ownCheck.contains("\"state\": \"damaged\"") && ownCheck.contains("\"line\": 4")
            && ownCheck.contains("\"repair_on\": \"laptop\"") && ownCheck.contains("\"this\": true"), "\(ownCheck)")
        #expect(otherCheck.contains("\"state\": \"damaged\"") && otherCheck.contains("\"repair_on\": \"phone\"")
            && otherCheck.contains("\"this\": false"), "\(otherCheck)")
        let checkText = try laptop.kassa(["check"], 3).output
        #expect(checkText.contains("run kassa repair on “phone”"), "\(checkText)")

        // The laptop repairs its own file only; the phone's stays as it is, byte for byte.
        let phoneBytes = try Data(contentsOf: URL(fileURLWithPath: phoneFile))
        let repair = try laptop.kassa(["repair", "--json"], 3).lines
        let own = DevicesRepairTests.entry(repair, "laptop"), other = DevicesRepairTests.entry(repair, "phone")
        #expect(own.contains("\"state\": \"repaired\"") && own.contains("\"problems\": 1") && own.contains("\"moved\": 1"), "\(own)")
        #expect(own.contains("\"side\": \"\(laptopFile).damaged-1\""), "\(own)")
        #expect(other.contains("\"state\": \"damaged\"") && other.contains("\"repair_on\": \"phone\""), "\(other)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: phoneFile)) == phoneBytes)
        let side = try String(contentsOfFile: laptopFile + ".damaged-1", encoding: .utf8)
        #expect(side.contains("cake") && side.split(separator: "\n").count == 1, "\(side)")
        let reimportable = try String(contentsOfFile: laptopFile + ".damaged-1.jsonl", encoding: .utf8)
        #expect(reimportable.contains("\"amount\": \"102.00\""), "\(reimportable)")
        // Every whole change after the damage is still there, the edit of the phone's transaction too.
        #expect(try DevicesRepairTests.amounts(laptop) == [101, 103, 104, 201, 203])
        #expect(try laptop.kassa(["list", "--json"]).output.contains("seen on the laptop"))
        // Again: nothing left to repair here; the phone's damage is still named, in Russian too.
        let again = try laptop.kassa(["repair"], 3).output
        #expect(again.contains("laptop.kassa: intact") && again.contains("run kassa repair on “phone”"), "\(again)")
        let russian = try laptop.kassa(["repair", "--lang", "ru"], 3).output
        #expect(russian.contains("выполните kassa repair на «phone»"), "\(russian)")
        let listing = try laptop.kassa(["devices"])
        #expect((listing.output + listing.error).contains("laptop.kassa.damaged-1 holds lines repair"), "\(listing.output) \(listing.error)")

        // The phone repairs its own: both files whole, one view on both devices.
        let phoneRepair = try phone.kassa(["repair", "--json"]).lines
        #expect(DevicesRepairTests.entry(phoneRepair, "phone").contains("\"state\": \"repaired\""), "\(phoneRepair)")
        for device in devices {
            let lines = try device.kassa(["check", "--json"]).lines
            #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"state\": \"intact\"") }, "\(device.name): \(lines)")
        }
        #expect(try DevicesRepairTests.amounts(phone) == [101, 103, 104, 201, 203])
        #expect(try laptop.kassa(["list", "--json"]).output == (try phone.kassa(["list", "--json"]).output))

        // A save cut short (laptop.kassa now: 2 device, 3 coffee, 4 tea, 5 the edit, 6 books, 7 the cut line): the laptop's own to move aside; for the phone a change still arriving.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: laptopFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("0badc0de\t9".utf8))
        try handle.close()
        let cut = DevicesRepairTests.entry(try laptop.kassa(["check", "--json"]).lines, "laptop")
        #expect(cut.contains("\"state\": \"cut-short\"") && cut.contains("\"line\": 7"), "\(cut)")
        let arriving = DevicesRepairTests.entry(try phone.kassa(["check", "--json"]).lines, "laptop")
        #expect(arriving.contains("\"state\": \"arriving\"") && arriving.contains("\"repair_on\": null"), "\(arriving)")
        let untorn = DevicesRepairTests.entry(try laptop.kassa(["repair", "--json"]).lines, "laptop")
        #expect(untorn.contains("\"state\": \"repaired\"") && untorn.contains("\"side\": \"\(laptopFile).damaged-2\""), "\(untorn)")
        #expect(try String(contentsOfFile: laptopFile + ".damaged-2", encoding: .utf8) == "0badc0de\t9")
        #expect(DevicesRepairTests.entry(try laptop.kassa(["check", "--json"]).lines, "laptop").contains("\"state\": \"intact\""))

        // A home that only reads the folder (--ledger, not joined) writes no file there: it repairs none.
        let reader = root.appendingPathComponent("reader")
        try FileManager.default.createDirectory(at: reader, withIntermediateDirectories: true)
        let before = try [laptopFile, phoneFile].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        try DevicesRepairTests.damage(phoneFile, line: 3)
        let damagedPhone = try Data(contentsOf: URL(fileURLWithPath: phoneFile))
        let readOnly = try KassaBinary.run(["--ledger", folder, "repair"], environment: KassaBinary.environment(home: reader))
        #expect(readOnly.status == 3, "\(readOnly.error)")
        #expect((readOnly.output + readOnly.error).contains("has not joined"), "\(readOnly.output) \(readOnly.error)")
        #expect(readOnly.output.contains("run kassa repair on “phone”"), "\(readOnly.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: laptopFile)) == before[0])
        #expect(try Data(contentsOf: URL(fileURLWithPath: phoneFile)) == damagedPhone)
    }
}
