// AccountNameMap: what a journal's account name ("assets:bank:kaspi",
// "Expenses:Food:Groceries", "Equity:Opening-Balances") is in kassa — one of the person's
// accounts (with its kind), a category (kassa's own when the vocabulary knows the whole last
// component as a category's name or keyword in either language — never by a word inside it or a
// word it resembles —, else one of the person's own, named after it), equity (an opening
// balance when the name says so; a year-end closing account when it says that), or nothing kassa can hold. The root words and the kind words
// come from Grammars/*/session.rules (journal.*, journalkind.*), read through the
// vocabulary's `word`; the journal readers and hledger's CSV rules (account1/account2) share it.

import KassaCore

public struct AccountNameMap: Sendable {
    /// The kind of account a name makes (AccountKind's raw values in KassaLedger).
    public enum Kind: String, CaseIterable, Sendable, Hashable {
        case cash, card, deposit, loan
    }

    public enum Target: Sendable, Hashable {
        /// One of the person's accounts: `name` lower-cased, the last component (see `accountNames`).
        case account(name: String, kind: Kind)
        /// `slug`: kassa's own category, or nil for one of the person's own named `name` (see `ownSlug`);
        /// "" for no category (kassa's export's `expenses:uncategorized`).
        case category(slug: String?, name: String, type: TransactionType)
        /// Equity; `opening`: an opening-balances account.
        case equity(opening: Bool)
        /// A name under no root kassa knows.
        case unsupported
    }

    public enum Root: String, CaseIterable, Sendable { case asset, liability, expense, income, equity }

    private let vocabulary: ImportVocabulary

    public init(vocabulary: ImportVocabulary) {
        self.vocabulary = vocabulary
    }

    /// The components of a name: split at ':', trimmed, empty ones left out.
    public static func components(_ name: String) -> [Substring] {
        name.split(separator: ":").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }.map { Substring($0) }
    }

    public func root(_ name: String) -> Root? {
        guard let first = Self.components(name).first else { return nil }
        return vocabulary.word("journal", first.lowercased()).flatMap(Root.init(rawValue:))
    }

    public func resolve(_ name: String) -> Target {
        let parts = Self.components(name)
        guard let root = root(name), let last = parts.last else { return .unsupported }
        switch root {
        case .asset, .liability:
            guard parts.count > 1 else { return .account(name: last.lowercased(), kind: root == .asset ? .card : .loan) }
            return .account(name: last.lowercased(), kind: kind(parts.dropFirst(), default: root == .asset ? .card : .loan))
        case .expense, .income:
            let type: TransactionType = root == .expense ? .expense : .income
            guard parts.count > 1 else { return .category(slug: nil, name: String(last), type: type) }
            // kassa's own export writes entries without a category to `expenses:uncategorized`.
            if parts.count == 2, last.lowercased() == AccountNames.noCategory { return .category(slug: "", name: String(last), type: type) }
            // A slug of the other type is no match ("Expenses:Interest" is not income/interest).
            func fits(_ slug: String) -> Bool { (slug == "income" || slug.hasPrefix("income/")) == (type == .income) }
            if let slug = vocabulary.categoryName(String(last), type), fits(slug) { return .category(slug: slug, name: String(last), type: type) }
            // kassa's own export writes a slug's parts ("expenses:food:coffee"): the slug itself.
            let path = parts.dropFirst().map { $0.lowercased() }.joined(separator: "/")
            if parts.count > 2, let slug = vocabulary.categoryName(path, type), fits(slug) { return .category(slug: slug, name: String(last), type: type) }
            return .category(slug: nil, name: String(last), type: type)
        case .equity:
            return .equity(opening: parts.dropFirst().contains { isOpening($0) })
        }
    }

    /// Whether `name` is an equity account a year-end closing entry moves balances into
    /// ("equity:closing balances", hledger's "equity:opening/closing balances").
    public func closes(_ name: String) -> Bool {
        let parts = Self.components(name)
        guard root(name) == .equity else { return false }
        return parts.dropFirst().contains { part in
            let lower = part.lowercased()
            return vocabulary.word("journal", lower) == "closing" || Self.words(lower).contains { vocabulary.word("journal", $0) == "closing" }
        }
    }

    /// Whether a component names opening balances ("Opening-Balances", "opening balances", «Начальные остатки»).
    private func isOpening(_ part: Substring) -> Bool {
        let lower = part.lowercased()
        if vocabulary.word("journal", lower) == "opening" { return true }
        return Self.words(lower).contains { vocabulary.word("journal", $0) == "opening" }
    }

    /// The kind the most specific component says (the last one that has a kind word), else `fallback`.
    private func kind(_ parts: ArraySlice<Substring>, default fallback: Kind) -> Kind {
        for part in parts.reversed() {
            let lower = part.lowercased()
            if let kind = vocabulary.word("journalkind", lower).flatMap(Kind.init(rawValue:)) { return kind }
            for word in Self.words(lower).reversed() {
                if let kind = vocabulary.word("journalkind", word).flatMap(Kind.init(rawValue:)) { return kind }
            }
        }
        return fallback
    }

    /// A component's words: split at spaces, '-', '_', '/' and where a capital follows a small letter
    /// in the original ("CreditCard" has been lower-cased already, so only separators here).
    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" || $0 == "/" }).map(String.init)
    }

    /// The slug of one of the person's own categories named `name` (nil when nothing of it can be a slug).
    public static func ownSlug(_ name: String) -> String? {
        let part = CategoryDefinition.slugPart(name)
        return part.isEmpty ? nil : part
    }

    /// Every asset and liability name of a file → its kassa account name: the last component,
    /// lower-cased, unless two names share it; then as many trailing components as make each one
    /// different ("etrade:cash", "vanguard:cash"). Decided from the whole set, so the same file
    /// gives the same names in any order.
    public static func accountNames(_ names: some Sequence<String>) -> [String: String] {
        let unique = Set(names)
        var depth: [String: Int] = [:]
        for name in unique { depth[name] = 1 }
        // Each round lengthens the names that still collide; a name cannot grow past its components.
        while true {
            var byShort: [String: [String]] = [:]
            for name in unique { byShort[short(name, depth[name]!), default: []].append(name) }
            var grew = false
            for (_, group) in byShort where group.count > 1 {
                // At most 16 components: names longer than that and alike so far stay merged
                // (a hostile file's thousand-component names cost no more rounds).
                for name in group where depth[name]! < min(components(name).count - 1, 16) {
                    depth[name]! += 1
                    grew = true
                }
            }
            if !grew { break }
        }
        var out: [String: String] = [:]
        for name in unique { out[name] = short(name, depth[name]!) }
        return out
    }

    private static func short(_ name: String, _ depth: Int) -> String {
        let parts = components(name)
        let kept = parts.count > 1 ? parts.dropFirst().suffix(depth) : parts.suffix(1)
        return kept.map { $0.lowercased() }.joined(separator: ":")
    }
}
