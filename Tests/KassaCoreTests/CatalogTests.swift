// Tests for Catalog and PluralCategory: file format, placeholders, CLDR plural forms.
import Synchronization
import Testing
@testable import KassaCore

@Suite struct CatalogTests {
    @Test func readsEntriesCommentsAndEscapes() {
        var catalog = Catalog(language: .en)
        let problems = catalog.load("# comment\nhello = Hello, {name}!\nmulti = a\\nb\nbroken line\n", file: "t")
        #expect(problems.map(\.line) == [4])
        #expect(catalog.text("hello", ["name": "Ann"]) == "Hello, Ann!")
        #expect(catalog.text("multi") == "a\nb")
        #expect(catalog.text("missing") == "⟦missing⟧")
    }

    @Test func aDeferredCatalogReadsItsFilesOnFirstLookupAndLaterFilesGoOver() {
        let files = [(contents: "k = one\nm = {n} left", file: "a"), (contents: "k = two", file: "b")]
        var catalog = Catalog(language: .en, readingLater: files)
        let copy = catalog
        #expect(catalog.text("k") == "two" && copy.text("m", ["n": "3"]) == "3 left")
        catalog.load("m = none", file: "c")
        #expect(catalog.text("m") == "none" && catalog.text("k") == "two")
        #expect(copy.text("m", ["n": "3"]) == "3 left", "a copy keeps what it had")
    }

    @Test func deferredValuesAreMadeOnceWhoeverAsksFirst() async {
        let made = Mutex(0)
        let deferred = Deferred<[Int]> {
            made.withLock { $0 += 1 }
            return Array(0..<1000)
        }
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { deferred.value.count } }
            for await count in group { #expect(count == 1000) }
        }
        #expect(made.withLock { $0 } == 1)
    }

    @Test func laterFilesOverride() {
        var catalog = Catalog(language: .en)
        catalog.load("k = one", file: "a")
        catalog.load("k = two", file: "b")
        #expect(catalog.text("k") == "two")
    }

    @Test(arguments: [(1, PluralCategory.one), (2, .few), (4, .few), (5, .many), (11, .many), (12, .many),
                      (21, .one), (22, .few), (25, .many), (111, .many), (101, .one), (0, .many)])
    func russianPlurals(count: Int, expected: PluralCategory) {
        #expect(PluralCategory(count: count, language: .ru) == expected)
    }

    @Test func englishPlurals() {
        #expect(PluralCategory(count: 1, language: .en) == .one)
        #expect(PluralCategory(count: 0, language: .en) == .other)
        #expect(PluralCategory(count: 2, language: .en) == .other)
    }

    @Test func pluralTextPicksTheForm() {
        var catalog = Catalog(language: .ru)
        catalog.load("n[one] = {count} запись\nn[few] = {count} записи\nn[many] = {count} записей", file: "t")
        #expect(catalog.text("n", count: 1) == "1 запись")
        #expect(catalog.text("n", count: 2) == "2 записи")
        #expect(catalog.text("n", count: 5) == "5 записей")
    }

    @Test func placeholdersAreFound() {
        #expect(Catalog.placeholders(in: "{a} and {b}, {a}") == ["a", "b"])
    }
}
