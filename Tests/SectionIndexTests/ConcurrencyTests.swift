import Collation
import Dispatch
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SectionIndex

/// Issue 8, concurrency: one index, one collator, one fixture shared by many tasks and many
/// threads give exactly the answers one thread gives. Run them under ThreadSanitizer with
/// `swift test --sanitize=thread --filter Concurrency` (see `.ci/robustness`).
@Suite("Concurrency")
struct ConcurrencyTests {
    /// How many tasks or threads share one value: more than the machine's cores, so that the
    /// cooperative pool interleaves them, and at least 8 as issue 8 asks.
    static let width = max(12, ProcessInfo.processInfo.activeProcessorCount * 2)

    struct Contact: Hashable, Sendable {
        var name: String
        var reading: String?
    }

    /// Names from the test corpus (every script of 20 locales), awkward ones and random ones.
    static let contacts: [Contact] = {
        let corpus = Corpus.sample(every: 101).map { Contact(name: $0.name, reading: $0.reading) }
        let awkward = Corpus.awkward.map { Contact(name: $0, reading: nil) }
        let random = zip(RandomNames.names(count: 120, seed: 8), RandomNames.readings(count: 120, seed: 8))
            .map { Contact(name: $0, reading: $1) }
        return corpus + awkward + random
    }()

    /// Han names, so that every task romanises through the shared transliterator pool.
    static let hanContacts: [Contact] = {
        var random = SplitMix64(seed: 88)
        let surnames = Array("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤单欧阳司马诸葛")
        let given = Array("伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华玉兰萍红鹏飞志伟国平文")
        return (0..<300).map { _ in
            let length = Int.random(in: 1...3, using: &random)
            let name = String(surnames.randomElement(using: &random)!) + String((0..<length).map { _ in given.randomElement(using: &random)! })
            return Contact(name: name, reading: nil)
        } + contacts
    }()

    /// Runs `body` on ``width`` threads that start together, and returns what each returned.
    /// Results that threads hand back.
    final class Results<T: Sendable>: Sendable {
        let values = Mutex<[Int: T]>([:])
    }

