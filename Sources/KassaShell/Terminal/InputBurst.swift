// InputBurst: a paste into the terminal arrives as several lines at once. The session reads the
// lines already waiting before it shows anything, and of the cards those lines produced only the
// last (the whole batch) is shown, so three dictated sentences become one batch on screen.

#if canImport(Glibc)
import Glibc
#endif

enum InputBurst {
    /// More typed or pasted bytes are waiting on standard input (poll with no wait).
    static func moreWaiting() -> Bool {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    /// The events of a burst with every card but the last one (and the prompts that followed
    /// the earlier cards) removed; messages, errors and saves all stay.
    static func coalesce(_ events: [SessionEvent]) -> [SessionEvent] {
        guard let last = events.lastIndex(where: \.isCard) else { return events }
        return events.enumerated().compactMap { index, event in
            index < last && (event.isCard || event.isPrompt) ? nil : event
        }
    }
}

extension SessionEvent {
    /// A draft card (shown whole each time the batch changes).
    var isCard: Bool {
        switch self {
        case .drafts, .corrected: return true
        default: return false
        }
    }

    /// What a card asks next (Enter/n, an amount).
    var isPrompt: Bool {
        switch self {
        case .awaitingAnswer, .amountNeeded: return true
        default: return false
        }
    }
}
