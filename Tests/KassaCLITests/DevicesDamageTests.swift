// DevicesDamageTests: damage in another device's journal, through the real binary. Two devices
// share one folder. The phone's file gets a line whose checksum no longer holds, and two
// hand-edited lines whose checksums hold but which this kassa cannot read (a currency it does not
// know, a transaction type from a newer version). On the laptop every command that reads —
// list, balance, report, ask, the jsonl backup — still reads every other change of the phone,
// and says on stderr, in the language asked for, that the ledger is incomplete, naming the file
// and the lines; `kassa check` names the file and every line (exit 3); the laptop's repair leaves
// the phone's file as it is; the phone's repair moves exactly those lines aside, and then both
// devices read the ledger whole, without a warning.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesDamageTests {
    typealias Device = DevicesGitTests.Device

    /// The CRC-32 (zlib polynomial) of `bytes`, as a journal line's checksum is made.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Line `number` (1-based) of the journal at `path` rewritten by `edit` on its body, with a
    /// checksum that holds: what a hand edit, or a newer kassa, leaves.
    static func rewrite(_ path: String, line number: Int, _ edit: (String) -> String) throws {
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let body = edit(String(lines[number - 1].drop { $0 != "\t" }.dropFirst()))
        lines[number - 1] = String(format: "%08x", crc32(Array(body.utf8))) + "\t" + body
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test func damageInAnotherDevicesFileIsNamedAndTheRestIsRead() throws {
        let (_, laptop, phone) = try Device.sharing("devices-damage")
        let folder = laptop.clone
        let devices = [laptop, phone]
        for device in devices { try device.kassa(["devices", "join", folder, "--name", device.name]) }
        _ = try laptop.save("coffee 101")
        // phone.kassa: 1 header, 2 device, 3 rent, 4 lunch, 5 taxi, 6 cafe, 7 gym, 8 books.
        for entry in ["rent 201", "lunch 202", "taxi 203", "cafe 204", "gym 205", "books 206"] { _ = try phone.save(entry) }
        let phoneFile = folder + "/phone.kassa"
        try DevicesRepairTests.damage(phoneFile, line: 4)
        try DevicesDamageTests.rewrite(phoneFile, line: 6) { $0.replacingOccurrences(of: "\tKZT\t", with: "\tXQZ\t") }
        try DevicesDamageTests.rewrite(phoneFile, line: 7) { $0.replacingOccurrences(of: "\texpense\t", with: "\tloan\t") }
        let damagedBytes = try Data(contentsOf: URL(fileURLWithPath: phoneFile))

        // Every reading command reads the rest of the phone's changes, and says what it left out.
        let warning = "The ledger is incomplete: the device journal \(phoneFile) is damaged"
        let list = try laptop.kassa(["list", "--json"])
        #expect(Set(list.output.split(separator: "\n").flatMap(JournalCLI.amounts)) == [101, 201, 203, 206])
        #expect(list.error.contains(warning) && list.error.contains("(lines: 4, 6, 7)"), "\(list.error)")
        let balance = try laptop.kassa(["balance"])
        #expect(balance.output.contains("711.00"), "\(balance.output)")
        #expect(balance.error.contains(warning), "\(balance.error)")
        let report = try laptop.kassa(["report", "--period", "2026-03", "--json"])
        #expect(report.output.contains("711.00"), "\(report.output)")
        #expect(report.error.contains(warning), "\(report.error)")
        let ask = try laptop.kassa(["ask", "how much did I spend this month"])
        #expect(ask.output.contains("711"), "\(ask.output)")
        #expect(ask.error.contains(warning), "\(ask.error)")
        let backup = try laptop.kassa(["export", "--format", "jsonl"])
        #expect(backup.output.contains("\"206.00\"") && !backup.output.contains("\"202.00\""), "\(backup.output)")
        #expect(backup.error.contains(warning), "\(backup.error)")
        let russian = try laptop.kassa(["balance", "--lang", "ru"])
        #expect(russian.error.contains("Учёт неполон") && russian.error.contains("(строки: 4, 6, 7)"), "\(russian.error)")

        // check names the file and every line; the laptop repairs nothing of the phone's.
        let check = DevicesRepairTests.entry(try laptop.kassa(["check", "--json"], 3).lines, "phone")
        #expect(check.contains("\"state\": \"damaged\"") && check.contains("\"lines\": [4, 6, 7]")
            && check.contains("\"repair_on\": \"phone\""), "\(check)")
        #expect(check.contains("\"kind\": \"checksum\"") && check.contains("\"kind\": \"refused\""), "\(check)")
        let checkText = try laptop.kassa(["check"], 3).output
        #expect(checkText.contains("\(phoneFile): damaged") && checkText.contains("lines: 4, 6, 7")
            && checkText.contains("run kassa repair on “phone”"), "\(checkText)")
        try laptop.kassa(["repair"], 3)
        #expect(try Data(contentsOf: URL(fileURLWithPath: phoneFile)) == damagedBytes)

        // The phone repairs its own file: exactly those lines go aside, and the ledger reads whole.
        let repaired = DevicesRepairTests.entry(try phone.kassa(["repair", "--json"]).lines, "phone")
        #expect(repaired.contains("\"state\": \"repaired\"") && repaired.contains("\"moved\": 3"), "\(repaired)")
        for device in devices {
            let lines = try device.kassa(["check", "--json"]).lines
            #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"state\": \"intact\"") }, "\(device.name): \(lines)")
            let after = try device.kassa(["list", "--json"])
            #expect(Set(after.output.split(separator: "\n").flatMap(JournalCLI.amounts)) == [101, 201, 203, 206])
            #expect(!after.error.contains("incomplete"), "\(device.name): \(after.error)")
        }
    }
}
