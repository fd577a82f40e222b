// AccountNames: kassa's accounts and category slugs as the account names of a plain-text
// journal — `assets:kaspi`, `liabilities:loan` (an account the person owes on: a loan),
// `expenses:food:coffee`, `income:salary` for hledger and ledger (Style.plain); a format with other rules gives its own Style (its roots and how one part is
// made safe) from its folder (DOMAIN.md §9). Cyrillic is kept; only what a tool cannot read is
// replaced. Two names that come out the same get "-2", "-3": every kassa account keeps its own
// journal account. Names are cached, so a million entries cost a dictionary look-up each.

public struct AccountNames {
    /// A format's account names: the four roots, and one part of a name made safe.
    public struct Style: Sendable {
        let roots: (assets: String, liabilities: String, expenses: String, income: String)
        let component: @Sendable (String) -> String

        init(roots: (assets: String, liabilities: String, expenses: String, income: String),
             component: @escaping @Sendable (String) -> String) {
            self.roots = roots
            self.component = component
        }

        /// hledger and ledger end an account name at two spaces or a tab, split it at ':',
        /// and read ';' as a comment and brackets as virtual postings.
        public static let plain = Style(roots: ("assets", "liabilities", "expenses", "income")) { raw in
            var out = ""
            var lastSpace = true
            for ch in raw {
                if ch.isWhitespace {
                    if !lastSpace { out.append(" ") }
                    lastSpace = true
                    continue
                }
                lastSpace = false
                out.append(":;()[]{}@=*!#|\"".contains(ch) ? "-" : ch)
            }
            while out.last == " " { out.removeLast() }
            return out.isEmpty ? "-" : out
        }
    }

    /// Transactions without an account post to this asset.
    static let noAccount = "no-account"
    /// Expenses and income without a category ("other" is kassa's own Other category, which
    /// keeps its name).
    static let noCategory = "uncategorized"

    let style: Style
    /// The person's accounts that are owed on (loans), lower-cased: named under the liabilities root.
    public var liabilities: Set<String> = []
    private var assets: [String: String] = [:]
    private var expenses: [String: String] = [:]
    private var income: [String: String] = [:]
    private var taken: Set<String> = []

    public init(style: Style, liabilities: Set<String> = []) {
        self.style = style
        self.liabilities = liabilities
    }

    var roots: (assets: String, liabilities: String, expenses: String, income: String) { style.roots }

    /// The journal account of a kassa account ("" or nil for none): an asset, or a liability
    /// for one in `liabilities`.
    /// Account names are case-insensitive: "Cash" and "cash" are one account, named as first met.
    public mutating func asset(_ name: String?) -> String {
        let key = (name ?? "").lowercased()
        if let known = assets[key] { return known }
        let root = liabilities.contains(key) ? roots.liabilities : roots.assets
        let made = unique(root + ":" + component(key.isEmpty ? AccountNames.noAccount : name ?? ""))
        assets[key] = made
        return made
    }

    public mutating func expense(_ slug: String?) -> String {
        let key = slug ?? ""
        if let known = expenses[key] { return known }
        let made = unique(roots.expenses + ":" + (key.isEmpty ? component(AccountNames.noCategory) : path(key)))
        expenses[key] = made
        return made
    }

    public mutating func income(_ slug: String?) -> String {
        let key = slug ?? ""
        if let known = income[key] { return known }
        // Income slugs are "income/salary": the root already says income.
        let made = unique(roots.income + ":" + (key.isEmpty ? component(AccountNames.noCategory)
            : path(key.hasPrefix("income/") ? String(key.dropFirst(7)) : key)))
        income[key] = made
        return made
    }

    /// "food/coffee" → "food:coffee"; each part made safe on its own.
    private func path(_ slug: String) -> String {
        let parts = slug.split(separator: "/").map { component(String($0)) }
        return parts.isEmpty ? component(AccountNames.noCategory) : parts.joined(separator: ":")
    }

    private mutating func unique(_ name: String) -> String {
        var candidate = name
        var suffix = 2
        while taken.contains(candidate) {
            candidate = name + "-" + String(suffix)
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// One part of an account name.
    func component(_ raw: String) -> String { style.component(raw) }
}
