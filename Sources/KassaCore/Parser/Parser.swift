// Parser: a line of typed or dictated text → draft transactions. Pure and deterministic: the
// same line, grammar and context give the same drafts. The work is split by stage, each a type
// that reads the line's LineView:
//   tokens  (Tokenizer → LineView: words looked up in the grammar, the line's language)
//   numbers (NumberStage: "1 500", "две тысячи", "1.5k")
//   money   (MoneyStage: an amount with its currency)
//   dates   (DateStage: the grammar's patterns: dates, times, quantities, recurrences)
//   scan    (ScanStage: every token's role, the longest reading winning; accounts)
//   drafts  (DraftStage: parts, carry-forward, then each draft's fields, flags, explanations).

import Synchronization

public struct Parser: Sendable {
    public let grammar: Grammar
    let ids: ClassIDs
    /// The last context's accounts, normalized: the same accounts come with every parse.
    let aliasCache = AliasCache()
    /// Working memory for lines, reused across parses.
    let scratch = ScratchPool()

    /// Lines longer than this (in Unicode scalars) are refused rather than parsed.
    public static let maxInputLength = 100_000
    /// A line that reads as more entries than this is refused whole (a paste of `1 1 1 …` would
    /// otherwise make tens of thousands of drafts for one question): split it into lines.
    public static let maxDraftsPerLine = 200
    /// Categories under this branch make a draft income.
    static let incomeBranch = "income/"

    public init(grammar: Grammar) {
        self.grammar = grammar
        ids = ClassIDs(grammar)
    }

    public func parse(_ input: String, context: ParseContext) -> ParseResult {
        // Scalars never outnumber UTF-8 bytes: count them only for a long line.
        if input.utf8.count > Parser.maxInputLength {
            var length = 0
            for _ in input.unicodeScalars {
                length += 1
                if length > Parser.maxInputLength {
                    return ParseResult(input: input, error: ParseError(
                        code: "too-long", messageKey: "parse.too-long",
                        messageArguments: ["limit": String(Parser.maxInputLength)], span: nil))
                }
            }
        }
        // The line's tokens and every stage's working memory live in `memory` until the result
        // is made (the result copies what it keeps).
        let memory = scratch.take()
        defer { scratch.give(memory) }
        let line = LineView(input, grammar: grammar, ids: ids, context: context, scratch: memory)
        return read(line, input: input, context: context, memory: memory.buffers)
    }

    private func read(_ line: LineView, input: String, context: ParseContext, memory: LineScratch.Buffers) -> ParseResult {
        guard line.tokens.contains(where: { $0.kind != .punct }) else {
            let empty = line.tokens.isEmpty
            return ParseResult(input: input, error: ParseError(
                code: empty ? "empty" : "not-understood", messageKey: empty ? "parse.empty" : "parse.not-understood",
                span: empty ? nil : 0..<input.unicodeScalars.count))
        }
        let scanner = ScanStage(NumberStage(line, scratch: memory), scratch: memory)
        var scan = scanner.scan(aliases: aliases(context))
        let hasContent = scan.roles.indices.contains { k in
            if case .filler = scan.roles[k] { return false }
            return line.tokens[k].kind != .punct
        }
        guard hasContent else {
            return ParseResult(input: input, error: ParseError(code: "empty", messageKey: "parse.empty"))
        }
        var (drafts, reasons, questions, error) = DraftStage(scanner).assemble(&scan)
        if let error { return ParseResult(input: input, error: error) }
        if drafts.count > Parser.maxDraftsPerLine {
            return ParseResult(input: input, error: ParseError(
                code: "too-many-entries", messageKey: "parse.too-many-entries",
                messageArguments: ["count": String(drafts.count), "limit": String(Parser.maxDraftsPerLine)], span: nil))
        }
        // A date kassa cannot keep ("3050-01-01", "5000 years ago") is refused here, as the
        // person's input (exit 1), not later by the journal (exit 3).
        // By index and date only: `first(where:)` copied every draft it looked at.
        for k in drafts.indices where !drafts[k].date.isSupported {
            return ParseResult(input: input, error: ParseError(
                code: "date-out-of-range", messageKey: "parse.date-out-of-range", messageArguments: ["date": drafts[k].date.iso], span: nil))
        }
        // A tie the person must settle is a doubt of its draft: asked, never saved by a bare Enter.
        for question in questions where drafts.indices.contains(question.draftIndex) {
            guard let field = Doubt.Field(rawValue: question.field) else { continue }
            drafts[question.draftIndex].doubt(Doubt(field: field, text: question.options.joined(separator: " / "), reason: .tie))
        }
        return ParseResult(input: input, drafts: drafts, reasons: reasons, grammar: grammar, questions: questions)
    }

