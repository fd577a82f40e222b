// ObjectRecord: one named thing the person keeps beside their transactions — a budget, a
// recurring series, an exchange rate, a category of their own, an account's profile — as the
// journal stores it: a kind, a key unique within the kind, and named text fields. The journal
// keeps the newest applied version of each (kind, key), so these undo and are shared by sessions
// like transactions; what the fields mean is KassaLedger's business (one type per kind there).

public struct ObjectRecord: Sendable, Hashable {
    /// "budget", "series", "occurrence", "rate", "category", "account", "setting".
    public var kind: String
    /// Unique within the kind: a category slug, a series number, "USD 2026-01-15".
    public var key: String
    /// A removal: the (kind, key) no longer exists once this version applies.
    public var removed: Bool
    /// Named values in the order written (deterministic output; at most `maxFields`).
    public var fields: [Field]

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A record line holds at most 31 fields; kind, key and the removed flag take three.
    public static let maxFields = 28

    public init(kind: String, key: String, removed: Bool = false, fields: [Field] = []) {
        self.kind = kind
        self.key = key
        self.removed = removed
        self.fields = fields
    }

    /// The value of the first field called `name`, if any.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Sets (or, for nil, removes) field `name`, keeping the others' order.
    public mutating func set(_ name: String, _ value: String?) {
        guard let value else { fields.removeAll { $0.name == name }; return }
        if let i = fields.firstIndex(where: { $0.name == name }) {
            fields[i].value = value
        } else {
            fields.append(Field(name, value))
        }
    }
}
