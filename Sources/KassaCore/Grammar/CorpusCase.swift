// CorpusCase: one example of a `.corpus` file: an input, the "today" and language it is read
// with, the accounts it may name, and what the drafts must (or must not) contain.
//
// Format (see Sources/KassaCore/Grammar/README.md):
//     @today 2026-03-10
//     @lang ru
//     @account kaspi = каспи, kaspi gold
//     @account wallet USD = usd card
//     coffee 1500 yesterday => amount=1500 date=2026-03-09 category=food/coffee
//     coffee 1500 and tea 500 => amount=1500 | amount=500 note=tea
//     газировка 300 => category!=utilities/gas

public struct CorpusCase: Sendable, Hashable {
    public struct Check: Sendable, Hashable {
        public var field: String
        public var value: String
        /// A negative example: the field must not have this value.
        public var negated: Bool
    }

    public var file: String
    public var line: Int
    public var input: String
    public var today: CivilDate
    public var language: Language
    public var accounts: [Account]
    /// Checks on the whole line: `drafts`, `error`.
    public var lineChecks: [Check]
    /// Checks per expected draft, in order.
    public var draftChecks: [[Check]]
}

/// A case that failed, or a line that could not be read (field "case").
public struct CorpusFailure: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var input: String
    public var field: String
    public var expected: String
    public var actual: String

    public init(file: String, line: Int, input: String, field: String, expected: String, actual: String) {
        (self.file, self.line, self.input, self.field, self.expected, self.actual) = (file, line, input, field, expected, actual)
    }
}

/// What a corpus run gives, whatever reads its cases: how many cases, and each failure (a case
/// fails once however many of its fields are wrong).
public struct CorpusReport: Sendable {
    public var total: Int
    public var failures: [CorpusFailure]
    public var passed: Int { total - Set(failures.map { "\($0.file):\($0.line)" }).count }

    public init(total: Int = 0, failures: [CorpusFailure] = []) {
        (self.total, self.failures) = (total, failures)
    }
}
