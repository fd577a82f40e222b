// The real binary's command line: usage errors exit 2, --help and --version answer, the UI
// language follows --lang and the locale environment.

import Foundation
import Testing
import KassaTestSupport

@Suite struct CommandLineUsageTests {
    let home = TestSupport.makeTemporaryDirectory("usage")
    var env: [String: String] { KassaBinary.environment(home: home) }

    @Test func usageErrorsExitTwoAndHelpIsLocalized() throws {
        #expect(try KassaBinary.run(["--bogus"], environment: env).status == 2)
        #expect(try KassaBinary.run(["frobnicate"], environment: env).status == 2)
        // A mistake earlier on the line than --lang is still said in that language.
        let early = try KassaBinary.run(["--today", "0000-01-01", "--lang", "ru", "list"], environment: env)
        #expect(early.status == 2 && early.error.contains("ошибка"), "\(early.error)")
        let en = try KassaBinary.run(["--help"], environment: env)
        let ru = try KassaBinary.run(["--help", "--lang", "ru"], environment: env)
        #expect(en.status == 0 && en.output.contains("Usage"))
        #expect(ru.status == 0 && ru.output.contains("Использование"))
        #expect(try KassaBinary.run(["--version"], environment: env).output.hasPrefix("kassa "))
        let ruFromEnvironment = try KassaBinary.run(["--help"], environment: KassaBinary.environment(home: home, extra: ["LANG": "ru_RU.UTF-8"]))
        #expect(ruFromEnvironment.output.contains("Использование"))
    }
}
