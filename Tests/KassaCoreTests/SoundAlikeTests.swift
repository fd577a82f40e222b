// SoundAlike: misheard account names within a bounded number of edits, and nothing shorter than
// five letters or farther off.
import Testing
@testable import KassaCore
import KassaTestSupport

@Suite struct SoundAlikeTests {
    func heard(_ word: String, _ name: String) -> Bool {
        guard let a = SoundAlike.fold(Array(word.lowercased().utf8)), let b = SoundAlike.fold(Array(name.utf8)) else { return false }
        return SoundAlike.within(a, b, SoundAlike.allowedEdits(a.count))
    }

    @Test func engineMishearingsAreHeardAsTheName() {
        #expect(heard("Caspi", "kaspi"))
        #expect(heard("Halic", "halyk"))
        #expect(heard("Jusson", "jusan"))
        #expect(heard("khalyk", "halyk"))
        #expect(heard("kapsi", "kaspi"))  // a swap of neighbours is one edit
    }

    @Test func otherWordsAreNot() {
        #expect(!heard("Kasper", "kaspi"))
        #expect(!heard("cash", "cash"))  // below five letters: never a guess
        #expect(!heard("airport", "halyk"))
        #expect(!heard("kaspi2", "kaspi"))  // not letters alone
        #expect(!heard("Caspita", "kaspi"))
    }

    /// Names fold Russian unstressed vowels (о → а, е/ё → и) as engines write them; keywords do
    /// not, so ordinary words do not become typos of one another.
    @Test func russianVowelsSoundAlikeInNamesOnly() {
        #expect(SoundAlike.fold(Array("холико".utf8), names: true) == SoundAlike.fold(Array("халыка".utf8), names: true))
        #expect(SoundAlike.fold(Array("халека".utf8), names: true) == SoundAlike.fold(Array("халыка".utf8), names: true))
        #expect(SoundAlike.fold(Array("холико".utf8)) != SoundAlike.fold(Array("халыка".utf8)))
    }

    /// Two accounts one edit away are told apart by the first sound («с халека»: halyk, not the
    /// cash word «налика»); two with the same first sound are no guess.
    @Test func theFirstSoundDecidesBetweenTwoNames() {
        let parser = GrammarFixtures.parser
        let context = ParseContext(today: CivilDate(year: 2026, month: 11, day: 26)!)
        #expect(parser.parse("такси 2000 с халека", context: context).drafts.first?.account == "halyk")
        #expect(parser.parse("такси 2000 с холико", context: context).drafts.first?.account == "halyk")
        #expect(parser.parse("такси 2000 с кошелька", context: context).drafts.first?.flags.contains(.accountGuessed) != true)
    }

    @Test func foldingIsPhonetic() {
        #expect(SoundAlike.fold(Array("phillip".utf8)) == SoundAlike.fold(Array("filip".utf8)))
        #expect(SoundAlike.fold(Array("qwyc".utf8)) == nil)  // four letters
        #expect(SoundAlike.fold(Array(String(repeating: "ab", count: 40).utf8)) == nil)  // too long to be a name
    }

    @Test func theParserGuessesOnlyAfterAPrepositionAndFlagsIt() {
        let parser = Parser(grammar: GrammarFixtures.grammar().0)
        let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!,
                                   accounts: [Account(name: "jusan", aliases: ["жусан"])])
        let caspi = parser.parse("taxi 2000 from Caspi", context: context).drafts.first
        #expect(caspi?.account == "kaspi" && caspi?.has(.accountGuessed) == true)
        let jusan = parser.parse("groceries 5000 with my Jusson card", context: context).drafts.first
        #expect(jusan?.account == "jusan" && jusan?.has(.accountGuessed) == true)
        // A name alone may be a shop; a guess never beats an account said exactly.
        #expect(parser.parse("caspi 2000", context: context).drafts.first?.has(.accountGuessed) == false)
        let exact = parser.parse("lunch 3000 from Halic, no, from kaspi", context: context).drafts.first
        #expect(exact?.account == "kaspi" && exact?.has(.accountGuessed) == false)
        #expect(parser.parse("taxi 1500 from the airport", context: context).drafts.first?.account == "cash")
    }
}

@Suite struct TypoIndexTests {
    let parser = Parser(grammar: GrammarFixtures.grammar().0)
    let context = ParseContext(today: CivilDate(year: 2026, month: 3, day: 10)!)

    @Test func aTypoOfOneKeywordIsItsCategoryAsAGuess() {
        let draft = parser.parse("resturant 5000", context: context).drafts.first
        #expect(draft?.category == "food/restaurants" && draft?.has(.categoryGuessed) == true)
        let why = parser.parse("resturant 5000", context: context).explanations.first?.first { $0.field == "category" }
        #expect(why?.rule == "typo")
    }

    @Test func exactKeywordsShortWordsAndLongWordsAreNoTypos() {
        // An exact keyword anywhere in the note wins; a four-letter word is never guessed.
        #expect(parser.parse("taxi 2000 resturant", context: context).drafts.first?.category == "transport/taxi")
        #expect(parser.parse("cofe 1500", context: context).drafts.first?.category == nil)
        // A 10 KB word is refused by its length, not compared letter by letter with each keyword.
        let long = String(repeating: "restaurant", count: 1_000) + " 500"
        #expect(parser.parse(long, context: context).drafts.first?.category == nil)
    }
}
