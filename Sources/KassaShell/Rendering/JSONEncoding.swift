// JSONEncoding: the contract's JSON shapes (DESIGN.md §2) for drafts, parse results, questions
// and explanations. Key order is fixed; amounts are decimal strings with the currency's minor
// digits. Transactions are KassaInterchange's JSONLinesWriter (the same shape `import` reads).

import KassaCore
import KassaInterchange

public enum JSONEncoding {
    static func appendDraft(_ draft: Draft, to out: inout [UInt8]) {
        out.appendWritten(atMost: maxDraftBytes(draft)) { writeDraft(draft, to: &$0) }
    }

    public static func draft(_ draft: Draft) -> String {
        var out: [UInt8] = []
        appendDraft(draft, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func transaction(_ transaction: Transaction, cleared: ClearedSet? = nil) -> String {
        JSONLinesWriter.object(transaction, cleared: cleared)
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
        var buffer = ByteBuffer(capacity: 512)
        writeParseResult(result, message: message, explain: explain, to: &buffer)
        buffer.withBytes { out.append(contentsOf: $0) }
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
