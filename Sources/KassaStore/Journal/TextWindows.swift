// TextWindows: the unread part of a journal opened from its snapshot, read in windows of a few MB
// for a listing that goes through it in file order (`kassa list` of a million): the text is read
// once, as with the whole part in memory, but at most a few windows are ever held. Two listing
// threads share it: a window is an object handed out under a lock and never changed while anyone
// holds it (an evicted one is read into again only once no thread does), so one thread may read a
// new window while the other still reads the one it holds.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class TextWindow {
    /// Changed only while no one else holds the window (TextWindows reuses an evicted one).
    fileprivate(set) var start: Int
    fileprivate(set) var bytes: [UInt8]

    init(start: Int, bytes: [UInt8]) {
        self.start = start
        self.bytes = bytes
    }
}

final class TextWindows: @unchecked Sendable {
    /// Bytes read at a time, and windows kept (each listing thread's, and the next).
    static let size = 2 << 20
    static let kept = 4

    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var recent: [TextWindow] = []

    init() { pthread_mutex_init(lock, nil) }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// A window holding the whole line that starts at `offset` (up to its LF), reading one from
    /// `file` if none does; nil when the file holds no such line there (shorter now, or a line
    /// longer than a window).
    func window(for offset: Int, in file: JournalFile) -> TextWindow? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for window in recent.reversed() where TextWindows.holdsLine(window, at: offset) { return window }
        guard let size = try? file.size(), size > offset else { return nil }
        let end = min(size, offset + TextWindows.size)
        // The oldest window, once no thread holds it any more, is read into again: fresh pages
        // for every window were a twentieth of `kassa list`.
        var window: TextWindow
        if recent.count >= TextWindows.kept, isKnownUniquelyReferenced(&recent[0]) {
            window = recent.removeFirst()
            window.start = offset
            window.bytes.removeAll(keepingCapacity: true)
        } else {
            if recent.count >= TextWindows.kept { recent.removeFirst() }
            window = TextWindow(start: offset, bytes: [])
        }
        guard (try? file.read(offset..<end, into: &window.bytes)) == true, TextWindows.holdsLine(window, at: offset)
        else { return nil }
        recent.append(window)
        return window
    }

    static func holdsLine(_ window: TextWindow, at offset: Int) -> Bool {
        let at = offset - window.start
        guard at >= 0, at < window.bytes.count else { return false }
        return window.bytes.withUnsafeBufferPointer { memchrLF($0.baseAddress! + at, $0.count - at) != nil }
    }
}
