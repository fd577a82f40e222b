// LinePhrase: a sentence that asks for a change in words rather than records a purchase — a
// budget, a balance, a series' new amount, a rate. Each reads a whole line and either acts on it
// (through the command that says the same) or leaves it, untouched, to the next step of
// `Session.respond(to:)`, which tries them in a fixed order (Dialog/Session+Reply).

protocol LinePhrase: Sendable {
    /// The events of `line` read as this phrase; nil when it is not one (nothing has changed).
    static func events(for line: String, in session: Session) -> [SessionEvent]?
}
