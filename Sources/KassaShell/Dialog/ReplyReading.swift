// ReplyReading: what a reply to waiting drafts means, as ReplyReader decides it. The session acts
// on it (Session+Reply); `:why` says which reading won and why (the `cue` is the words that
// decided it).

import KassaCore

enum ReplyReading {
    /// The whole reply says yes ("ok", "yes save it", «давай»).
    case confirm
    /// The whole reply says no ("never mind", «не надо»).
    case refuse
    /// The whole reply asks to take back the last saved change ("undo that", «верни как было»).
    case undo
    /// One draft leaves the batch ("drop the coffee", «удали последний»).
    case drop(index: Int)
    /// Fields of drafts change.
    case correction(ReplyCorrection)
    /// A field that belongs to one draft, with no draft named, in a batch: kassa asks which.
    case whichDraft(field: String, value: String)
    /// A draft named by a position the batch does not have ("the fifth one" of three).
    case noSuchDraft(said: String)
    /// A value the reply gives that is refused (an amount of 13 digits, a date before 1900).
    case invalid(any LocalizableError)
    /// A new entry that joins the batch ("and a coffee 900"): the words after the join word.
    case entry(rest: String)
    /// A correction was begun ("no, …") but the rest was not understood.
    case unplaced(understood: String, missed: String)
    /// The whole reply says the person does not know ("no idea", «не помню»).
    case unsure
    /// Not a reply in words: the documented forms and entries are tried next.
    case none

    /// The reading's name in `:why` (a shell.messages key part: `dialog.reading.NAME`).
    var name: String {
        switch self {
        case .confirm: "confirm"
        case .refuse: "refuse"
        case .undo: "undo"
        case .drop: "drop"
        case .correction: "correction"
        case .whichDraft: "which-draft"
        case .noSuchDraft: "no-such-draft"
        case .invalid: "invalid"
        case .entry: "entry"
        case .unplaced: "unplaced"
        case .unsure: "unsure"
        case .none: "none"
        }
    }
}
