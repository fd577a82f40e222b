// ImportVocabulary+Words: the import readers' vocabulary from kassa's own words — CSV headers,
// type and operation words and currency signs from Grammars/*/session.rules (column.*,
// kind.*, currency.*) and the grammar's currency signs and codes (Grammars/currencies.rules),
// category names and the category lexicon from the grammar, and, for
// free text such as a statement's details, the parser's guess.

import KassaCore
import KassaInterchange

extension ImportVocabulary {
    /// `directory`: the journal's own categories, looked up by slug and by name in any language
    /// before the grammar's.
    static func make(words: CommandWords, parser: Parser, context: ParseContext,
                     directory: CategoryDirectory? = nil) -> ImportVocabulary {
        // Lower-cased slug or name → slug, for every category record of the journal (its own
        // categories and renamed ones), the way CategoryDirectory.slug(named:) reads them; one
        // table per type, so an expense and an income category of one name ("Gift", "Interest")
        // are each found for its own type, the second import as the first.
        var tables: [TransactionType: [String: String]] = [.expense: [:], .income: [:]]
        for definition in directory?.definitions ?? [] {
            let type: TransactionType = definition.type == .income || definition.slug.hasPrefix("income") ? .income : .expense
            for name in [definition.slug, definition.name ?? ""] + Array(definition.names.values) where !name.isEmpty {
                if tables[type]![name.lowercased()] == nil { tables[type]![name.lowercased()] = definition.slug }
            }
        }
        let ownTables = tables
        /// The journal's own category of this name and type (a transfer's: none).
        @Sendable func own(_ text: String, _ type: TransactionType) -> String? {
            ownTables[type == .income ? .income : .expense]?[text.trimmingWhitespace.lowercased()]
        }
        var vocabulary = ImportVocabulary(
            column: { words.name(in: "column", for: $0) },
            kind: { word in
                words.name(in: "kind", for: word).flatMap(TransactionType.init(rawValue:))
                    ?? words.name(in: "type", for: word).flatMap(TransactionType.init(rawValue:))
            },
            category: { text, type in
                if let slug = own(text, type) { return slug }
                if let slug = parser.grammar.categorySlug(named: text) { return slug }
                return parser.parse(text, context: context).drafts.first?.category
            },
            currency: { word in
                words.name(in: "currency", for: word).flatMap { Currency(code: $0) } ?? Currency(code: word)
                    ?? grammarCurrency(word, parser.grammar)
            },
            cashWithdrawal: { words.name(in: "withdrawal", for: $0) != nil })
        vocabulary.categoryName = { text, type in
            if let slug = own(text, type) { return slug }
            return parser.grammar.categorySlug(named: text)
        }
        vocabulary.failedStatus = { words.name(in: "status", for: $0) == "failed" }
        // A statement's «Перевод от Айгерим» is a transfer, as the app maps «Перевод» (DOMAIN §8);
        // typed, the same words are money from a person (ParseContext.transfersToPeople).
        let described = {
            var statement = context
            statement.transfersToPeople = false
            return statement
        }()
        vocabulary.describedTransfer = { text in
            // The parser reads the description as if it were typed: a transfer word makes a transfer,
            // a withdrawal word one to cash ("transfer/cash").
            guard let draft = parser.parse(text, context: described).drafts.first, draft.type == .transfer else { return nil }
            let cash = draft.toAccount == "cash" || text.split(separator: " ").prefix(2).contains { words.name(in: "withdrawal", for: $0) != nil }
            return cash ? .cash : .other
        }
        vocabulary.word = { words.name(in: $0, for: $1) }
        return vocabulary
    }

    /// The currency a sign or word names in the grammar (Grammars/currencies.rules and each
    /// language's money words: "£", "₺", "rur", "hrk"); nil when it names none, or several.
    static func grammarCurrency(_ word: String, _ grammar: Grammar) -> Currency? {
        let codes = Set(grammar.values(of: word, inClass: "currency") + grammar.values(of: word, inClass: "currency-after"))
        guard codes.count == 1, let code = codes.first else { return nil }
        return Currency(code: code)
    }
}
