import Foundation
import Testing
import TestSupport
@testable import Collation
@testable import SectionIndex

/// The engine against ICU's own `icu::AlphabeticIndex` (called through the shim): identical
/// labels and label kinds, and the identical bucket for every name of a corpus sample and of
/// the awkward inputs, for every locale ICU lists as available.
@Suite("ICU parity")
struct ICUParityTests {
    /// Every locale ICU has, plus the Chinese collation variants and some keyword variants.
    static let locales: [String] = ICU.availableLocaleIDs + TestLocales.collationVariants

    /// Primary plus additional label locales, as apps combine them (Android adds en, ja, ko, …).
    static let combinations: [(String, [String])] = [
        ("ja", ["en"]), ("ru", ["en"]), ("ko", ["en"]), ("el", ["en"]), ("zh", ["en"]),
        ("zh_Hant", ["en"]), ("he", ["en"]), ("ar", ["en"]), ("th", ["en"]), ("hi", ["en"]),
        ("en", ["ja", "ko", "th", "ar", "he", "el", "uk", "sr"]), ("sv", ["ru", "el"]),
        ("cs", ["ru"]), ("uk", ["en", "ru"]), ("en", ["zh"]), ("de", ["sv", "da"]), ("ja", ["ko", "zh"]),
    ]

    static let sample: [String] = Corpus.sample(every: 97).map(\.name) + Corpus.awkward

    @Test("The test corpus is in the repository")
    func corpusPresent() {
        #expect(Corpus.rows != nil, "missing \(Corpus.url.path)")
        #expect(Self.sample.count > 200)
        // Tests/Corpus/README.md: every origin of the corpus it was cut from is kept.
        #expect(Set(Corpus.sample(every: 97).map(\.origin)).count == 21, "a sample with every origin")
    }

    @Test("Labels and buckets equal ICU's for every available locale")
    func everyLocale() throws {
        var mismatches: [String] = []
        for locale in Self.locales {
            mismatches += try compare(locale: locale, additional: [], names: Self.sample)
        }
        #expect(mismatches.count == 0, "\(mismatches.count) mismatches:\n\(mismatches.prefix(40).joined(separator: "\n"))")
        #expect(Self.locales.count > 500)
    }

    @Test("Labels and buckets equal ICU's for primary plus additional locales",
          arguments: Self.combinations.map { [$0.0] + $0.1 })
    func combination(locales: [String]) throws {
        let mismatches = try compare(locale: locales[0], additional: Array(locales.dropFirst()),
                                     names: Corpus.sample(every: 21).map(\.name) + Corpus.awkward)
        #expect(mismatches.count == 0, "\(mismatches.count) mismatches:\n\(mismatches.prefix(40).joined(separator: "\n"))")
    }

    @Test("Special labels and the maximum label count behave as ICU's", arguments: [
        ("sv", 10), ("ja", 3), ("zh", 5), ("zh_Hant", 12), ("en", 1), ("hu", 20), ("ko", 99),
    ])
    func settings(locale: String, maximum: Int) throws {
        let configuration = AlphabeticIndex.Configuration(
            locale: locale, additionalLocales: ["ru"], underflowLabel: "<", inflowLabel: "~",
            overflowLabel: ">", maximumLabelCount: maximum)
        let ours = try AlphabeticIndex(configuration)
        let icu = try ICU.ReferenceIndex(localeID: ours.collator.locale.icuID, additionalLocaleIDs: ["ru"],
                                         maxLabelCount: maximum, underflow: "<", inflow: "~", overflow: ">")
        #expect(ours.labels == icu.buckets.map(\.label), "locale \(locale) max \(maximum)")
        for name in Self.sample {
            let expected = try icu.bucketIndex(of: name)
            #expect(ours.bucketIndex(for: name) == expected, "locale \(locale): \(name)")
        }
    }

