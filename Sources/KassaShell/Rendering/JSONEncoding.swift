// JSONEncoding: the contract's JSON shapes (DESIGN.md §2) for drafts, parse results, questions
// and explanations. Key order is fixed; amounts are decimal strings with the currency's minor
// digits. Transactions are KassaInterchange's JSONLinesWriter (the same shape `import` reads).

import KassaCore
import KassaInterchange

public enum JSONEncoding {
    static func appendDraft(_ draft: Draft, to out: inout [UInt8]) {
        var json = JSONWriter(continuing: &out)
        json.add("type", draft.type.rawValue)
        // Amount, currency and date written as bytes: this runs for every line `parse` answers.
        json.add("amount") { bytes in
            guard let amount = draft.amount else { bytes += Array("null".utf8); return }
            bytes.append(UInt8(ascii: "\""))
            DecimalBytes.append(amount, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        json.add("currency", draft.amount?.currency.code)
        json.add("date") { bytes in
            bytes.append(UInt8(ascii: "\""))
            DecimalBytes.append(draft.date, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        json.add("time", draft.time?.description)
        json.add("category", draft.category)
        json.add("account", draft.account)
        json.add("to_account", draft.toAccount)
        json.add("note", draft.note)
        json.add("recurrence", draft.recurrence?.rawValue)
        if draft.recurrence != nil, draft.interval != 1 { json.add("interval", draft.interval) }
        json.add("confidence", fraction: draft.confidence)
        json.add("flags") { bytes in
            bytes.append(UInt8(ascii: "["))
            var first = true
            for flag in DraftFlag.allCases where draft.has(flag) {
                if !first { bytes.append(UInt8(ascii: ",")); bytes.append(32) }
                first = false
                JSONWriter.appendQuoted(flag.rawValue, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        json.finish(into: &out)
    }

    public static func draft(_ draft: Draft) -> String {
        var out: [UInt8] = []
        appendDraft(draft, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func transaction(_ transaction: Transaction) -> String {
        JSONLinesWriter.object(transaction)
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
        var out: [UInt8] = []
        appendParseResult(result, message: message, explain: explain, to: &out)
        out.removeLast()
        return String(decoding: out, as: UTF8.self)
    }

    /// The parse result as one JSON line (newline included), appended to `out`.
    public static func appendParseResult(_ result: ParseResult, message: (any LocalizableError) -> String,
                                         explain: Bool, to out: inout [UInt8]) {
        var json = JSONWriter(continuing: &out)
        json.add("input", result.input)
        json.add("drafts") { bytes in
            bytes.append(UInt8(ascii: "["))
            for (index, draft) in result.drafts.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(32) }
                appendDraft(draft, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
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
        json.finish(into: &out)
        out.append(10)
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
