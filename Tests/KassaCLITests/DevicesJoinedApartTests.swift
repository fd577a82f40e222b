// DevicesJoinedApartTests: two devices that joined a ledger folder while apart, through the real
// binary. Laptop and phone each join a folder of their own before either's file reaches the
// other, so both number from #1. Once the files are carried across, no save either device
// acknowledged may leave the view: the phone (which joined later) is read as if moved to the next
// space on every device, moves its own file there on its first save (and says so), and every
// device then lists the same transactions under the same numbers; edits made before and after
// the move land on the transaction they named.

import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesJoinedApartTests {
    typealias Device = DevicesGitTests.Device

    static func carry(_ name: String, from: Device, to: Device) throws {
        try DevicesRewrittenFileTests.copyWhole(from.clone + "/\(name).kassa", to: to.clone + "/\(name).kassa")
    }

    @Test func devicesThatJoinedApartKeepEverySaveAndAgreeOnNumbers() throws {
        let (_, laptop, phone) = try Device.apart("devices-joined-apart")
        _ = try laptop.save("coffee 500")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        _ = try laptop.save("taxi 2000")
        _ = try phone.save("lunch 3000")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        let book = try phone.save("book 4000")
        #expect(book == "2", "the phone numbered on from its own #1 while apart")
        try phone.kassa(["edit", "1", "amount", "3500"])

        try DevicesJoinedApartTests.carry("phone", from: phone, to: laptop)
        try DevicesJoinedApartTests.carry("laptop", from: laptop, to: phone)

        // The laptop (which joined first) reads the phone's file as moved: nothing left out.
        let expected: [String: [Int]] = ["1": [500], "2": [2000], "1000001": [3500], "1000002": [4000]]
        #expect(try DevicesSessionsTests.listed(laptop) == expected)
        #expect(try laptop.kassa(["conflicts"]).output.contains("No conflicts"))

        // The phone reads itself as moved too, and says so; its first save moves its own file
        // there, and says so once.
        #expect(try DevicesSessionsTests.listed(phone) == expected)
        let shown = try phone.kassa(["list"])
        #expect(shown.error.contains("apart from “laptop”") && shown.error.contains("next save"), "\(shown.error)")
        let tea = try phone.kassa(["add", "tea 700", "--yes", "--json"])
        #expect(tea.error.contains("apart from “laptop”") && tea.error.contains("#1000001"), "\(tea.error)")
        #expect(tea.output.contains("\"id\": \"1000003\""), "\(tea.output)")
        #expect(try String(contentsOfFile: phone.clone + "/phone.kassa", encoding: .utf8).contains("base=1000000"))
        #expect(try !phone.kassa(["add", "water 300", "--yes"]).error.contains("apart from"))
        #expect(try DevicesSessionsTests.listed(phone) == expected.merging(["1000003": [700], "1000004": [300]]) { $1 })

        // The laptop edits the phone's lunch by the number it showed; both agree after the sync.
        try laptop.kassa(["edit", "1000001", "note", "team lunch"])
        try DevicesJoinedApartTests.carry("phone", from: phone, to: laptop)
        try DevicesJoinedApartTests.carry("laptop", from: laptop, to: phone)
        let all = expected.merging(["1000003": [700], "1000004": [300]]) { $1 }
        for device in [laptop, phone] {
            #expect(try DevicesSessionsTests.listed(device) == all, "\(device.name)")
            #expect(try device.kassa(["list", "all"]).output.contains("team lunch"), "\(device.name)")
            #expect(try device.kassa(["conflicts"]).output.contains("No conflicts"), "\(device.name)")
            let check = try device.kassa(["check", "--json"]).lines
            #expect(check.count == 2 && check.allSatisfy { $0.contains("\"state\": \"intact\"") }, "\(device.name): \(check)")
        }
    }

    @Test func theDeviceThatJoinedLaterMovesWhicheverFileArrivesFirst() throws {
        let (_, laptop, phone) = try Device.apart("devices-joined-apart-order")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        _ = try laptop.save("coffee 500")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        _ = try phone.save("lunch 3000")
        // Only the laptop's file reaches the phone: the phone moves, the laptop keeps its numbers.
        try DevicesJoinedApartTests.carry("laptop", from: laptop, to: phone)
        #expect(try DevicesSessionsTests.listed(phone) == ["1": [500], "1000001": [3000]])
        #expect(try DevicesSessionsTests.listed(laptop) == ["1": [500]])
        try DevicesJoinedApartTests.carry("phone", from: phone, to: laptop)
        #expect(try DevicesSessionsTests.listed(laptop) == ["1": [500], "1000001": [3000]])
        #expect(try !laptop.kassa(["list"]).error.contains("apart from"))
    }

    @Test func aThirdDeviceAndAPartialSyncAgreeOnEveryNumber() throws {
        let (root, laptop, phone) = try Device.apart("devices-joined-apart-three")
        let tabletHome = root.appendingPathComponent("tablet")
        let tabletFolder = tabletHome.appendingPathComponent("ledger").path
        try FileManager.default.createDirectory(atPath: tabletFolder, withIntermediateDirectories: true)
        let tablet = Device(name: "tablet", clone: tabletFolder, environment: KassaBinary.environment(home: tabletHome))
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        _ = try laptop.save("coffee 500")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        _ = try phone.save("lunch 3000")
        // The tablet joins seeing the laptop and the phone's file as it was: it goes above the
        // space the phone moves to.
        try DevicesJoinedApartTests.carry("laptop", from: laptop, to: tablet)
        try DevicesJoinedApartTests.carry("phone", from: phone, to: tablet)
        try tablet.kassa(["devices", "join", tablet.clone, "--name", "tablet"])
        #expect(try tablet.save("bread 300") == "2000001")
        // The phone sees only the laptop, and moves to the same space the tablet reads it in.
        try DevicesJoinedApartTests.carry("laptop", from: laptop, to: phone)
        #expect(try phone.save("tea 700") == "1000002")
        let all: [String: [Int]] = ["1": [500], "1000001": [3000], "1000002": [700], "2000001": [300]]
        for from in [laptop, phone, tablet] {
            for to in [laptop, phone, tablet] where from.name != to.name {
                try DevicesJoinedApartTests.carry(from.name, from: from, to: to)
            }
        }
        for device in [laptop, phone, tablet] {
            #expect(try DevicesSessionsTests.listed(device) == all, "\(device.name)")
            #expect(try device.kassa(["conflicts"]).output.contains("No conflicts"), "\(device.name)")
        }
    }

    @Test func aSessionOpenWhileTheOtherFileArrivesSavesIntoItsMovedFile() throws {
        let (_, laptop, phone) = try Device.apart("devices-joined-apart-session")
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        _ = try laptop.save("coffee 500")
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        let session = try ChildProcess(KassaBinary.path, ["--json", "--yes", "--today", "2026-03-10"], environment: phone.environment)
        defer { session.kill() }
        session.write("lunch 3000\n")
        #expect(session.waitForOutput("\"event\": \"saved\"", count: 1, milliseconds: 20_000))
        // The laptop's file arrives, and another process of the phone reads the folder first.
        try DevicesJoinedApartTests.carry("laptop", from: laptop, to: phone)
        _ = try phone.kassa(["list"])
        session.write("tea 700\n")
        #expect(session.waitForOutput("\"event\": \"saved\"", count: 2, milliseconds: 20_000))
        session.closeInput()
        let result = session.wait()
        #expect(result.status == 0, "\(result.stderr)")
        let saved = DevicesSessionsTests.saved(result.stdout)
        #expect(saved.count == 2, "\(result.stdout)")
        // Both saves are in the phone's own file, in its new space, and listed once.
        let listed = try DevicesSessionsTests.listed(phone)
        #expect(listed == ["1": [500], "1000001": [3000], "1000002": [700]], "\(listed) after \(saved)")
        #expect(try String(contentsOfFile: phone.clone + "/phone.kassa", encoding: .utf8).contains("base=1000000"))
    }
}

