// DeviceNameTests: which files of a ledger folder are device journals, sync tools' copies of one,
// or neither — a download still in progress is neither, so nothing calls it a copy.

import Testing
@testable import KassaStore

@Suite struct DeviceNameTests {
    @Test func filesOfAFolderAreJournalsCopiesOrNeither() {
        #expect(DeviceName.kind(ofFile: "laptop.kassa") == .device("laptop"))
        #expect(DeviceName.kind(ofFile: "laptop.sync-conflict-20260310-101010-ABCDEFG.kassa") == .copy)
        #expect(DeviceName.kind(ofFile: "laptop (conflicted copy 2026-01-01).kassa") == .copy)
        #expect(DeviceName.kind(ofFile: "laptop.kassa~") == .copy)
        #expect(DeviceName.kind(ofFile: ".syncthing.phone.kassa.kassa-tmp-7163-tr0ev9dit228.tmp") == .other)
        #expect(DeviceName.kind(ofFile: "~syncthing~phone.kassa.tmp") == .other)
        #expect(DeviceName.kind(ofFile: "notes.txt") == .other)
    }
}
