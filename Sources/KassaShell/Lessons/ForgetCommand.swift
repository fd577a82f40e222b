// ForgetCommand: `:forget N` and `kassa forget N`: kassa stops applying lesson N of `:lessons`
// (an undoable change, like any other).

import KassaStore

public struct ForgetCommand: Command {
    public static let name = "forget"
    public static let forms = CommandForms.both
    public static let surface = CommandSurface(.required(.number))
    let number: Int

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard arguments.words.count == 1, let number = Int(arguments.words[0]), number > 0 else {
            throw UsageError(key: "forget.usage", arguments: ["command": arguments.form.prefix + Self.name])
        }
        self.number = number
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            let lessons = Lessons.list(journal)
            guard number <= lessons.count else {
                return context.reject(SessionError("forget.no-such-lesson", ["number": String(number), "count": String(lessons.count)]))
            }
            let lesson = lessons[number - 1]
            try journal.learn(phrase: lesson.phrase, category: nil)
            return [.notice("forget.done", ["phrase": lesson.phrase])]
        }
    }
}
