// DevicesShownTests: after `devices join`, everything that names where saves go names this
// device's file in the folder (`--version --verbose`, `config list`, `uninstall`), completions
// offer the accounts made by first use, and a category changed differently on two devices is a
// conflict in the field "category" with the two categories — through the real binary.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesShownTests {
    typealias Device = DevicesGitTests.Device

    func devices(_ label: String) throws -> (folder: String, laptop: Device, phone: Device) {
        let (_, laptop, phone) = try Device.sharing(label)
        return (laptop.clone, laptop, phone)
    }

    @Test func everyPlaceNamesThisDevicesFile() throws {
        let (folder, laptop, _) = try devices("devices-shown")
        _ = try laptop.save("coffee 900")
        try laptop.kassa(["devices", "join", folder, "--name", "laptop"])
        _ = try laptop.save("taxi 1000 from kaspi")
        let own = folder + "/laptop.kassa"
        let version = try laptop.kassa(["--version", "--verbose"]).output
        #expect(version.contains(own) && !version.contains("journal.kassa"), "\(version)")
        let config = try laptop.kassa(["config", "list"]).output
        let file = config.split(separator: "\n").first { $0.hasPrefix("file") } ?? ""
        #expect(file.contains("not used") && file.contains(own), "\(config)")
        let accounts = try laptop.kassa(["completions", "accounts"]).output
        #expect(accounts.split(separator: "\n").contains("kaspi"), "\(accounts)")
        let prefix = TestSupport.makeTemporaryDirectory("devices-shown-prefix").path
        let uninstall = try laptop.kassa(["uninstall", "--prefix", prefix]).output
        #expect(uninstall.contains(own), "\(uninstall)")
    }

    @Test func aCategoryChangedOnTwoDevicesIsACategoryConflict() throws {
        let (folder, laptop, phone) = try devices("devices-category")
        for device in [laptop, phone] { try device.kassa(["devices", "join", folder, "--name", device.name]) }
        _ = try laptop.save("coffee 900")
        try laptop.kassa(["edit", "#1", "category", "groceries"])
        try phone.kassa(["edit", "#1", "category", "restaurants"])
        let conflicts = try laptop.kassa(["conflicts", "--json"]).output
        #expect(conflicts.contains("\"field\": \"category\""), "\(conflicts)")
        #expect(conflicts.contains("\"value\": \"food/groceries\"") && conflicts.contains("\"value\": \"food/restaurants\""), "\(conflicts)")
    }

    @Test func sameAgainRepeatsThisDevicesOwnEntry() throws {
        let (folder, laptop, phone) = try devices("devices-again")
        for device in [laptop, phone] { try device.kassa(["devices", "join", folder, "--name", device.name]) }
        _ = try laptop.save("taxi 1000 from kaspi")
        _ = try phone.save("coffee 900")
        let again = try laptop.kassa([], stdin: "same again\n\n")
        #expect(again.output.contains("₸1,000.00") && !again.output.contains("₸900.00"), "\(again.output)")
        let listed = try laptop.kassa(["list", "--json"]).output
        #expect(listed.components(separatedBy: "\"amount\": \"1000.00\"").count == 3, "\(listed)")
    }
}

