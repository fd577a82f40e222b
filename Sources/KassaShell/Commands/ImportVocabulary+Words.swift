// ImportVocabulary+Words: the import readers' vocabulary from kassa's own words — CSV headers,
// type and operation words and currency signs from Grammars/*/session.commands (column.*,
// kind.*, currency.*), category names and the category lexicon from the grammar, and, for
// free text such as a statement's details, the parser's guess.

import KassaCore
import KassaInterchange

extension ImportVocabulary {
    static func make(words: CommandWords, parser: Parser, context: ParseContext) -> ImportVocabulary {
        ImportVocabulary(
            column: { words.name(in: "column", for: $0) },
            kind: { word in
                words.name(in: "kind", for: word).flatMap(TransactionType.init(rawValue:))
                    ?? words.name(in: "type", for: word).flatMap(TransactionType.init(rawValue:))
            },
            category: { text, _ in
                if let slug = parser.grammar.categorySlug(named: text) { return slug }
                return parser.parse(text, context: context).drafts.first?.category
            },
            currency: { word in
                words.name(in: "currency", for: word).flatMap { Currency(code: $0) } ?? Currency(code: word)
            })
    }
}
