// DevicesIdentityTests: what makes a device file the device it names, through the real binary. A
// backup of laptop's journal left in the folder under another name is a copy — never read, so
// no transaction shows twice and laptop keeps its numbers — and `devices` names it; a name that
// differs from a device's only in case ("Laptop" beside "laptop", one file on macOS and Windows)
// is refused at join; a config copied to another machine (its state folder, where the machine's id
// lives, not copied) writes nothing as the device it names, repairs none of its file, and joins
// as a device of its own; a config from before machines were recorded is bound on its first save.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesIdentityTests {
    typealias Device = DevicesGitTests.Device

    @Test func aBackupUnderAnotherNameIsACopyNotADevice() throws {
        let (_, laptop, phone) = try Device.sharing("devices-identity-copy")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        _ = try laptop.save("coffee 500")
        try FileManager.default.copyItem(atPath: laptop.clone + "/laptop.kassa", toPath: laptop.clone + "/backup-laptop.kassa")
        #expect(try DevicesSessionsTests.listed(laptop) == ["1": [500]])
        let saved = try laptop.kassa(["add", "tea 300", "--yes", "--json"])
        #expect(saved.output.contains("\"id\": \"2\""), "\(saved.output)")
        #expect(!saved.error.contains("apart from"), "\(saved.error)")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        #expect(try DevicesSessionsTests.listed(phone) == ["1": [500], "2": [300]])
        let devices = try laptop.kassa(["devices"])
        #expect(devices.output.contains("backup-laptop.kassa") && devices.output.contains("“laptop”"), "\(devices.output)")
        #expect(!devices.output.contains("backup-laptop  changes"), "\(devices.output)")
    }

    @Test func aNameThatDiffersOnlyInCaseIsRefused() throws {
        let (_, laptop, phone) = try Device.sharing("devices-identity-case")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        let refused = try phone.kassa(["devices", "join", phone.clone, "--name", "Laptop"], 3)
        #expect(refused.error.contains("only in case"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: phone.clone + "/Laptop.kassa"))
    }

    @Test func aConfigCopiedToAnotherMachineDoesNotWriteAsItsDevice() throws {
        let (_, laptop, phone) = try Device.sharing("devices-identity-copied-config")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        #expect(try laptop.save("coffee 500") == "1")
        let config = laptop.environment["XDG_CONFIG_HOME"]! + "/kassa/config"
        let copied = phone.environment["XDG_CONFIG_HOME"]! + "/kassa/config"
        try FileManager.default.createDirectory(atPath: phone.environment["XDG_CONFIG_HOME"]! + "/kassa", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: config, toPath: copied)
        let before = try String(contentsOfFile: laptop.clone + "/laptop.kassa", encoding: .utf8)

        let refused = try phone.kassa(["add", "taxi 2000", "--yes"], 3)
        #expect(refused.error.contains("copied") && refused.error.contains("--name OTHER"), "\(refused.error)")
        let russian = try phone.kassa(["add", "такси 2000", "--yes", "--lang", "ru"], 3)
        #expect(russian.error.contains("скопировали"), "\(russian.error)")
        let repair = try phone.kassa(["repair"])
        #expect(repair.output.contains("copied"), "\(repair.output)")
        #expect(try String(contentsOfFile: laptop.clone + "/laptop.kassa", encoding: .utf8) == before)
        let devices = try phone.kassa(["devices"])
        #expect(devices.output.contains("laptop") && (devices.output + devices.error).contains("copied"), "\(devices.output) \(devices.error)")
        // Reading is harmless: the copy still sees the ledger.
        #expect(try DevicesSessionsTests.listed(phone) == ["1": [500]])

        // Joining without a name takes this machine's host name, not the copied "laptop"; the
        // copied name itself is another machine's and refused.
        let taken = try phone.kassa(["devices", "join", phone.clone, "--name", "laptop"], 3)
        #expect(taken.error.contains("Another machine"), "\(taken.error)")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        #expect(try phone.save("taxi 2000") != "1")
        let laptopUID = try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "device-id = ")[1].prefix(16)
        let phoneConfig = try String(contentsOfFile: copied, encoding: .utf8)
        #expect(!phoneConfig.contains(String(laptopUID)) && phoneConfig.contains("device = phone"), "\(phoneConfig)")
        #expect(try laptop.save("tea 300") == "2")
        #expect(try DevicesSessionsTests.listed(laptop).values.flatMap { $0 }.sorted() == [300, 500, 2000])
    }

    @Test func aConfigFromBeforeMachinesIsBoundOnItsFirstSave() throws {
        let (_, laptop, phone) = try Device.sharing("devices-identity-legacy-config")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        let config = laptop.environment["XDG_CONFIG_HOME"]! + "/kassa/config"
        let machine = laptop.environment["XDG_STATE_HOME"]! + "/kassa/machine"
        let legacy = try String(contentsOfFile: config, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("device-machine") }.joined(separator: "\n") + "\n"
        try legacy.write(toFile: config, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: machine)
        try laptop.kassa(["list"])
        #expect(!FileManager.default.fileExists(atPath: machine), "a read binds nothing")
        #expect(try laptop.save("coffee 500") == "1")
        let id = try String(contentsOfFile: machine, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("device-machine = " + id))
        // Copied now, the config is refused on the other machine.
        try FileManager.default.createDirectory(atPath: phone.environment["XDG_CONFIG_HOME"]! + "/kassa", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: config, toPath: phone.environment["XDG_CONFIG_HOME"]! + "/kassa/config")
        try phone.kassa(["add", "taxi 2000", "--yes"], 3)
    }
}
