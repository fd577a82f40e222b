// GroupedWordIndex: numbers (positions in a caller's own list) kept by a group and a word
// ("command" + "помощь", a reply kind + its first word), looked up by the bytes of both through
// the grammar's WordTable (FNV-1a): Swift's own String hashing normalizes every non-ASCII key,
// which made building the session's tables cost more than parsing a line. Not generic, so no
// module pays for generic metadata on each call. The session's words, the replies and the
// questions index by it.

package struct GroupedWordIndex: Sendable {
    private var keys = WordTable(expected: 256)
    /// The values of each key, by the key's id in `keys`.
    private var lists: [[Int]] = []

    package init() {}

    /// The key's bytes: the group, a zero byte, the word.
    private static func key(_ group: String, _ word: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(group.utf8.count + word.utf8.count + 1)
        bytes += group.utf8
        bytes.append(0)
        bytes += word.utf8
        return bytes
    }

    /// The values of a group and word, in the order they were kept; nil when none.
    package func values(_ group: String, _ word: String) -> [Int]? {
        let id = keys.find(GroupedWordIndex.key(group, word))
        return id < 0 ? nil : lists[Int(id)]
    }

    /// Keeps `value` last under a group and word.
    package mutating func add(_ value: Int, _ group: String, _ word: String) {
        add(value, group, word) { $0.count }
    }

    /// Keeps `value` under a group and word at the position `at` picks among the values kept
    /// there before.
    package mutating func add(_ value: Int, _ group: String, _ word: String, at position: (_ kept: [Int]) -> Int) {
        let id = Int(keys.intern(GroupedWordIndex.key(group, word)))
        if id == lists.count { lists.append([]) }
        lists[id].insert(value, at: position(lists[id]))
    }
}

extension GroupedWordIndex {
    /// The index for RuleTableArchive as it is: its keys' table and each key's values, so
    /// reading it builds no key again.
    package func write(to w: inout ArchiveWriter) {
        w.wordTable(keys)
        w.compact(lists.map(\.count))
        w.compact(lists.joined())
    }

    /// The index `write` wrote, its values all below `limit` (check the reader's `failed` after).
    package init(reading r: inout ArchiveReader, below limit: Int) {
        self.init()
        let keys = r.wordTable(), counts = r.compact(), values = r.compact()
        guard let keys, counts.count == keys.count, counts.allSatisfy({ $0 >= 0 }),
              counts.reduce(0, { $0 + Int($1) }) == values.count, values.allSatisfy({ $0 >= 0 && Int($0) < limit }) else {
            r.refuse()
            return
        }
        self.keys = keys
        lists.reserveCapacity(counts.count)
        var start = 0
        for count in counts {
            lists.append(values[start..<(start + Int(count))].map(Int.init))
            start += Int(count)
        }
    }
}
