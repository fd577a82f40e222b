// DevicesIdentityTests: what makes a device file the device it names, through the real binary. A
// backup of laptop's journal left in the folder under another name is a copy — never read, so
// no transaction shows twice and laptop keeps its numbers — and `devices` names it; a name that
// differs from a device's only in case ("Laptop" beside "laptop", one file on macOS and Windows)
// is refused at join.

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
}
