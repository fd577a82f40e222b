// Lesser injections and contract breaks, through the real binary: values that are not what
// they look like are refused, not stored as another value; exports stay safe to open and read
// back; the man page cannot be made to run roff requests; counts are said truthfully.

import Foundation
import Testing
import KassaTestSupport

@Suite struct HostileInputCLITests {
    let home = TestSupport.makeTemporaryDirectory("hostile-input")
    var env: [String: String] { KassaBinary.environment(home: home) }
    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    func kassa(_ arguments: [String], stdin: String = "") throws -> KassaBinary.Result {
        try KassaBinary.run(arguments + ["--today", "2026-03-20"], stdin: Data(stdin.utf8), environment: env)
    }

    func journal(_ lines: String = "coffee 1500\ntea 500\nbread 300\n") throws -> String {
        let file = path("j\(UInt32.random(in: 0...UInt32.max)).kassa")
        #expect(try kassa(["--file", file, "--yes"], stdin: lines).status == 0)
        return file
    }

    @Test func amountsThatAreNotAmountsAreRefused() throws {
        let file = try journal()
        for value in ["-5", "1e9", "−5"] {
            let edited = try kassa(["--file", file, "edit", "#1", "amount", value])
            #expect(edited.status == 1 && edited.error.contains("is not an amount"), "\(value): \(edited.error)")
        }
        #expect(try kassa(["--file", file, "list", "--json"]).output.contains("\"1500.00\""))
        #expect(try kassa(["--file", file, "edit", "#1", "amount", "1600"]).status == 0)
        let budget = try kassa(["--file", file, "budget", "set", "food", "1e9"])
        #expect(budget.status == 2, "\(budget.error)")
    }

    @Test func aDateOutsideTheSupportedRangeIsRefusedAtParse() throws {
        let file = try journal()
        let far = try kassa(["--file", file, "--yes"], stdin: "coffee 100 3050-01-01\n")
        #expect(far.status == 1 && far.error.contains("1900-01-01 to 2999-12-31"), "\(far.status) \(far.error)")
        let parsed = try kassa(["parse", "--json", "coffee 100 3050-01-01"])
        #expect(parsed.output.contains("\"date-out-of-range\""), "\(parsed.output)")
    }

    @Test func aFileNamedWhereTheSpanGoesIsSaidAsSuch() throws {
        let file = path("export-file.kassa")
        #expect(try kassa(["--file", file, "--yes"], stdin: "coffee 900\n").status == 0)
        let out = path("out.journal")
        let wrong = try kassa(["--file", file, "export", "--format", "hledger", out])
        #expect(wrong.status == 2 && wrong.error.contains("-o " + out), "\(wrong.error)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // A span word is still a span: today's transactions only.
        let today = try kassa(["--file", file, "export", "--format", "csv", "all"])
        #expect(today.status == 0 && today.output.contains("coffee"))
    }

    @Test func undoOfMoreChangesThanThereAreSaysHowMany() throws {
        let file = try journal()
        let undo = try kassa(["--file", file, "undo", "5"])
        #expect(undo.status == 1 && undo.error.contains("Only 3 changes"), "\(undo.error)")
        #expect(try kassa(["--file", file, "list", "--json"]).lines.count == 3)
    }

    @Test func exportsNeutraliseFormulasAndRoundTripApostrophes() throws {
        let file = path("formula.kassa"), source = path("notes.csv")
        try "Date,Note,Amount\n01.03.2026,\"=HYPERLINK(\"\"x\"\")\",-1500\n02.03.2026,'quoted,-500\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        #expect(try kassa(["import", source, "--file", file, "--account", "kaspi"]).status == 0)
        let original = try kassa(["--file", file, "list", "--json"]).output
        #expect(original.contains("=HYPERLINK") && original.contains("'quoted"), "\(original)")
        let tenra = try kassa(["--file", file, "export", "--format", "tenra"])
        #expect(tenra.status == 0 && tenra.output.contains("'=HYPERLINK") && !tenra.output.contains(",=HYPERLINK")
                && !tenra.output.contains(",\"=HYPERLINK"), "\(tenra.output)")
        for format in ["csv", "tenra"] {
            let exported = try kassa(["--file", file, "export", "--format", format])
            let back = path("back-\(format).kassa"), out = path("out.\(format).csv")
            try exported.output.write(toFile: out, atomically: true, encoding: .utf8)
            #expect(try kassa(["import", out, "--file", back, "--format", format]).status == 0)
            let notes = try kassa(["--file", back, "list", "--json"]).output
            for note in ["=HYPERLINK(\\\"x\\\")", "'quoted"] {
                #expect(notes.contains("\"note\": \"\(note)\""), "\(format): \(note) in \(notes)")
            }
        }
    }

    @Test func aBackupWithABadCategorySlugIsRefused() throws {
        let file = path("slug.kassa")
        for slug in ["../../etc", "food//coffee", "Food", "income/salary"] {
            let line = #"{"date": "2026-03-01", "amount": "100", "currency": "KZT", "type": "expense", "category": "\#(slug)"}"# + "\n"
            let result = try kassa(["import", "-", "--file", file], stdin: line)
            #expect(result.status == 1, "\(slug): \(result.output) \(result.error)")
        }
        #expect(try kassa(["list", "--json", "--file", file]).lines.isEmpty)
    }

    @Test func beancountNamesInScriptsWithoutCapitalsAreValid() throws {
        let file = try journal("咖啡 1500 from 现金\n")
        #expect(try kassa(["--file", file, "account", "add", "现金"]).status == 0)
        let ledger = try kassa(["--file", file, "--yes"], stdin: "午饭 1500 现金\n")
        #expect(ledger.status == 0)
        let exported = try kassa(["--file", file, "export", "--format", "beancount"])
        #expect(exported.status == 0)
        for line in exported.output.split(separator: "\n") where line.contains("Assets:") {
            for part in line.split(separator: " ").filter({ $0.hasPrefix("Assets:") }) {
                for component in part.split(separator: ":").dropFirst() {
                    let first = component.unicodeScalars.first!
                    #expect(first.properties.generalCategory == .uppercaseLetter || ("0"..."9").contains(first), "\(part)")
                }
            }
        }
    }

    @Test func aLocaleLineWithALineBreakCannotRunRoff() throws {
        let locales = home.appendingPathComponent("config/kassa/locales/en")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        try "manual.name = a ledger\\n.so /etc/passwd\n".write(to: locales.appendingPathComponent("mine.messages"), atomically: true, encoding: .utf8)
        let page = try kassa(["manual"])
        #expect(page.status == 0)
        #expect(!page.output.split(separator: "\n").contains { $0.hasPrefix(".so") }, "a request reached the page")
    }
}
