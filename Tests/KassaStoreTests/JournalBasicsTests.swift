// JournalBasicsTests: open, commit, reopen, file modes and the on-disk format.
import Foundation
import KassaCore
import Testing
@testable import KassaStore

@Suite struct JournalBasicsTests {
    @Test func commitsAreReadBackAfterReopen() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path)
        let saved = try journal.commit([StoreFixtures.draft(1500), StoreFixtures.draft(900, "food/bakery", note: "croissant")],
                                       input: "coffee 1500 and croissant 900")
        #expect(saved.map(\.id) == [1, 2])
        let again = try Journal.open(path: path)
        #expect(again.transactions == saved)
        #expect(again.transactions[1].category == "food/bakery")
        #expect(again.transactions[0].input == "coffee 1500 and croissant 900")
        #expect(again.nextID == 3)
    }

    @Test func textFieldsSurviveTabsNewlinesAndCyrillic() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path)
        var draft = StoreFixtures.draft(2000, note: "такси\tс каспи\nи \\ кофе")
        draft.time = TimeOfDay(hour: 14, minute: 30)
        draft.recurrence = .monthly
        draft.type = .transfer
        draft.toAccount = "kaspi"
        let saved = try journal.commit([draft], input: "такси две тысячи")
        let again = try Journal.open(path: path)
        #expect(again.transactions == saved)
        #expect(again.transactions[0].note == "такси\tс каспи\nи \\ кофе")
        #expect(again.transactions[0].time == TimeOfDay(hour: 14, minute: 30))
        // One record per line: the escaped newline did not split it.
        let lines = String(decoding: StoreFixtures.bytes(path), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "kassa-journal\t1")
    }

    @Test func currenciesKeepTheirMinorDigits() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path)
        let jpy = Currency(code: "JPY")!, kwd = Currency(code: "KWD")!
        _ = try journal.commit([Draft(amount: Money(minorUnits: 1234, currency: jpy), date: StoreFixtures.day),
                                Draft(amount: Money(minorUnits: 1234, currency: kwd), date: StoreFixtures.day)], input: "")
        let text = String(decoding: StoreFixtures.bytes(path), as: UTF8.self)
        #expect(text.contains("\t1234\tJPY\t"))
        #expect(text.contains("\t1.234\tKWD\t"))
        #expect(try Journal.open(path: path).transactions.map(\.amount) ==
                [Money(minorUnits: 1234, currency: jpy), Money(minorUnits: 1234, currency: kwd)])
        // An amount is unsigned (the type says the direction): a negative one is refused, not written.
        let refused = #expect(throws: StoreError.self) {
            try journal.commit([Draft(amount: Money(minorUnits: -1234, currency: kwd), date: StoreFixtures.day)], input: "")
        }
        #expect(refused?.kind == .invalid && refused?.detail == "amount")
    }

    @Test func createsFileAndDirectoriesPrivately() throws {
        let dir = StoreFixtures.journalPath()
        let path = (dir as NSString).deletingLastPathComponent + "/a/b/journal.kassa"
        // Directories only on request (the shell asks for kassa's default data directory only).
        #expect(throws: StoreError.self) { try Journal.open(path: path) }
        #expect(!FileManager.default.fileExists(atPath: (dir as NSString).deletingLastPathComponent + "/a"))
        _ = try Journal.open(path: path, createDirectories: true)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let dirAttributes = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect((dirAttributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func directoryAtThePathIsAnError() throws {
        let path = StoreFixtures.journalPath()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: StoreError(.isDirectory, path: path)) { try Journal.open(path: path) }
    }

    @Test func foreignFileIsNotAJournal() throws {
        let path = StoreFixtures.journalPath()
        StoreFixtures.write(Array("date,amount\n2026-01-01,5\n".utf8), to: path)
        let error = #expect(throws: StoreError.self) { try Journal.open(path: path) }
        #expect(error?.kind == .notAJournal)
        StoreFixtures.write(Array("kassa-journal\t9\n".utf8), to: path)
        #expect((#expect(throws: StoreError.self) { try Journal.open(path: path) })?.kind == .unsupportedVersion)
    }

    // Root ignores file modes, so this runs only as another user; the seam tests cover EROFS.
    @Test(.enabled(if: getuid() != 0)) func readOnlyJournalReadsButRefusesWrites() throws {
        let path = StoreFixtures.journalPath()
        _ = try Journal.open(path: path).commit([StoreFixtures.draft(100)], input: "")
        chmod(path, 0o400)
        defer { chmod(path, 0o600) }
        let journal = try Journal.open(path: path)
        #expect(journal.count == 1)
        let error = #expect(throws: StoreError.self) { try journal.commit([StoreFixtures.draft(5)], input: "") }
        #expect(error?.kind == .readOnly)
    }

    @Test func draftWithoutAmountIsRefused() throws {
        let journal = try Journal.open(path: StoreFixtures.journalPath())
        let draft = Draft(amount: nil, date: StoreFixtures.day)
        #expect(throws: StoreError.self) { try journal.commit([draft], input: "") }
        #expect(journal.count == 0)
    }

    @Test func aLockHeldElsewhereTimesOutAsLocked() throws {
        let path = StoreFixtures.journalPath()
        let journal = try Journal.open(path: path, lockTimeoutMilliseconds: 50)
        // Another process's lock: flock locks belong to the open file description, so a second
        // descriptor in this process conflicts just like another process would.
        let other = Glibc.open(path, O_RDONLY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX) == 0)
        let error = #expect(throws: StoreError.self) { try journal.commit([StoreFixtures.draft(100)], input: "") }
        #expect(error?.kind == .locked)
        #expect((#expect(throws: StoreError.self) { try Journal.open(path: path, lockTimeoutMilliseconds: 20) })?.kind == .locked)
        flock(other, LOCK_UN)
        #expect(try journal.commit([StoreFixtures.draft(100)], input: "").map(\.id) == [1])
    }
}
