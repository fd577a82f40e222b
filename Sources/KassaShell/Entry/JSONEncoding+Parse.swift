// JSONEncoding+Parse: a draft and the head of a parse result ({"input", "drafts", "error") written
// through a ByteCursor into room reserved once. `kassa parse --json` answers every piped line
// this way: its keys and punctuation are copied as runs, where a byte-by-byte Array.append per
// key was a sixth of the command's time. The shape is JSONEncoding's; tests compare the two.

import KassaCore
import KassaInterchange

extension JSONEncoding {
    /// The most bytes `writeDraft` puts for `draft`: its fixed text and every flag, and its
    /// strings escaped at worst.
    static func maxDraftBytes(_ draft: borrowing Draft) -> Int {
        withUnsafePointer(to: draft) { maxDraftBytes(at: $0) }
    }

    /// The same for a draft read where it is (a list's buffer): no copy of the draft.
    static func maxDraftBytes(at pointer: UnsafePointer<Draft>) -> Int {
        var strings = JSONWriter.maxQuotedBytes(pointer.pointee.note)
        if let category = pointer.pointee.category { strings += JSONWriter.maxQuotedBytes(category) }
        if let account = pointer.pointee.account { strings += JSONWriter.maxQuotedBytes(account) }
        if let toAccount = pointer.pointee.toAccount { strings += JSONWriter.maxQuotedBytes(toAccount) }
        if pointer.pointee.amount != nil { strings += 5 }  // a currency code: three ASCII letters, quoted
        if pointer.pointee.recurrence != nil { strings += 11 }  // the longest frequency, "quarterly", quoted
        for doubt in pointer.pointee.doubts {
            strings += 80 + JSONWriter.maxQuotedBytes(doubt.text) + JSONWriter.maxQuotedBytes(doubt.question)
        }
        return 400 + 60 * TransactionField.allCases.count + (1 + TransactionField.allCases.count) * DecimalBytes.maxMoneyBytes
            + 24 * DraftFlag.count + strings
    }

    /// `appendDraft`'s bytes through a cursor with room for `maxDraftBytes(draft)`.
    static func writeDraft(_ draft: borrowing Draft, to out: inout ByteCursor) {
        withUnsafePointer(to: draft) { writeDraft(at: $0, to: &out) }
    }

    /// The same for a draft read where it is (a list's buffer): its fields are read through the
    /// pointer, where passing the draft itself copied it whole (a dozen references) and
    /// destroyed the copy.
    static func writeDraft(at pointer: UnsafePointer<Draft>, to out: inout ByteCursor) {
        out.put("{\"type\": \"")
        out.put(literal(pointer.pointee.type))
        out.put("\", \"amount\": ")
        if let amount = pointer.pointee.amount {
            out.put(34)
            DecimalBytes.write(amount, to: &out)
            out.put(34)
        } else {
            out.put("null")
        }
        out.put(", \"currency\": ")
        if let amount = pointer.pointee.amount {
            // Its three ASCII letters, as JSONWriter.writeQuoted writes them (none needs an escape).
            let letters = amount.currency.letterBytes
            out.put(34); out.put(letters.0); out.put(letters.1); out.put(letters.2); out.put(34)
        } else {
            out.put("null")
        }
        out.put(", \"date\": \"")
        DecimalBytes.write(pointer.pointee.date, to: &out)
        out.put("\", \"time\": ")
        if let time = pointer.pointee.time {
            out.put(34)
            out.twoDigits(time.hour)
            out.put(58)
            out.twoDigits(time.minute)
            out.put(34)
        } else {
            out.put("null")
        }
        out.put(", \"category\": ")
        writeOptional(pointer.pointee.category, to: &out)
        out.put(", \"account\": ")
        writeOptional(pointer.pointee.account, to: &out)
        out.put(", \"to_account\": ")
        writeOptional(pointer.pointee.toAccount, to: &out)
        // The optional fields as a listing states them: a pair when the draft has one, else its
        // nulls where the contract always states it (a charged amount, DESIGN.md §10).
        for field in TransactionField.allCases {
            if let value = field.value(in: pointer.pointee) {
                JSONLinesWriter.moneyPair(value, field.jsonOpening, field.jsonMiddle, to: &out)
            } else if let nulls = field.jsonNulls {
                out.put(nulls)
            }
        }
        out.put(", \"note\": ")
        JSONWriter.writeQuoted(pointer.pointee.note, to: &out)
        out.put(", \"recurrence\": ")
        if let recurrence = pointer.pointee.recurrence {
            out.put(34)
            out.put(literal(recurrence))
            out.put(34)
        } else {
            out.put("null")
        }
        if pointer.pointee.recurrence != nil, pointer.pointee.interval != 1 {
            out.put(", \"interval\": ")
            out.integer(pointer.pointee.interval)
        }
        // Two decimals, as JSONWriter.add(_:fraction:) writes them. Never used for money.
        let hundredths = Int(max(0, pointer.pointee.confidence) * 100 + 0.5)
        out.put(", \"confidence\": ")
        out.integer(hundredths / 100)
        out.put(46)
        out.put(UInt8(truncatingIfNeeded: 48 + hundredths % 100 / 10))
        out.put(UInt8(truncatingIfNeeded: 48 + hundredths % 10))
        out.put(", \"flags\": [")
        // From the lowest bit up, which is DraftFlag order (no array of flags, no Strings).
        var bits = pointer.pointee.flagMask
        var first = true
        while bits != 0 {
            let rank = bits.trailingZeroBitCount
            bits &= bits &- 1
            if !first { out.put(", ") }
            first = false
            out.put(34)
            out.put(DraftFlag.literal(rank: rank))
            out.put(34)
        }
        // DESIGN.md §10: what kassa doubts, each with the question it asks; [] when sure.
        out.put("], \"doubts\": [")
        for (index, doubt) in pointer.pointee.doubts.enumerated() {
            if index > 0 { out.put(", ") }
            out.put("{\"field\": ")
            JSONWriter.writeQuoted(doubt.field.rawValue, to: &out)
            out.put(", \"text\": ")
            JSONWriter.writeQuoted(doubt.text, to: &out)
            out.put(", \"reason\": ")
            JSONWriter.writeQuoted(doubt.reason.rawValue, to: &out)
            out.put(", \"question\": ")
            JSONWriter.writeQuoted(doubt.question, to: &out)
            out.put("}")
        }
        out.put("]}")
    }

