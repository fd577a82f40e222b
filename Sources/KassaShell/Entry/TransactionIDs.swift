// TransactionIDs: the "#3 #5-#7 #8,#9" words that name saved transactions in `edit` and
// `delete`, expanded in order without duplicates.

enum TransactionIDs {
    /// Leading id words → ids and the words after them; nil when a range is malformed or too
    /// large (more than 10,000 ids).
    static func read(_ words: [String]) -> (ids: [Int], rest: [String])? {
        var ids: [Int] = []
        var seen = Set<Int>()
        var index = 0
        func number(_ text: Substring) -> Int? {
            Int(text.hasPrefix("#") ? text.dropFirst() : text).flatMap { $0 > 0 ? $0 : nil }
        }
        while index < words.count {
            var parsed: [Int] = []
            for piece in words[index].split(separator: ",") {
                let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
                if bounds.count == 1, let id = number(bounds[0]) {
                    parsed.append(id)
                } else if bounds.count == 2, let low = number(bounds[0]), let high = number(bounds[1]) {
                    guard low <= high, high - low < 10_000 else { return nil }
                    parsed += Array(low...high)
                } else {
                    parsed = []
                    break
                }
            }
            if parsed.isEmpty { break }
            for id in parsed where seen.insert(id).inserted { ids.append(id) }
            index += 1
        }
        return (ids, Array(words[index...]))
    }
}
