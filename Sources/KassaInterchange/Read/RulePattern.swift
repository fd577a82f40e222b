// RulePattern: the `if PATTERN` of an import rules file, matched in time linear in the text.
// A backtracking regex engine takes exponential time on `(a+)+$` against a row of letters; this
// one compiles the pattern to a small automaton (Thompson's construction) and runs every thread
// in lock step (a Pike machine without captures), so a row costs at most its length times the
// pattern's size. The pattern's size is bounded (`maximumStates`), so is the work; and since a
// row is matched against every pattern of a rules file, so is the sum of a file's patterns
// (`maximumTotalStates`, checked by the readers as they add each one).
//
// The syntax is the common core of regular expressions: literals, `.`, classes `[a-z]` `[^0-9]`,
// `\d \w \s` (and `\D \W \S`), `^` `$`, groups `( )` `(?: )`, alternation `|`, and the
// quantifiers `* + ? {n} {n,} {n,m}` (a trailing `?` for laziness is accepted: only whether the
// pattern matches counts). Matching ignores letter case. Anything else is not read (`compile`
// gives nil), and the rules file says which line.

public struct RulePattern: Sendable {
    /// Past this many automaton states a pattern is refused (`x{1000}{1000}` would be a million).
    public static let maximumStates = 10_000
    /// Past this many states in all, a rules file's patterns are refused at the line that goes
    /// past it: a file is never more work a row than its largest allowed pattern alone.
    public static let maximumTotalStates = 10_000

    /// The automaton's states: what one character of a row may cost at most.
    public var size: Int { program.count }

