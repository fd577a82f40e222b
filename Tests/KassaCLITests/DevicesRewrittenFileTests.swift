// DevicesRewrittenFileTests: another device's file rewritten under a saving device, not atomically,
// through the real binary. The laptop and the phone have ledger folders of their own; a copier
// thread plays a sync tool that writes files in place: it carries the laptop's journal into the
// phone's folder over and over, now truncating the copy and writing it again in pieces, now
// removing it and writing a new file in pieces (as `git checkout` does), so the phone keeps
// finding it shrunk, half written or gone. The phone saves all along, each save a process of its
// own that reads the folder again. Every save must be acknowledged (exit 0, no crash), and once
// the copy is whole every save either device acknowledged is listed exactly once.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import KassaTestSupport
import Testing

@Suite(.serialized) struct DevicesRewrittenFileTests {
    typealias Device = DevicesGitTests.Device

    final class Shared: @unchecked Sendable {
        let lock = NSLock()
        private var stopped = false
        private var done = false
        private(set) var failures: [String] = []
        var stop: Bool { lock.withLock { stopped } }
        func requestStop() { lock.withLock { stopped = true } }
        func fail(_ text: String) { lock.withLock { failures.append(text) } }
        func finish() { lock.withLock { done = true } }
        var finished: Bool { lock.withLock { done } }
    }

    /// Writes `bytes` to the open `fd` in pieces, a short pause between them (a slow writer).
    static func writeSlowly(_ bytes: [UInt8], to fd: Int32, pieces: Int, shared: Shared) {
        let step = max(1, bytes.count / pieces)
        var at = 0
        while at < bytes.count {
            let count = min(step, bytes.count - at)
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + at, count) }
            guard written == count else {
                shared.fail("copy: short write (\(written) of \(count)): errno \(errno)")
                return
            }
            at += count
            usleep(700)
        }
    }

    /// Rewrites `target` with the bytes of `source`: in place (truncated, then written in pieces)
    /// when `inPlace`, else removed and created anew (exclusively, not following links) in pieces.
    static func rewrite(_ source: String, to target: String, inPlace: Bool, shared: Shared) {
        guard let data = FileManager.default.contents(atPath: source) else { return }
        let bytes = [UInt8](data)
        let fd: Int32
        if inPlace {
            fd = open(target, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)
        } else {
            if unlink(target) != 0, errno != ENOENT { shared.fail("copy: cannot remove \(target): errno \(errno)"); return }
            usleep(1500)
            fd = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { shared.fail("copy: cannot open \(target): errno \(errno)"); return }
        writeSlowly(bytes, to: fd, pieces: 6, shared: shared)
        if close(fd) != 0 { shared.fail("copy: close \(target): errno \(errno)") }
    }

    /// Copies `source` over `target` whole, by a new file renamed over it (the final sync).
    static func copyWhole(_ source: String, to target: String) throws {
        let data = try #require(FileManager.default.contents(atPath: source))
        let temporary = target + ".incoming"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        #expect(written == data.count)
        #expect(close(fd) == 0)
        #expect(rename(temporary, target) == 0)
    }

    @Test func aFileRewrittenInPlaceOrRemovedAndWrittenIsArrivingNeverACrash() throws {
        let (_, laptop, phone) = try Device.apart("devices-rewritten")
        let laptopFile = "/laptop.kassa"
        try laptop.kassa(["devices", "join", laptop.clone, "--name", "laptop"])
        for k in 1...30 { _ = try laptop.save("coffee \(1000 + k)") }
        try DevicesRewrittenFileTests.copyWhole(laptop.clone + laptopFile, to: phone.clone + laptopFile)
        try phone.kassa(["devices", "join", phone.clone, "--name", "phone"])
        try DevicesRewrittenFileTests.copyWhole(phone.clone + "/phone.kassa", to: laptop.clone + "/phone.kassa")

        let shared = Shared()
        let (source, target) = (laptop.clone + laptopFile, phone.clone + laptopFile)
        Thread {
            var inPlace = true
            while !shared.stop {
                DevicesRewrittenFileTests.rewrite(source, to: target, inPlace: inPlace, shared: shared)
                inPlace.toggle()
            }
            shared.finish()
        }.start()
        defer {
            shared.requestStop()
            while !shared.finished { usleep(10_000) }
        }

        // The phone saves, each save a process that reads the folder as the copier leaves it.
        var acknowledged: [(id: String, amount: Int)] = []
        for k in 1...80 {
            let result = try KassaBinary.run(["add", "tea \(2000 + k)", "--yes", "--json", "--today", "2026-03-10"],
                                             environment: phone.environment)
            #expect(result.status == 0 && !result.error.contains("Fatal error"), "save \(k): exit \(result.status): \(result.error)")
            let saved = DevicesSessionsTests.saved(result.output)
            #expect(saved.count == 1, "save \(k) was not acknowledged: \(result.output) \(result.error)")
            acknowledged += saved
            if result.status != 0 { break }
        }
        shared.requestStop()
        while !shared.finished { usleep(10_000) }
        #expect(shared.failures.isEmpty, "\(shared.failures.prefix(3))")

        // The copy whole again: every acknowledged save listed once, with its amount.
        try DevicesRewrittenFileTests.copyWhole(source, to: target)
        let listed = try DevicesSessionsTests.listed(phone)
        for save in acknowledged {
            #expect(listed[save.id] == [save.amount], "#\(save.id) (\(save.amount)) listed as \(listed[save.id] ?? [])")
        }
        #expect(Set(acknowledged.map(\.id)).count == acknowledged.count)
        #expect(listed.count == 30 + acknowledged.count)
        let check = try phone.kassa(["check", "--json"]).lines
        #expect(check.count == 2 && check.allSatisfy { $0.contains("\"state\": \"intact\"") }, "\(check)")
    }
}