    func aliases(_ context: ParseContext) -> AccountAliases {
        guard !context.accounts.isEmpty else { return AccountAliases() }
        if let cached = aliasCache.lookup(context.accounts) { return cached }
        var out: [AccountAlias] = []
        for account in context.accounts {
            for name in [account.name] + account.aliases {
                let words = Parser.normalizedWords(name)
                if !words.isEmpty { out.append(AccountAlias(words: words, account: account.name)) }
            }
        }
        let aliases = AccountAliases(out)
        aliasCache.store(context.accounts, aliases)
        return aliases
    }

    /// Lower-cased words of a name, split at anything that is not a letter or digit (cheap:
    /// account names are matched on every parse).
    static func normalizedWords(_ text: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for s in text.unicodeScalars {
            let v = s.value
            if Tokenizer.isLetter(v) || Tokenizer.isDigit(v) {
                Tokenizer.append(Tokenizer.lower(v), to: &current)
            } else if !current.isEmpty {
                words.append(current); current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// An amount alone, for corrections such as "amount 1600" / "сумма 1600".
    public func amount(in text: String, context: ParseContext) -> Money? {
        let result = parse(text, context: context)
        return result.drafts.first { $0.amount != nil }?.amount
    }

    /// An amount and nothing else, for a field set to a value (`edit #1 amount 1600`, `budget set
    /// food 50000`): a sign ("-5") or words left over ("1e9" is 1 and "e9") make it no amount,
    /// never a different one. `currencySaid` is false when the text named no currency (the
    /// default was taken): a correction "1700" keeps the currency the draft already has.
    public func exactAmount(in text: String, context: ParseContext) -> (amount: Money, currencySaid: Bool)? {
        let trimmed = String(text.trimmingSpaces)
        guard let first = trimmed.unicodeScalars.first, !["-", "−", "–", "+"].contains(first) else { return nil }
        let result = parse(trimmed, context: context)
        guard result.error == nil, result.drafts.count == 1, let draft = result.drafts.first,
              draft.note.isEmpty, let amount = draft.amount else { return nil }
        return (amount, !draft.has(.currencyDefault))
    }

    /// The currency a word or two name ("доллара", "usd", "евро"), or nil when they name none.
    /// Read as the currency of "1 WORDS" under two different defaults: only a currency the words
    /// themselves name survives both.
    public func currency(named text: String, context: ParseContext) -> Currency? {
        var first = context, second = context
        first.defaultCurrency = .kzt
        second.defaultCurrency = Currency(code: "USD")!
        first.accounts = []
        second.accounts = []
        guard let a = amount(in: "1 " + text, context: first), let b = amount(in: "1 " + text, context: second),
              a.currency == b.currency else { return nil }
        return a.currency
    }

    /// A date alone, for corrections such as "date yesterday" / "дата вчера" / "15.02".
    public func date(in text: String, context: ParseContext) -> CivilDate? {
        let memory = scratch.take()
        defer { scratch.give(memory) }
        let line = LineView(String(text.unicodeScalars.prefix(Parser.maxInputLength)), grammar: grammar, ids: ids,
                            context: context, scratch: memory)
        let dates = DateStage(NumberStage(line, scratch: memory.buffers))
        for i in 0..<line.count {
            if case .date(let d, _, _)? = dates.bestPattern(at: i)?.value { return d }
        }
        return nil
    }

    /// The account a name or inflected alias means: "каспи", "с каспи", "from kaspi" → "kaspi".
    public func account(named text: String, context: ParseContext) -> String? {
        let memory = scratch.take()
        defer { scratch.give(memory) }
        let line = LineView(String(text.unicodeScalars.prefix(Parser.maxInputLength)), grammar: grammar, ids: ids,
                            context: context, scratch: memory)
        let scanner = ScanStage(NumberStage(line, scratch: memory.buffers), scratch: memory.buffers)
        let list = aliases(context)
        for i in 0..<line.count {
            if let a = scanner.accountAt(i, aliases: list, named: true) { return a.name }
        }
        return nil
    }

    /// The normalized words a learned category is keyed by: lower case, ё → е, punctuation
    /// dropped, single spaces. "Капучино, большой" → "капучино большой".
    public static func learningKey(_ note: String) -> String {
        var norm: [UInt8] = []
        return Tokenizer.tokenize(note, table: nil, norm: &norm).filter(\.isContent)
            .map { String(decoding: norm[$0.normStart..<$0.normEnd], as: UTF8.self) }.joined(separator: " ")
    }
}

/// AliasCache: the normalized aliases of the accounts last parsed with, behind a lock so one
/// Parser can be shared across threads.
final class AliasCache: Sendable {
    private let state = Mutex<(accounts: [Account], aliases: AccountAliases)>(([], AccountAliases()))

    func lookup(_ accounts: [Account]) -> AccountAliases? {
        state.withLock { $0.accounts == accounts ? $0.aliases : nil }
    }

    func store(_ accounts: [Account], _ aliases: AccountAliases) {
        state.withLock { $0 = (accounts, aliases) }
    }
}