    enum Item: Sendable {
        case scalar(Unicode.Scalar)
        case range(Unicode.Scalar, Unicode.Scalar)
        case digit(Bool), word(Bool), space(Bool)
    }

    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case set([Item], negated: Bool)
        case digit(Bool), word(Bool), space(Bool)
        case split(Int, Int)
        case jump(Int)
        case lineStart, lineEnd
        case match
    }

    indirect enum Node {
        case empty
        case atom(Instruction)
        case sequence([Node])
        case alternatives([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    let program: [Instruction]

    /// The pattern compiled, or nil when it uses syntax outside the core or is too large.
    public static func compile(_ source: String) -> RulePattern? {
        var parser = Parser(scalars: Array(source.unicodeScalars))
        guard let node = parser.alternatives(), parser.index == parser.scalars.count else { return nil }
        var program: [Instruction] = []
        guard emit(node, into: &program) else { return nil }
        program.append(.match)
        guard program.count <= maximumStates else { return nil }
        return RulePattern(program: program)
    }

    // MARK: - Matching

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var current = ThreadList(count: program.count)
        var next = ThreadList(count: program.count)
        var stack: [Int] = []
        for position in 0...scalars.count {
            // A new thread starts at every position (the search is unanchored).
            if add(0, at: position, of: scalars.count, to: &current, stack: &stack) { return true }
            if current.items.isEmpty { continue }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            let lower = RulePattern.lowered(scalar)
            next.clear()
            for state in current.items {
                if step(program[state], lower: lower, scalar: scalar),
                   add(state + 1, at: position + 1, of: scalars.count, to: &next, stack: &stack) {
                    return true
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Follows jumps, splits and assertions from `state` at `position`; true when a match is reached.
    private func add(_ state: Int, at position: Int, of count: Int, to list: inout ThreadList, stack: inout [Int]) -> Bool {
        stack.removeAll(keepingCapacity: true)
        stack.append(state)
        while let state = stack.popLast() {
            guard list.insert(state) else { continue }
            switch program[state] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .lineStart: if position == 0 { stack.append(state + 1) }
            case .lineEnd: if position == count { stack.append(state + 1) }
            default: break
            }
        }
        return false
    }

    private func step(_ instruction: Instruction, lower: Unicode.Scalar, scalar: Unicode.Scalar) -> Bool {
        switch instruction {
        case .scalar(let expected): return expected == lower
        case .any: return true
        case .set(let items, let negated): return items.contains { RulePattern.matches($0, lower: lower, scalar: scalar) } != negated
        case .digit(let yes): return RulePattern.isDigit(scalar) == yes
        case .word(let yes): return RulePattern.isWord(scalar) == yes
        case .space(let yes): return scalar.properties.isWhitespace == yes
        default: return false
        }
    }

    static func matches(_ item: Item, lower: Unicode.Scalar, scalar: Unicode.Scalar) -> Bool {
        switch item {
        case .scalar(let expected): return expected == lower
        case .range(let from, let to):
            let upper = scalar.properties.uppercaseMapping.unicodeScalars.first ?? scalar
            return (from...to).contains(lower) || (from...to).contains(upper) || (from...to).contains(scalar)
        case .digit(let yes): return isDigit(scalar) == yes
        case .word(let yes): return isWord(scalar) == yes
        case .space(let yes): return scalar.properties.isWhitespace == yes
        }
    }

    static func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType == .decimal }
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
    }

    /// The states active at one position, each once (a sparse set: clearing is O(1)).
    struct ThreadList {
        var items: [Int] = []
        var seen: [Int]
        var generation = 1

        init(count: Int) { seen = Array(repeating: 0, count: count) }

        mutating func insert(_ state: Int) -> Bool {
            guard seen[state] != generation else { return false }
            seen[state] = generation
            items.append(state)
            return true
        }

        mutating func clear() {
            items.removeAll(keepingCapacity: true)
            generation += 1
        }
    }

    // MARK: - Compiling

    /// Appends `node`'s instructions; false when the program grows past the limit.
    private static func emit(_ node: Node, into program: inout [Instruction]) -> Bool {
        guard program.count <= maximumStates else { return false }
        switch node {
        case .empty: return true
        case .atom(let instruction):
            program.append(instruction)
            return true
        case .sequence(let nodes):
            return nodes.allSatisfy { emit($0, into: &program) }
        case .alternatives(let nodes):
            // split L1, next; L1: first; jump end; next: split L2, … ; last
            var jumps: [Int] = []
            for (index, node) in nodes.enumerated() {
                if index == nodes.count - 1 {
                    guard emit(node, into: &program) else { return false }
                } else {
                    let split = program.count
                    program.append(.split(split + 1, 0))
                    guard emit(node, into: &program) else { return false }
                    jumps.append(program.count)
                    program.append(.jump(0))
                    program[split] = .split(split + 1, program.count)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
            return true
        case .repeated(let inner, let min, let max):
            for _ in 0..<min {
                guard emit(inner, into: &program) else { return false }
            }
            if let max {
                // Each optional copy: split into it or past all of them.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, 0))
                    guard emit(inner, into: &program) else { return false }
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                // L: split body, end; body; jump L
                let split = program.count
                program.append(.split(split + 1, 0))
                guard emit(inner, into: &program) else { return false }
                program.append(.jump(split))
                program[split] = .split(split + 1, program.count)
            }
            return true
        }
    }

    /// Recursive descent over the pattern's scalars.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var depth = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func alternatives() -> Node? {
            var options: [Node] = []
            guard let first = sequence() else { return nil }
            options.append(first)
            while peek == "|" {
                index += 1
                guard let next = sequence() else { return nil }
                options.append(next)
            }
            return options.count == 1 ? options[0] : .alternatives(options)
        }

        mutating func sequence() -> Node? {
            var items: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard var atom = atom() else { return nil }
                if let quantifier = quantifier() {
                    guard quantifier.max.map({ $0 >= quantifier.min }) ?? true, quantifier.min <= 1000,
                          (quantifier.max ?? 0) <= 1000 else { return nil }
                    atom = .repeated(atom, min: quantifier.min, max: quantifier.max)
                    if peek == "?" { index += 1 }  // lazy: the same set of matches
                    // A possessive `a++` (or a quantifier on a quantifier) means something else: not read.
                    if let next = peek, next == "*" || next == "+" || next == "?" || next == "{" { return nil }
                }
                items.append(atom)
            }
            return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
        }

        mutating func quantifier() -> (min: Int, max: Int?)? {
            switch peek {
            case "*": index += 1; return (0, nil)
            case "+": index += 1; return (1, nil)
            case "?": index += 1; return (0, 1)
            case "{":
                let start = index
                index += 1
                guard let low = number() else { index = start; return nil }
                var high: Int? = low
                if peek == "," {
                    index += 1
                    high = peek == "}" ? nil : number()
                    if high == nil && peek != "}" { index = start; return nil }
                }
                guard peek == "}" else { index = start; return nil }
                index += 1
                return (low, high)
            default: return nil
            }
        }

        mutating func number() -> Int? {
            var value = 0, digits = 0
            while let scalar = peek, let digit = Int(String(scalar)), scalar.isASCII, digits < 6 {
                value = value * 10 + digit
                digits += 1
                index += 1
            }
            return digits > 0 ? value : nil
        }

        mutating func atom() -> Node? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "(":
                if peek == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                    index += 2
                }
                depth += 1
                guard depth <= 100, let inner = alternatives(), peek == ")" else { return nil }
                depth -= 1
                index += 1
                return inner
            case ".": return .atom(.any)
            case "^": return .atom(.lineStart)
            case "$": return .atom(.lineEnd)
            case "[": return characterClass()
            case "\\":
                guard let item = escape(inClass: false) else { return nil }
                switch item {
                case .scalar(let literal): return .atom(.scalar(RulePattern.lowered(literal)))
                case .digit(let yes): return .atom(.digit(yes))
                case .word(let yes): return .atom(.word(yes))
                case .space(let yes): return .atom(.space(yes))
                case .range: return nil
                }
            case "*", "+", "?", "{", ")": return scalar == "{" ? .atom(.scalar("{")) : nil
            default: return .atom(.scalar(RulePattern.lowered(scalar)))
            }
        }

        /// After a backslash: a class escape, a control escape or an escaped punctuation mark.
        mutating func escape(inClass: Bool) -> Item? {
            guard let scalar = peek else { return nil }
            index += 1
            switch scalar {
            case "d": return .digit(true)
            case "D": return .digit(false)
            case "w": return .word(true)
            case "W": return .word(false)
            case "s": return .space(true)
            case "S": return .space(false)
            case "t": return .scalar("\t")
            case "n": return .scalar("\n")
            case "r": return .scalar("\r")
            default:
                // Only punctuation may be escaped: `\b`, `\p{…}` and the like are not read.
                guard scalar.isASCII, !scalar.properties.isAlphabetic, !(scalar >= "0" && scalar <= "9") else {
                    return scalar.isASCII ? nil : .scalar(scalar)
                }
                return .scalar(scalar)
            }
        }

        mutating func characterClass() -> Node? {
            var negated = false
            if peek == "^" { negated = true; index += 1 }
            var items: [Item] = []
            var first = true
            while let scalar = peek, scalar != "]" || first {
                first = false
                index += 1
                var item: Item
                if scalar == "\\" {
                    guard let escaped = escape(inClass: true) else { return nil }
                    item = escaped
                } else {
                    item = .scalar(scalar)
                }
                if case .scalar(let low) = item, peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    var high = scalars[index]
                    index += 1
                    if high == "\\" {
                        guard case .scalar(let escaped)? = escape(inClass: true) else { return nil }
                        high = escaped
                    }
                    guard low <= high else { return nil }
                    item = .range(low, high)
                }
                if case .scalar(let literal) = item { item = .scalar(RulePattern.lowered(literal)) }
                items.append(item)
            }
            guard peek == "]" else { return nil }
            index += 1
            return .atom(.set(items, negated: negated))
        }
    }
}