    /// The raw values as literals (no String made per draft); JSONEncodingParseTests checks
    /// them against rawValue.
    static func literal(_ type: TransactionType) -> StaticString {
        switch type {
        case .expense: "expense"
        case .income: "income"
        case .transfer: "transfer"
        }
    }

    static func literal(_ recurrence: Recurrence) -> StaticString {
        switch recurrence {
        case .daily: "daily"
        case .weekly: "weekly"
        case .monthly: "monthly"
        case .quarterly: "quarterly"
        case .yearly: "yearly"
        }
    }

    /// The most bytes `writeHead` puts.
    static func maxHeadBytes(_ result: ParseResult, errorMessage: String?) -> Int {
        var total = 64 + JSONWriter.maxQuotedBytes(result.input)
        // Through the buffer: a draft is read in place, where the array's subscript copied it
        // (a dozen references each) and destroyed the copy.
        result.drafts.withUnsafeBufferPointer { drafts in
            for index in drafts.indices { total += 2 + maxDraftBytes(at: drafts.baseAddress! + index) }
        }
        if let failure = result.error, let errorMessage {
            total += 40 + JSONWriter.maxQuotedBytes(failure.code) + JSONWriter.maxQuotedBytes(errorMessage)
        }
        return total
    }

    /// `{"input": …, "drafts": […], "error": …` — the object's head, left open for the keys
    /// only some results have (questions, explanation).
    static func writeHead(_ result: ParseResult, errorMessage: String?, to out: inout ByteCursor) {
        out.put("{\"input\": ")
        JSONWriter.writeQuoted(result.input, to: &out)
        out.put(", \"drafts\": [")
        result.drafts.withUnsafeBufferPointer { drafts in
            for index in drafts.indices {
                if index > 0 { out.put(", ") }
                writeDraft(at: drafts.baseAddress! + index, to: &out)
            }
        }
        out.put("], \"error\": ")
        if let failure = result.error, let errorMessage {
            out.put("{\"code\": ")
            JSONWriter.writeQuoted(failure.code, to: &out)
            out.put(", \"message\": ")
            JSONWriter.writeQuoted(errorMessage, to: &out)
            out.put("}")
        } else {
            out.put("null")
        }
    }

    /// The parse result as one JSON line (newline included), written into `out` in place.
    public static func writeParseResult(_ result: ParseResult, message: (any LocalizableError) -> String,
                                        explain: Bool, to out: inout ByteBuffer) {
        let errorMessage = result.error.map { message($0) }
        out.write(atMost: maxHeadBytes(result, errorMessage: errorMessage)) { writeHead(result, errorMessage: errorMessage, to: &$0) }
        let tail = tailBytes(result, explain: explain)
        out.write(atMost: tail.count + 2) { cursor in
            tail.withUnsafeBufferPointer { cursor.put($0) }
            cursor.put("}\n")
        }
    }

    /// The keys after "error" that only some results have, as text: questions (a tie to ask
    /// about) and the explanation (`--explain`).
    static func tailBytes(_ result: ParseResult, explain: Bool) -> [UInt8] {
        var tail: [UInt8] = []
        if !result.questions.isEmpty {
            tail += Array(", \"questions\": ".utf8)
            tail += Array(JSONWriter.array(result.questions.map(question)).utf8)
        }
        if explain {
            tail += Array(", \"explanation\": ".utf8)
            tail += Array(JSONWriter.array(result.explanations.map { items in JSONWriter.array(items.map(explanation)) }).utf8)
        }
        return tail
    }

    private static func writeOptional(_ value: String?, to out: inout ByteCursor) {
        if let value { JSONWriter.writeQuoted(value, to: &out) } else { out.put("null") }
    }
}
