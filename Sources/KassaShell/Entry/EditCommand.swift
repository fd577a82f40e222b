// EditCommand: `:edit #12 amount 1600`, `:edit #3 #5-#7 category groceries` (and `kassa edit`):
// changes one field of saved transactions as one undoable change. A category chosen this way
// is remembered for the same words next time. A category the transaction's type cannot carry
// (any on a transfer, an income one on an expense …) is refused and nothing is learned.

import KassaCore
import KassaStore

public struct EditCommand: Command {
    public static let name = "edit"
    public static let forms = CommandForms.both
    /// `#ID... FIELD VALUE`: the field words (session.rules `field.*`) are completed by the
    /// word before a value, not by place, as the numbers before them vary in count.
    public static let surface = CommandSurface(.required(.transactionID), .repeated(.text))
    let ids: [Int]
    /// Canonical field name (session.rules `field.*`).
    let field: String
    let value: String

    public init(_ arguments: CommandArguments) throws(UsageError) {
        guard let (ids, rest) = TransactionIDs.read(arguments.words), !ids.isEmpty,
              let fieldWord = rest.first, let field = arguments.vocabulary.name(in: "field", for: fieldWord),
              rest.count > 1 else {
            throw UsageError(key: "edit.usage", arguments: ["command": arguments.form.prefix + Self.name])
        }
        self.ids = ids
        self.field = field
        value = rest.dropFirst().joined(separator: " ")
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        context.storeChange { journal in
            let fieldValue: FieldValue
            switch FieldValue.resolve(field: field, value: value, parser: context.parser, words: context.words,
                                      context: context.parseContext(journal), journal: journal) {
            case .failure(let error): return context.reject(error)
            case .success(let resolved): fieldValue = resolved
            }
            // A category chosen here teaches kassa these words, in the same change as the edit.
            var taught: [Lesson] = []
            let change: Change
            do {
                change = try edit(journal, with: fieldValue, directory: CategoryDirectory(grammar: context.parser.grammar, journal: journal),
                                  taught: &taught)
            } catch let refusal as SessionError {
                // A category the transaction cannot carry: the person's mistake, nothing written or learned.
                return context.reject(refusal)
            }
            return [.changed(change)] + taught.map { .lesson(phrase: $0.phrase, category: $0.category) }
        }
    }

    /// The edit as one change; `taught` gets the lessons it wrote. Throws a SessionError for a
    /// category that does not fit a transaction's type (before anything is written).
    private func edit(_ journal: Journal, with fieldValue: FieldValue, directory: CategoryDirectory,
                      taught: inout [Lesson]) throws -> Change {
        let known = journal.learnedCategories
        var lessons: [Lesson] = []
        let change = try journal.edit(ids: ids, teach: { transaction in
            guard case .category(let slug) = fieldValue else { return nil }
            let lesson = Lessons.lesson(note: transaction.note, category: slug)
            if let lesson, known[lesson.phrase] != slug, !lessons.contains(lesson) { lessons.append(lesson) }
            return lesson
        }) { transaction in
            if case .category(let slug) = fieldValue,
               let refusal = CategoryFit.refusal(slug, said: value, for: transaction.type, directory: directory) {
                throw refusal
            }
            guard let patch = fieldValue.patch(for: transaction) else {
                throw StoreError(.invalid, path: journal.path, detail: value)
            }
            patch.apply(to: &transaction)
            // A new type drops a category it cannot carry (a transfer has none).
            if fieldValue.changesType, let slug = transaction.category, !CategoryFit.fits(slug, transaction.type, directory: directory) {
                transaction.category = nil
            }
        }
        taught = lessons
        return change
    }
}
