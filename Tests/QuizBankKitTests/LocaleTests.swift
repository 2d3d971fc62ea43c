import Foundation
import TestSupport
import QuizBankKit
import Testing

@Suite struct LocaleTests {
    @Test(arguments: [
        (["pt-BR", "en"], ["en-US"], "pt-BR", "en"),
        (["pt-BR", "en"], ["pt-PT", "en"], "pt-BR", "pt-BR"),
        (["pt-BR", "en"], ["fr", "en"], "pt-BR", "en"),
        (["pt-BR", "en"], ["fr", "de"], "pt-BR", "pt-BR"),
        (["pt-BR", "en"], [], "pt-BR", "pt-BR"),
        (["pt-BR", "en"], ["EN_gb"], "pt-BR", "en"),
        (["pt-BR", "en"], ["pt_br"], "en", "pt-BR"),
        (["en-GB", "en-US"], ["en"], "en-GB", "en-GB"),
        (["en-GB", "en-US"], ["en-US"], "en-GB", "en-US"),
        (["en-GB", "en-US"], ["en-AU"], "en-US", "en-GB"),
        (["zh-Hans", "zh-Hant"], ["zh-Hant-TW"], "zh-Hans", "zh-Hant"),
        (["en", "zh-Hans"], ["zh-Hant"], "en", "en"),
        (["en", "zh-Hans"], ["zh-CN"], "en", "zh-Hans"),
        (["en", "es"], ["es-419", "en"], "en", "es"),
    ])
    func thePreferredLanguagesPickTheLocale(available: [String], preferences: [String], fallback: String, expected: String) {
        #expect(LocaleMatcher.bestLocale(among: available, preferences: preferences, fallback: fallback) == expected)
    }

    @Test func aBanksDocumentsLoadFromItsFolderAndTheBestIsChosen() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.writeCompiled(Repository.banks(in: Repository.root.appendingPathComponent("Banks")))
        let astronomy = try LocalizedBank.load(bankID: "astronomy", in: scratch.url)
        #expect(astronomy.locales == ["pt-BR", "en"])
        #expect(astronomy.document(for: ["en-AU", "pt-BR"]).locale == "en")
        #expect(astronomy.document(for: ["en-AU", "pt-BR"]).title == "Astronomy — true or false")
        #expect(astronomy.document(for: ["pt-PT"]).locale == "pt-BR")
        #expect(astronomy.document(for: ["de", "fr"]).locale == "pt-BR")
        #expect(astronomy.urls["en"]?.lastPathComponent == "astronomy.en.json")
        let driving = try LocalizedBank.load(bankID: "driving-test", in: scratch.url)
        #expect(driving.document(for: ["pt-BR"]).locale == "en")

        // A folder with only a translation (compiled with --locale en) falls back to it.
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("astronomy.pt-BR.json"))
        let english = try LocalizedBank.load(bankID: "astronomy", in: scratch.url)
        #expect(english.document(for: ["pt-BR"]).locale == "en")

        #expect(throws: LoadError.self) { try LocalizedBank.load(bankID: "no-such-bank", in: scratch.url) }
    }

    @Test func documentsOfTwoBanksAreNotOneSet() throws {
        let (astronomy, _) = try Repository.exampleDocument("Banks/astronomy/astronomy.yaml", "astronomy.en.json")
        let (driving, _) = try Repository.exampleDocument("Banks/driving/driving.yaml", "driving-test.en.json")
        #expect(throws: LoadError.self) { try LocalizedBank(documents: [astronomy, driving]) }
        #expect(throws: LoadError.self) { try LocalizedBank(documents: [astronomy, astronomy]) }
    }
}
