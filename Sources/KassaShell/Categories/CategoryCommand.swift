// CategoryCommand: the person's own categories. `:category add NAME [PARENT] [income|expense]`
// makes one (a subcategory under PARENT; the type follows the parent unless given),
// `:category rename CATEGORY NEW NAME` gives any category — built-in ones too, in the UI
// language — a new display name, `:category remove CATEGORY [--to OTHER]` removes one of the
// person's own and re-files its transactions (and its subcategories') to OTHER, `other` by default,
// in one undoable change. Built-in categories cannot be removed: the grammar still reads them.

import KassaCore
import KassaStore

public struct CategoryCommand: Command {
    public static let name = "category"
    public static let forms = CommandForms.both
    public static let options: [CommandOption] = [.value("--to", .category)]
    public static let surface = CommandSurface(group: "category", verbs: [
        CommandVerb("add", .required(.text), .optional(.category), .optional(.choice(["income", "expense"], group: "type"))),
        CommandVerb("rename", .required(.category), .repeated(.text)),
        CommandVerb("remove", .required(.category)),
    ])

    enum Action: Equatable {
        case add(name: String, parent: String?, type: TransactionType?)
        case rename(String, to: String)
        case remove(String, into: String?)
    }

    let action: Action

    public init(_ arguments: CommandArguments) throws(UsageError) {
        let words = arguments.words
        let usage = UsageError(key: "category.usage", arguments: ["command": arguments.form.prefix + Self.name])
        guard !words.isEmpty else { throw usage }
        switch arguments.verb(of: Self.surface) {
        case "add":
            // NAME [PARENT] [TYPE]: with one word after the name, a category is the parent and
            // a type word the type ("Фриланс income" is a subcategory of income).
            let rest = Array(words.dropFirst())
            guard (1...3).contains(rest.count), arguments.values["--to"] == nil else { throw usage }
            var type: TransactionType?
            if rest.count == 3 {
                guard let named = Self.type(rest[2], arguments.vocabulary), named != .transfer else { throw usage }
                type = named
            }
            action = .add(name: rest[0], parent: rest.count > 1 ? rest[1] : nil, type: type)
        case "rename":
            guard words.count >= 3, arguments.values["--to"] == nil else { throw usage }
            action = .rename(words[1], to: words.dropFirst(2).joined(separator: " "))
        case "remove":
            guard words.count == 2 else { throw usage }
            action = .remove(words[1], into: arguments.values["--to"])
        default:
            throw usage
        }
    }

    public func run(_ context: CommandContext) -> [SessionEvent] {
        let events = context.storeChange { journal in
            let directory = CategoryDirectory(grammar: context.parser.grammar, journal: journal)
            switch action {
            case .add(let name, let parentName, let type):
                return try add(name: name, parentName: parentName, type: type, directory: directory, journal: journal, context: context)
            case .rename(let name, let newName):
                guard let slug = directory.slug(named: name) else { return context.reject(SessionError("category.unknown", ["value": name])) }
                let display = TerminalSafety.readable(newName).trimmingWhitespace
                guard !display.isEmpty else { return context.reject(SessionError("category.bad-name", ["value": newName])) }
                var definition = directory.definitions.first { $0.slug == slug }
                    ?? CategoryDefinition(slug: slug, type: directory.type(of: slug), own: false)
                if definition.own { definition.name = display; definition.names = [:] } else { definition.names[context.configuration.language] = display }
                try journal.write([definition.record])
                return [.output(SettingChangeOutput(key: "category.renamed", arguments: ["slug": slug, "name": display]))]
            case .remove(let name, let targetName):
                guard let slug = directory.slug(named: name) else { return context.reject(SessionError("category.unknown", ["value": name])) }
                guard directory.own(slug) != nil else { return context.reject(SessionError("category.built-in", ["slug": slug])) }
                let target = targetName.map { directory.slug(named: $0) } ?? "other"
                guard let target, target != slug, !target.hasPrefix(slug + "/") else {
                    return context.reject(SessionError("category.unknown", ["value": targetName ?? ""]))
                }
                // The category and its subcategories go; their transactions move to the target.
                let removed = directory.definitions.filter { $0.own && ($0.slug == slug || $0.slug.hasPrefix(slug + "/")) }
                let removals = removed.map { ObjectRecord(kind: CategoryDefinition.kind, key: $0.slug, removed: true) }
                let slugs = Set(removed.map(\.slug))
                var ids: [Int] = []
                journal.forEach { transaction in
                    if let category = transaction.category, slugs.contains(category) { ids.append(transaction.id) }
                }
                if ids.isEmpty {
                    try journal.write(removals)
                } else {
                    try journal.edit(ids: ids, objects: removals) { $0.category = target }
                }
                return [.output(SettingChangeOutput(key: "category.removed", arguments: ["slug": slug, "target": target, "count": String(ids.count)]))]
            }
        }
        if let journal = try? context.journal() { context.app?.categoryNames.use(CategoryDirectory.definitions(journal)) }
        return events
    }

    static func type(_ word: String, _ vocabulary: CommandWords) -> TransactionType? {
        vocabulary.name(in: "type", for: word.lowercased()).flatMap(TransactionType.init(rawValue:))
            ?? TransactionType(rawValue: word.lowercased())
    }

    private func add(name: String, parentName: String?, type: TransactionType?, directory: CategoryDirectory,
                     journal: Journal, context: CommandContext) throws -> [SessionEvent] {
        let display = TerminalSafety.readable(name).trimmingWhitespace
        let part = CategoryDefinition.slugPart(display)
        guard !part.isEmpty, display.count <= 64 else { return context.reject(SessionError("category.bad-name", ["value": name])) }
        var parent: String?
        var type = type
        if let parentName {
            if let found = directory.slug(named: parentName) {
                parent = found
            } else if type == nil, let named = Self.type(parentName, context.words), named != .transfer {
                type = named
            } else {
                return context.reject(SessionError("category.unknown", ["value": parentName]))
            }
        }
        let slug = parent.map { $0 + "/" + part } ?? part
        guard !directory.isBuiltIn(slug), directory.definitions.first(where: { $0.slug == slug && $0.own }) == nil else {
            return context.reject(SessionError("category.exists", ["slug": slug]))
        }
        let definition = CategoryDefinition(slug: slug, name: display, parent: parent,
                                            type: type ?? parent.map(directory.type(of:)) ?? .expense, own: true)
        try journal.write([definition.record])
        return [.output(SettingChangeOutput(key: "category.added", arguments: ["slug": slug, "name": display, "type": definition.type.rawValue]))]
    }
}
