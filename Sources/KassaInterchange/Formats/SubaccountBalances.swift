// SubaccountBalances: the running balance, per currency, of each account a balance check names
// together with its subaccounts ("Assets:Bank" holds "Assets:Bank:Checking"), kept as postings
// come in date order (JournalBook), so a `balance` directive, a `pad` or an inclusive assertion
// costs one lookup instead of a pass over every account — checks over many accounts stay linear.
//
// The watched names are put in a tree of their `:`-separated parts. A posting's account is walked
// down that tree once per distinct name (its parts hashed once each), and the watched accounts on
// its way are remembered; each posting then adds its amount to those, at most one per part of
// its name. `steps` counts that work (tree nodes walked and balances moved) for the tests.

import KassaCore

struct SubaccountBalances {
    private struct Edge: Hashable {
        var parent: Int
        var part: Substring
    }

    /// Tree node by (parent node, part); node 0 is the root.
    private var children: [Edge: Int] = [:]
    private var nodeCount = 1
    /// A watched account's name → its node.
    private var watchedNode: [String: Int] = [:]
    private var isWatched: [Bool] = [false]
    /// A posting account's name → the watched nodes it counts in (itself and its ancestors).
    private var paths: [String: [Int]] = [:]
    /// Balance per watched node, per currency.
    private var totals: [Int: [Currency: Int64]] = [:]
    /// Tree nodes walked and balances moved so far.
    private(set) var steps = 0

    /// Watches `name`: its balance with every subaccount's is kept from now on.
    mutating func watch(_ name: String) {
        guard watchedNode[name] == nil else { return }
        var node = 0
        for part in name.split(separator: ":", omittingEmptySubsequences: false) {
            steps += 1
            let edge = Edge(parent: node, part: part)
            if let next = children[edge] {
                node = next
            } else {
                children[edge] = nodeCount
                node = nodeCount
                nodeCount += 1
                isWatched.append(false)
            }
        }
        isWatched[node] = true
        watchedNode[name] = node
    }

    /// Adds `minor` to every watched balance `account` counts in.
    mutating func add(_ account: String, _ currency: Currency, _ minor: Int64) {
        let nodes = path(account)
        for node in nodes {
            steps += 1
            totals[node, default: [:]][currency, default: 0] &+= minor
        }
    }

    /// The balance of a watched account with its subaccounts (empty for one not watched).
    func balance(_ account: String) -> [Currency: Int64] {
        guard let node = watchedNode[account] else { return [:] }
        return totals[node] ?? [:]
    }

    /// The watched nodes on `account`'s way down the tree, found once per name.
    private mutating func path(_ account: String) -> [Int] {
        if let known = paths[account] { return known }
        var found: [Int] = []
        var node = 0
        for part in account.split(separator: ":", omittingEmptySubsequences: false) {
            steps += 1
            guard let next = children[Edge(parent: node, part: part)] else { break }
            node = next
            if isWatched[node] { found.append(node) }
        }
        paths[account] = found
        return found
    }
}
