// DevicePair: the two devices of the several-devices tests, laptop and phone, each a home of its
// own under one temporary directory: sharing one ledger folder (as a sync tool keeps it), or each
// with a folder of its own that the test copies between.

import Foundation
import KassaTestSupport

extension DevicesGitTests.Device {
    /// Laptop and phone whose ledger folder is one: `root/ledger` (each device's `clone`).
    static func sharing(_ label: String) throws -> (root: URL, laptop: Self, phone: Self) {
        let root = TestSupport.makeTemporaryDirectory(label)
        let folder = root.appendingPathComponent("ledger").path
        let devices = try ["laptop", "phone"].map { name in
            let home = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            return Self(name: name, clone: folder, environment: KassaBinary.environment(home: home))
        }
        return (root, devices[0], devices[1])
    }

    /// Laptop and phone each with a ledger folder of its own, `root/NAME/ledger`, made.
    static func apart(_ label: String) throws -> (root: URL, laptop: Self, phone: Self) {
        let root = TestSupport.makeTemporaryDirectory(label)
        let devices = try ["laptop", "phone"].map { name in
            let home = root.appendingPathComponent(name)
            let folder = home.appendingPathComponent("ledger").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return Self(name: name, clone: folder, environment: KassaBinary.environment(home: home))
        }
        return (root, devices[0], devices[1])
    }
}
