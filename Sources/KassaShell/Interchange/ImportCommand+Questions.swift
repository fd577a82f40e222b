// ImportCommand+Questions: what `kassa import` asks on a terminal — once before it writes, the
// day/month order of dates no row decides, and which entry a bank's row with two equally good
// candidates is. In a script none is asked: the import goes on, refuses naming an option, or
// lists the rows that wait.

import KassaCore
import KassaInterchange
import KassaStore

extension ImportCommand {
    /// Which entry a bank's row with two equally good ones is, asked on a terminal: the id, 0
    /// for a new row; nil when the person gave no answer (the import is cancelled).
    func askWhich(_ row: ImportMatching.Undecided, context: CommandContext) -> Int? {
        guard let app = context.app else { return nil }
        let renderer = app.textRenderer
        let choices = row.candidates.map { t in
            app.catalog.text("import.which-entry.choice", [
                "id": String(t.id), "note": t.note, "amount": renderer.money(t.amount), "date": renderer.formatDate(t.date),
            ])
        }.joined(separator: ", ")
        let prompt = app.catalog.text("import.which-entry", [
            "date": renderer.formatDate(row.row.date), "amount": renderer.money(row.row.amount), "note": row.row.note, "choices": choices,
        ])
        let reader = ReaderFactory.make(context: app)
        while true {
            app.console.flush()
            guard case .line(let answer) = reader.readLine(prompt: prompt + " ") else { return nil }
            let word = answer.filter { !$0.isWhitespace }.lowercased()
            if context.words.name(in: "choice", for: word) == "new" { return 0 }
            let digits = word.hasPrefix("#") ? String(word.dropFirst()) : word
            if let id = Int(digits), row.candidates.contains(where: { $0.id == id }) { return id }
        }
    }


    /// Asks once on a terminal; true to go on.
    func confirm(_ count: Int, context: CommandContext) -> Bool {
        guard let app = context.app else { return true }
        app.console.flush()
        let reader = ReaderFactory.make(context: app)
        let prompt = app.catalog.text("import.confirm", count: count)
        guard case .line(let answer) = reader.readLine(prompt: prompt + " ") else { return false }
        return context.words.name(in: "confirm", for: answer.filter { !$0.isWhitespace }) == "yes"
    }

    /// Day or month first for `example`: asked on a terminal (yes: day first); nil in a script.
    func askDateOrder(_ example: String, context: CommandContext) -> DateText.Order? {
        guard let app = context.app, app.interactive, source != nil else { return nil }
        app.console.flush()
        let reader = ReaderFactory.make(context: app)
        let dayFirst = DateText.parse(Substring(example), order: .dmy)?.iso ?? example
        let prompt = app.catalog.text("import.date-order-question", ["example": example, "date": dayFirst])
        guard case .line(let answer) = reader.readLine(prompt: prompt + " ") else { return nil }
        switch context.words.name(in: "confirm", for: answer.filter { !$0.isWhitespace }) {
        case "yes": return .dmy
        case "no": return .mdy
        default: return nil
        }
    }
}
