// AtomicFile (and SafeFile under it): a link planted where kassa's temporary file used to be
// named (`path.tmp.PID`) is never followed — its target keeps its bytes and its mode — and
// the file written is whole, with the mode asked for, and nothing is left beside it.
import Foundation
import Testing
import KassaTestSupport
@testable import KassaShell

@Suite struct AtomicFileTests {
    let folder = TestSupport.makeTemporaryDirectory("atomic-file")

    @Test func aPlantedLinkIsNeverFollowed() throws {
        let victim = folder.appendingPathComponent("victim").path
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        chmod(victim, 0o644)
        let target = folder.appendingPathComponent("config").path
        // The names temporaries had before: the process id is this test process's.
        for planted in [target + ".tmp.\(getpid())", target + ".tmp-\(getpid())", target + ".kassa-export-\(getpid())"] {
            try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        }
        #expect(AtomicFile.write(Array("currency = usd\n".utf8), to: target, mode: 0o600, folderMode: 0o700) == nil)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        #expect((try FileManager.default.attributesOfItem(atPath: victim)[.posixPermissions] as? Int) == 0o644)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "currency = usd\n")
        #expect((try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) == 0o600)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("kassa-tmp") }
        #expect(left.isEmpty)
    }

    @Test func aFolderThatCannotTakeTheFileIsAnErrorAndLeavesNothing() throws {
        let missing = folder.appendingPathComponent("file-not-folder").path
        try "x".write(toFile: missing, atomically: true, encoding: .utf8)
        #expect(AtomicFile.write(Array("a".utf8), to: missing + "/inside", mode: 0o600, folderMode: 0o700) != nil)
    }
}