    static func onThreads<T: Sendable>(_ body: @escaping @Sendable (Int) -> T) -> [T] {
        let count = width
        let results = Results<T>()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for number in 0..<count {
            done.enter()
            let thread = Thread {
                start.wait()
                let result = body(number)
                results.values.withLock { $0[number] = result }
                done.leave()
            }
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        done.wait()
        return results.values.withLock { all in (0..<count).map { all[$0]! } }
    }

    /// Runs `body` in ``width`` child tasks and returns what each returned.
    static func inTasks<T: Sendable>(_ body: @escaping @Sendable (Int) -> T) async -> [T] {
        let count = width
        return await withTaskGroup(of: (Int, T).self) { group in
            for number in 0..<count { group.addTask { (number, body(number)) } }
            var results: [Int: T] = [:]
            for await (number, result) in group { results[number] = result }
            return (0..<count).map { results[$0]! }
        }
    }

    /// What an index answers, to compare thread against thread.
    struct ContactsAnswers: Equatable, Sendable {
        var sections: [Section<Contact>]
        var labels: [String]
        var each: [String]
        var insertion: InsertionPoint
    }

    static func answers(of index: ContactsIndex, for contacts: [Contact], rotation: Int) -> ContactsAnswers {
        // Each thread walks the names from a different start, so that they do not run in step.
        let shift = contacts.isEmpty ? 0 : rotation * 37 % contacts.count
        let rotated = Array(contacts[shift...] + contacts[..<shift])
        var each = [String](repeating: "", count: contacts.count)
        for (offset, contact) in rotated.enumerated() {
            each[(offset + shift) % contacts.count] = index.label(for: contact.name, reading: contact.reading)
        }
        let sections = index.sections(of: contacts, name: \.name, reading: \.reading)
        let newcomer = Contact(name: "欧阳娜娜", reading: nil)
        return ContactsAnswers(sections: sections,
                               labels: index.labels(forNames: contacts.map(\.name), readings: contacts.map(\.reading)),
                               each: each,
                               insertion: index.insertionPoint(for: newcomer, in: sections, name: \.name, reading: \.reading))
    }

    @Test("A ContactsIndex shared by many tasks and threads answers as one thread does", arguments: [
        ("zh", ContactsIndex.NamePolicy.personal), ("zh", .plain), ("zh-Hant", .personal), ("ja", .personal),
        ("en", .personal), ("ko", .personal),
    ])
    func contactsIndex(locale: String, names: ContactsIndex.NamePolicy) async throws {
        let index = try ContactsIndex(locale: locale, options: .init(additionalLocales: locale == "en" ? ["ru", "el"] : [], names: names))
        let contacts = Self.hanContacts
        let expected = Self.answers(of: index, for: contacts, rotation: 0)
        #expect(expected.sections.flatMap(\.items).count == contacts.count)
        for (number, answer) in await Self.inTasks({ Self.answers(of: index, for: contacts, rotation: $0) }).enumerated() {
            #expect(answer == expected, "locale \(locale), task \(number)")
        }
        for (number, answer) in Self.onThreads({ Self.answers(of: index, for: contacts, rotation: $0) }).enumerated() {
            #expect(answer == expected, "locale \(locale), thread \(number)")
        }
    }

    @Test("Han romanisation under contention gives every thread the same pinyin")
    func romanizerPool() throws {
        let romanizer = PinyinRomanizer(personalNames: true)
        let names = Self.hanContacts.prefix(300).map(\.name)
        let expected = names.map { romanizer.key(of: Substring($0)) }
        #expect(expected.allSatisfy { !$0.isEmpty && !$0.unicodeScalars.contains { Script(of: $0) == .han } })
        for (number, answer) in Self.onThreads({ _ in names.map { romanizer.key(of: Substring($0)) } }).enumerated() {
            #expect(answer == expected, "thread \(number)")
        }
    }

    /// What an ICU-style index answers.
    struct AlphabeticAnswers: Equatable, Sendable {
        var sections: [Section<Contact>]
        var buckets: [Int]
        var labels: [String]
    }

    @Test("An AlphabeticIndex shared by many tasks and threads answers as one thread does", arguments: [
        "zh", "zh-u-co-stroke", "sv", "ja", "cs", "ko",
    ])
    func alphabeticIndex(locale: String) async throws {
        let index = try AlphabeticIndex(Configuration(locale: locale, additionalLocales: ["ru", "el"]))
        let contacts = Self.hanContacts
        @Sendable func answers(_ rotation: Int) -> AlphabeticAnswers {
            let shift = rotation * 53 % contacts.count
            var buckets = [Int](repeating: -1, count: contacts.count)
            for offset in contacts.indices {
                let position = (offset + shift) % contacts.count
                buckets[position] = index.bucketIndex(for: contacts[position].name)
            }
            return AlphabeticAnswers(sections: index.sections(of: contacts, name: \.name), buckets: buckets, labels: index.labels)
        }
        let expected = answers(0)
        #expect(expected.sections.flatMap(\.items).count == contacts.count)
        for (number, answer) in await Self.inTasks(answers).enumerated() {
            #expect(answer == expected, "locale \(locale), task \(number)")
        }
        for (number, answer) in Self.onThreads(answers).enumerated() {
            #expect(answer == expected, "locale \(locale), thread \(number)")
        }
    }

    typealias Configuration = AlphabeticIndex.Configuration

    @Test("One collator shared by many threads compares, keys and sorts as one thread does")
    func collator() throws {
        let names = Self.contacts.map(\.name)
        for options in [Collator.Options(), .init(strength: .primary), .init(caseFirst: .upperFirst, ignoresPunctuation: true)] {
            let collator = try Collator(locale: "de-u-co-phonebk", options: options)
            @Sendable func answers(_ rotation: Int) -> [String] {
                let sorted = collator.sorted(names)
                let keys = names.map { collator.sortKey($0).description }
                let orders = zip(names, names.dropFirst(rotation % 7 + 1)).map { "\(collator.compare($0, $1).rawValue)\(collator.comparePrimary($0, $1).rawValue)" }
                return sorted + keys + orders
            }
            // Every thread checks the same pairs so that answers compare one to one.
            let expected = answers(0)
            for (number, answer) in Self.onThreads({ _ in answers(0) }).enumerated() {
                #expect(answer == expected, "options \(options), thread \(number)")
            }
        }
    }

    @Test("Indexes built at the same time by many threads are the same index")
    func buildingConcurrently() throws {
        // Locales that may not be in the process-wide group cache yet: first builds race.
        let locales = ["fi", "pl", "uk", "vi", "hu", "ro", "hr", "lt", "zh-u-co-zhuyin", "bn"]
        let names = Self.contacts
        let results = Self.onThreads { number in
            locales.map { locale -> [Section<Contact>] in
                let index = try! ContactsIndex(locale: locale, options: .init(additionalLocales: number % 2 == 0 ? ["ta"] : []))
                return index.sections(of: names, name: \.name, reading: \.reading)
            }
        }
        // Built again on this thread, now that every group is cached.
        let references = [["ta"], []].map { also in
            locales.map { try! ContactsIndex(locale: $0, options: .init(additionalLocales: also)).sections(of: names, name: \.name, reading: \.reading) }
        }
        for (number, result) in results.enumerated() {
            #expect(result == references[number % 2], "thread \(number)")
        }
        #expect(results[0].allSatisfy { $0.flatMap(\.items).count == names.count })
    }

    @Test("Fixture files checked by many threads at once report what one thread reports")
    func fixtures() throws {
        let texts = try ["sv", "ja", "zh", "zh-surnames", "zh-Hant", "awkward", "mixed-ja", "ko", "cs"].map { name in
            (name, try String(contentsOf: FixtureFilesTests.directory.appendingPathComponent(name + ".fixture"), encoding: .utf8))
        }
        let fixtures = texts.map { Fixture(text: $1, path: $0) }
        @Sendable func reports(_ rotation: Int) -> [String] {
            (0..<fixtures.count).map { offset in
                let fixture = fixtures[(offset + rotation) % fixtures.count]
                let report = fixture.check()
                return "\(fixture.path): \(report.passed) passed, \(report.failures)"
            }.sorted()
        }
        let expected = reports(0)
        #expect(!expected.contains { $0.contains(": 0 passed") })
        for (number, answer) in Self.onThreads(reports).enumerated() {
            #expect(answer == expected, "thread \(number)")
        }
    }
}
