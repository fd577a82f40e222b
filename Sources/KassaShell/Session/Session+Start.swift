// Session+Start: what a session does before the first line — deposits' due interest is posted
// (its own change), then the payments recurring series have due are asked as one batch and what
// falls due within the reminders is said. Nothing at all for a journal without deposits or series.

extension Session {
    public func start() -> [SessionEvent] {
        postInterest() + askDue()
    }
}
