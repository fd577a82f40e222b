// JSONEncoding: the contract's JSON shapes (DESIGN.md §2) for drafts, transactions and parse
// results. Key order is fixed; amounts are decimal strings with the currency's minor digits.

import KassaCore

public enum JSONEncoding {
    public static func draft(_ draft: Draft) -> String {
        var json = JSONWriter()
        json.add("type", draft.type.rawValue)
        json.add("amount", draft.amount?.decimalString)
        json.add("currency", draft.amount?.currency.code)
        json.add("date", draft.date.iso)
        json.add("time", draft.time?.description)
        json.add("category", draft.category)
        json.add("account", draft.account)
        json.add("to_account", draft.toAccount)
        json.add("note", draft.note)
        json.add("recurrence", draft.recurrence?.rawValue)
        json.add("confidence", fraction: draft.confidence)
        json.add("flags", strings: draft.flags.map(\.rawValue))
        return json.result
    }

    public static func transaction(_ transaction: Transaction) -> String {
        var json = JSONWriter()
        json.add("id", String(transaction.id))
        json.add("date", transaction.date.iso)
        json.add("time", transaction.time?.description)
        json.add("type", transaction.type.rawValue)
        json.add("amount", transaction.amount.decimalString)
        json.add("currency", transaction.amount.currency.code)
        json.add("category", transaction.category)
        json.add("account", transaction.account)
        json.add("to_account", transaction.toAccount)
        json.add("note", transaction.note)
        json.add("recurrence", transaction.recurrence?.rawValue)
        json.add("input", transaction.input)
        return json.result
    }

    public static func error(code: String, message: String) -> String {
        var json = JSONWriter()
        json.add("code", code)
        json.add("message", message)
        return json.result
    }

    /// `kassa parse --json`: {"input", "drafts", "error"}; with --explain also "explanation".
    public static func parseResult(_ result: ParseResult, message: (any LocalizableError) -> String,
                                   explain: Bool) -> String {
        var json = JSONWriter()
        json.add("input", result.input)
        json.add("drafts", raw: JSONWriter.array(result.drafts.map(draft)))
        if let failure = result.error {
            json.add("error", raw: error(code: failure.code, message: message(failure)))
        } else {
            json.add("error", nil as String?)
        }
        if !result.questions.isEmpty {
            json.add("questions", raw: JSONWriter.array(result.questions.map(question)))
        }
        if explain {
            json.add("explanation", raw: JSONWriter.array(result.explanations.map { items in
                JSONWriter.array(items.map(explanation))
            }))
        }
        return json.result
    }

    public static func question(_ question: Question) -> String {
        var json = JSONWriter()
        json.add("draft", question.draftIndex)
        json.add("field", question.field)
        json.add("options", strings: question.options)
        return json.result
    }

    public static func explanation(_ item: Explanation) -> String {
        var json = JSONWriter()
        json.add("field", item.field)
        json.add("words", item.words)
        json.add("rule", item.rule)
        return json.result
    }

    /// The code an error is known by in JSON: a parse error's own code, else its catalog key.
    public static func code(of error: any LocalizableError) -> String {
        (error as? ParseError)?.code ?? error.messageKey
    }
}
