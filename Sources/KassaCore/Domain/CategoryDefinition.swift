// CategoryDefinition: a category of the person's own ("pets", "hobby/climbing"), or their new
// display name for a built-in one, kept as a journal object (kind "category", key = the slug) so it
// undoes and is shared by sessions. Built-in categories and their names in both languages come
// from Grammars/*/categories.rules; these records add to and rename them, never replace the files.

public struct CategoryDefinition: Sendable, Hashable {
    public var slug: String
    /// The name as the person wrote it (shown in every language), for their own categories.
    public var name: String?
    /// A new name in one language (a rename of a built-in category in that UI language).
    public var names: [Language: String]
    public var parent: String?
    /// Income or expense; transfers have no category.
    public var type: TransactionType
    /// Made by the person (`:category add`), not a rename of a built-in one.
    public var own: Bool

    public static let kind = "category"

    public init(slug: String, name: String? = nil, names: [Language: String] = [:], parent: String? = nil,
                type: TransactionType = .expense, own: Bool) {
        self.slug = slug
        self.name = name
        self.names = names
        self.parent = parent
        self.type = type
        self.own = own
    }

    /// The name to show in `language`: a rename in that language, else the person's own name.
    public func displayName(_ language: Language) -> String? { names[language] ?? name }

    /// A slug part from a name as typed: lower case, spaces and slashes to "-", other characters
    /// kept (Cyrillic slugs are fine: "хобби/скалолазание").
    public static func slugPart(_ name: String) -> String {
        var out = ""
        var dash = false
        for character in name.lowercased() {
            if character.isWhitespace || character == "/" || character == "-" || character == "_" {
                dash = !out.isEmpty
                continue
            }
            guard character.isLetter || character.isNumber else { continue }
            if dash { out.append("-"); dash = false }
            out.append(character)
        }
        return out
    }

    /// Whether `slug` is one kassa could have made: "/"-separated parts, each as slugPart makes
    /// them (letters and digits of any script, "-" between; lower case). `../../etc`, an empty
    /// part or a blank is none.
    public static func isValidSlug(_ slug: String) -> Bool {
        !slug.isEmpty && slug.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && slugPart(String(part)) == part
        }
    }

    public var record: ObjectRecord {
        var fields: [ObjectRecord.Field] = []
        if let name { fields.append(.init("name", name)) }
        for language in Language.allCases { if let n = names[language] { fields.append(.init("name-" + language.rawValue, n)) } }
        if let parent { fields.append(.init("parent", parent)) }
        fields.append(.init("type", type.rawValue))
        fields.append(.init("own", own ? "yes" : "no"))
        return ObjectRecord(kind: Self.kind, key: slug, fields: fields)
    }

    public init?(record: ObjectRecord) {
        guard record.kind == Self.kind, !record.removed, !record.key.isEmpty,
              let type = record["type"].flatMap(TransactionType.init(rawValue:)), type != .transfer else { return nil }
        var names: [Language: String] = [:]
        for language in Language.allCases { names[language] = record["name-" + language.rawValue] }
        self.init(slug: record.key, name: record["name"], names: names, parent: record["parent"], type: type,
                  own: record["own"] == "yes")
    }
}
