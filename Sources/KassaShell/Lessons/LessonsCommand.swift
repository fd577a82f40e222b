// LessonsCommand: `:lessons` and `kassa lessons`: the category choices kassa remembers for words,
// numbered for `forget`.

import KassaStore

public struct LessonsCommand: Command {
    public static let name = "lessons"
    public static let forms = CommandForms.both

    public init(_ arguments: CommandArguments) throws(UsageError) {
        try arguments.expectNoWords()
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange(readOnly: true) { journal in
            return [.output(LessonsOutput(lessons: Lessons.list(journal)))]
        }
    }
}
