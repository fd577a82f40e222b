// ScratchList: a list of plain values in memory someone else owns (a LineScratch), with a
// capacity fixed up front. The scan's amounts and patterns and a draft's note words are such
// lists: each is bounded by the line's token count, and an Array of them would allocate (and on
// Linux look up its generic metadata) on every parse.

struct ScratchList<Element>: RandomAccessCollection, MutableCollection {
    private let base: UnsafeMutablePointer<Element>
    private let capacity: Int
    private(set) var count = 0

    /// `base` has room for `capacity` elements and outlives the list; Element must be a plain value.
    init(_ base: UnsafeMutablePointer<Element>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "ScratchList index out of range")
            return base[i]
        }
        nonmutating set {
            precondition(i >= 0 && i < count, "ScratchList index out of range")
            base[i] = newValue
        }
    }

    mutating func append(_ element: Element) {
        precondition(count < capacity, "ScratchList is full")
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeAll() { count = 0 }

    /// Keeps the first `n` elements (plain values: nothing to deinitialize).
    mutating func keepFirst(_ n: Int) {
        precondition(n >= 0 && n <= count, "ScratchList index out of range")
        count = n
    }

    mutating func remove(at i: Int) {
        precondition(i >= 0 && i < count, "ScratchList index out of range")
        for k in i..<(count - 1) { base[k] = base[k + 1] }
        count -= 1
    }
}
