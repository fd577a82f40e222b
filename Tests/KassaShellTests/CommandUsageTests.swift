// CommandUsageTests: usage lines made from the commands' declarations (CommandUsage) — their
// shape, their placeholders in both languages, their agreement with the declaration, and that a
// hand line (`command.NAME.usage`) is kept only where it says more than the made one.

import Testing
import KassaTestSupport
@testable import KassaCore
@testable import KassaShell

@Suite struct CommandUsageTests {
    static let en = CommandUsage(catalog: Fixtures.catalog(.en))
    static let ru = CommandUsage(catalog: Fixtures.catalog(.ru))

    @Test func madeLinesReadLikeTheHandOnes() {
        #expect(Self.en.made(HistoryCommand.self) == "history [N]")
        #expect(Self.en.made(DeleteCommand.self) == "delete #ID...")
        #expect(Self.ru.made(DeleteCommand.self) == "delete #НОМЕР...")
        #expect(Self.en.made(AccountsCommand.self) == "accounts [--all]")
        #expect(Self.en.made(WhyCommand.self) == "why")
        #expect(Self.ru.made(InstallCommand.self) == "install [--prefix ПАПКА]")
        // Verbs with the same words share an alternative; options come last.
        #expect(Self.en.made(RateCommand.self) == "rate [CODE] | rate set CODE N | rate remove CODE | rate import FILE [--date DATE]")
        #expect(Self.en.made(RecurringCommand.self).hasPrefix("recurring | recurring pause|resume|archive|auto|manual #ID | recurring remind #ID [N...]"))
    }

    /// A stand-in command for the shape checks above.
    struct Declared: Command {
        static let name = "declared"
        static let forms = CommandForms.oneShot
        static let readsJournal = false
        static let surface: CommandSurface = {
            var surface = CommandSurface(verbs: [CommandVerb("check"), CommandVerb("test")])
            surface.verbRequired = true
            return surface
        }()
        init(_ arguments: CommandArguments) throws(UsageError) {}
        func run(_ context: CommandContext) -> [SessionEvent] { [] }
    }

    @Test func aRequiredVerbLeavesNoBareAlternative() {
        #expect(Self.en.made(Declared.self) == "declared check|test")
    }

    @Test func everyPlaceholderHasAWordInBothLanguages() {
        for language in Language.allCases {
            let catalog = Fixtures.catalog(language)
            for kind in CommandUsage.placeholderKinds {
                #expect(catalog.has("usage.kind." + CommandUsage.key(kind)), "\(language): no placeholder for \(kind)")
            }
        }
    }

    @Test func everyMadeLineShowsTheDeclarationExactly() {
        for usage in [Self.en, Self.ru] {
            for type in CommandRegistry.all {
                let problems = CommandSurfaceTests.differences(type, usage: usage.made(type))
                #expect(problems.isEmpty, "\(type.name): \(problems)")
            }
        }
    }

    /// A hand line equal to the made one is only a second place to keep in step: it must go.
    @Test func aHandLineIsKeptOnlyWhereItSaysMore() {
        for (language, usage) in [(Language.en, Self.en), (.ru, Self.ru)] {
            let catalog = Fixtures.catalog(language)
            for type in CommandRegistry.all where catalog.has("command.\(type.name).usage") {
                #expect(catalog.text("command.\(type.name).usage") != usage.made(type),
                        "\(language): command.\(type.name).usage is what the declaration makes; remove it")
            }
        }
    }
}