    @Test("Labels added as a set (--labels) behave as ICU's addLabels(UnicodeSet)", arguments: [
        // A German phone book's Sch and St; a Spanish CH; Cyrillic letters in an English index;
        // letters of other languages, and labels already there.
        ("de", ["A", "B", "C", "Sch", "St"]), ("es", ["CH", "LL"]), ("en", ["Ж", "Ш", "Щ"]),
        ("en", ["Ł", "Þ", "Ø", "Æ"]), ("sv", ["Å", "W", "Sch"]), ("ja", ["A", "Z"]), ("zh", ["Sch"]),
        ("cs", ["CH", "Ch"]), ("ta", ["ஜ", "ஷ", "ஸ", "ஹ", "க்ஷ"]),
    ])
    func addedLabels(locale: String, labels: [String]) throws {
        let added = AlphabeticIndex.Configuration.customLabels(labels)
        let ours = try AlphabeticIndex(.init(locale: locale, additionalLabels: added))
        let icu = try ICU.ReferenceIndex(localeID: ours.collator.locale.icuID, additionalLabels: added)
        #expect(ours.labels == icu.buckets.map(\.label), "locale \(locale) + \(labels)")
        for name in Self.sample + ["Schulz", "Stein", "Seidel", "Chávez", "Llorente", "Łukasz", "Þóra", "Жанна", "ஜெயா"] {
            let expected = try icu.bucketIndex(of: name)
            #expect(ours.bucketIndex(for: name) == expected, "locale \(locale) + \(labels): \(name)")
        }
    }

    @Test("Records come out in ICU's order: by bucket, then stably by the full collator",
          arguments: ["en", "sv", "ja", "zh", "zh_Hant", "ko", "ru", "ar", "th", "de@collation=phonebook", "cs", "hi"])
    func recordOrder(locale: String) throws {
        let names = Corpus.sample(every: 10).map(\.name) + Corpus.awkward + Corpus.awkward
        let ours = try AlphabeticIndex(locale: locale)
        let icu = try ICU.ReferenceIndex(localeID: ours.collator.locale.icuID)
        let expected = try icu.group(names)
        let got = ours.placements(names)
        #expect(got.count == names.count)
        let firstDifference = expected.indices.first { i in
            i >= got.count || expected[i].position != got[i].position || expected[i].bucket != got[i].section
        }
        #expect(firstDifference == nil, "locale \(locale): first difference at \(firstDifference ?? -1): \(firstDifference.map { "expected \(names[expected[$0].position]) in \(expected[$0].bucket), got \(names[got[$0].position]) in \(got[$0].section)" } ?? "")")
    }

    /// Mismatches between the engine and ICU for one index, each naming locale, name,
    /// expected and got.
    private func compare(locale: String, additional: [String], names: [String]) throws -> [String] {
        let icu: ICU.ReferenceIndex
        do {
            icu = try ICU.ReferenceIndex(localeID: locale, additionalLocaleIDs: additional)
        } catch {
            return ["\(locale): ICU could not build its index: \(error)"]
        }
        let ours: AlphabeticIndex
        do {
            ours = try AlphabeticIndex(locale: locale, additionalLocales: additional)
        } catch {
            return ["\(locale): engine failed: \(error)"]
        }
        let expectedBuckets = icu.buckets
        let gotBuckets = ours.buckets.map { ICU.ReferenceIndex.Bucket(kind: ICU.ReferenceIndex.BucketKind(rawValue: Int32($0.kind.rawValue)), label: $0.label) }
        guard expectedBuckets == gotBuckets else {
            return ["\(locale)+\(additional): labels: expected \(expectedBuckets.map(\.label)), got \(gotBuckets.map(\.label))"]
        }
        var mismatches: [String] = []
        for name in names {
            let expected = try icu.bucketIndex(of: name), got = ours.bucketIndex(for: name)
            if expected != got {
                mismatches.append("\(locale)+\(additional): '\(name)' (\(name.unicodeScalars.map { String($0.value, radix: 16) })): expected \(expectedBuckets[expected].label) [\(expected)], got \(gotBuckets[got].label) [\(got)]")
            }
        }
        return mismatches
    }
}
