// AddCommand: `kassa add TEXT... [--yes]`: one entry through the session's own dialog; without
// --yes the draft is shown and the next stdin lines confirm, correct or discard it.

import KassaCore
import KassaStore

public struct AddCommand: Command {
    public static let name = "add"
    public static let forms = CommandForms.oneShot
    public static let surface = CommandSurface(.required(.text), .repeated(.text))
    let text: String

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard !arguments.words.isEmpty else { throw UsageError(key: "usage.add-needs-text") }
        text = arguments.words.joined(separator: " ")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        guard let app = context.app else { return [] }
        let journal: Journal
        do {
            journal = try context.journal()
        } catch {
            return context.storeFailure(error)
        }
        let session = Session(configuration: context.configuration, parser: context.parser, words: context.words,
                              journal: journal)
        session.app = app
        context.emit(session.handle(.line(text)))
        if session.state == .confirming {
            let reader = ReaderFactory.make(context: app)
            while session.state == .confirming && !session.finished {
                app.console.flush()
                let input = reader.readLine(prompt: app.catalog.text("prompt.confirm") + " ")
                context.emit(session.handle(input))
            }
        }
        context.hadInputError = context.hadInputError || session.hadInputError
        context.hadStoreError = context.hadStoreError || session.hadStoreError
        return []
    }
}
