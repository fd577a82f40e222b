// TransactionType and Recurrence: the closed vocabularies of the journal, spelled as in the JSON contract.

public enum TransactionType: String, Hashable, Sendable, CaseIterable {
    case expense, income, transfer
}

public enum Recurrence: String, Hashable, Sendable, CaseIterable {
    case daily, weekly, monthly, quarterly, yearly
}
