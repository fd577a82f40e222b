// AnswerOutput: a question answered (`kassa ask`, a question in a session) — AskText's sentences
// for a person, AskJSON's object for programs (`kassa ask --json` prints the object alone, as
// DESIGN.md §9 has it; a session names the event "answer"). `notQuestion`: `kassa ask` was
// given a line that is no question.

import KassaCore

struct AnswerOutput: CommandOutput {
    let result: AskResult
    let notQuestion: Bool

    func textLines(_ renderer: TextRenderer) -> [String] {
        if notQuestion { return [renderer.style.note(renderer.catalog.text("ask.not-a-question", ["text": result.question]))] }
        return renderer.answerLines(result).map(\.text)
    }

    func jsonObjects(_ renderer: TextRenderer) -> [JSONWriter] {
        jsonObjects(renderer, commandLine: false)
    }

    func jsonObjects(_ renderer: TextRenderer, commandLine: Bool) -> [JSONWriter] {
        [AskJSON.object(result, text: renderer, event: !commandLine)]
    }
}
