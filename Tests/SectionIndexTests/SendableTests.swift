import Testing
@testable import Collation
@testable import SectionIndex

/// Issue 14, item 9: every public type is `Sendable`, so a Swift 6 app can build an index,
/// a search list or a pinned section in one place and use it on an actor. Each value below
/// crosses to an actor and back through a `T: Sendable` generic (which does not compile for a
/// type that is not `Sendable`, whatever region analysis would allow), and is used there.
@Suite("Sendable public types")
struct SendableTests {
    struct Contact: Hashable, Sendable {
        var name: String
        var reading: String? = nil
        var isFavourite = false
    }

    /// Work done on an isolation domain of its own.
    actor Worker {
        private(set) var received: [String] = []

        /// Hands a value back across the boundary, noting its type.
        func roundTrip<T: Sendable>(_ value: T) -> T {
            received.append(String(describing: T.self))
            return value
        }

        func group(_ contacts: [Contact], index: ContactsIndex, pinned: PinnedSection<Contact>) -> [Section<Contact>] {
            index.sections(of: contacts, name: \.name, reading: \.reading, pinned: pinned)
        }

        func search(_ list: SearchList<Contact>, for query: String) -> SearchResults<Contact> {
            list.search(query)
        }
    }

    /// Every public type of both modules (generic ones with a `Sendable` element). The list
    /// itself only compiles if each is `Sendable`.
    static let publicTypes: [any Sendable.Type] = [
        Collator.self, Collator.Options.self, Collator.Options.Strength.self, Collator.Options.CaseFirst.self,
        CollationOrder.self, CollationError.self, ICUError.self, LocaleIdentifier.self, SortKey.self,
        ContactsIndex.self, ContactsIndex.Options.self, ContactsIndex.HanPolicy.self, ContactsIndex.NamePolicy.self,
        ContactsIndex.ScriptPolicy.self, PinnedSection<Contact>.self, InsertionPoint.self, Section<Contact>.self,
        SectionKind.self, NameMatcher.self, NameMatcher.Mode.self, SearchList<Contact>.self,
        SearchResults<Contact>.self, SearchMatch<Contact>.self, AlphabeticIndex.self, AlphabeticIndex.BucketKind.self,
        AlphabeticIndex.Bucket.self, AlphabeticIndex.Configuration.self, IndexError.self, IndexSettings.self,
        IndexSettings.Style.self, SettingsError.self, GroupedOrder.self, Fixture.self,
        Fixture.Entry.self, Fixture.Case.self, Fixture.Order.self, Fixture.Problem.self, Fixture.Report.self,
        Fixture.Report.Failure.self,
    ]

    static let contacts = [Contact(name: "Zoe", isFavourite: true), Contact(name: "Östen"), Contact(name: "Anna"),
                           Contact(name: "Adam", isFavourite: true), Contact(name: "田中", reading: "たなか")]

    @Test("A pinned section crosses to an actor, which groups with it as the caller would")
    func pinnedSectionOnAnActor() async throws {
        let index = try ContactsIndex(locale: "sv")
        let favourites = PinnedSection<Contact>(title: "Favourites") { $0.isFavourite }
        let worker = Worker()
        let there = await worker.group(Self.contacts, index: index, pinned: favourites)
        let here = index.sections(of: Self.contacts, name: \.name, reading: \.reading, pinned: favourites)
        #expect(there == here)
        #expect(there.first?.kind == .pinned && there.first?.items.map(\.name) == ["Adam", "Zoe"])
        let returned = await worker.roundTrip(favourites)
        #expect(returned.title == "Favourites" && returned.includes(Contact(name: "X", isFavourite: true)))
    }

    @Test("A value of every public type crosses to an actor and back, and works on either side")
    func everyTypeCrosses() async throws {
        let worker = Worker()
        func roundTrip<T: Sendable & Equatable>(_ value: T) async {
            let back = await worker.roundTrip(value)
            #expect(back == value, "\(T.self)")
        }

        // Collation
        let collator = try await worker.roundTrip(Collator(locale: "sv"))
        #expect(collator.compare("Åsa", "Zoe") == .descending, "Å after Z in Swedish, on this side too")
        await roundTrip(collator.options)
        await roundTrip(Collator.Options.Strength.primary)
        await roundTrip(Collator.Options.CaseFirst.upperFirst)
        await roundTrip(CollationOrder.ascending)
        await roundTrip(CollationError.unsupportedLocale("xx"))
        await roundTrip(ICUError(operation: "opening a collator", input: "xx", code: 1))
        await roundTrip(collator.locale)
        await roundTrip(collator.sortKey("Åsa"))

        // Contacts style, sections, insertion
        let index = try await worker.roundTrip(ContactsIndex(locale: "sv"))
        #expect(index.label(for: "Åsa") == "Å")
        await roundTrip(index.options)
        await roundTrip(ContactsIndex.HanPolicy.pinyin)
        await roundTrip(ContactsIndex.NamePolicy.plain)
        await roundTrip(ContactsIndex.ScriptPolicy.none)
        let sections = index.sections(of: Self.contacts, name: \.name, reading: \.reading)
        await roundTrip(sections)
        await roundTrip(sections[0])
        await roundTrip(SectionKind.overflow)
        let pinned = await worker.roundTrip(PinnedSection<Contact>(title: "Favourites") { $0.isFavourite })
        #expect(index.sections(of: Self.contacts, name: \.name, pinned: pinned).first?.items.count == 2)
        await roundTrip(index.insertionPoint(for: Contact(name: "Åke"), in: sections, name: \.name, reading: \.reading))

        // Search
        let matcher = try await worker.roundTrip(NameMatcher(index: index))
        await roundTrip(NameMatcher.Mode.substring)
        let list = await worker.roundTrip(matcher.prepare(Self.contacts, name: \.name, reading: \.reading))
        let results = await worker.search(list, for: "tana")
        #expect(results.map(\.element.name) == ["田中"], "romaji finds the reading, on the actor")
        await roundTrip(try #require(results.first))
        let backResults = await worker.roundTrip(results)
        #expect(backResults.map(\.label) == ["た"])

        // ICU style, settings, fixtures
        let icu = try await worker.roundTrip(AlphabeticIndex(locale: "sv"))
        #expect(icu.label(for: "Åsa") == "Å")
        await roundTrip(AlphabeticIndex.BucketKind.overflow)
        await roundTrip(icu.buckets[0])
        await roundTrip(icu.configuration)
        await roundTrip(IndexError.invalidMaximumLabelCount(0))
        let settings = await worker.roundTrip(IndexSettings(locale: "sv", style: .icu))
        #expect(settings.style == .icu)
        await roundTrip(IndexSettings.Style.contacts)
        await roundTrip(SettingsError(key: "han", value: "abacus", problem: .notOneOf(["pinyin"])))
        let configured = try await worker.roundTrip(settings.makeIndex())
        let order = await worker.roundTrip(configured.groupedOrder(names: ["Åsa", "Anna"], readings: [nil, nil]))
        #expect(order.entries.map { order.labels[$0.section] } == ["A", "Å"])
        let fixture = await worker.roundTrip(Fixture(text: "locale: sv\nÅsa -> Å\nnonsense\n", path: "sv.fixture"))
        await roundTrip(try #require(fixture.cases.first?.entry))
        await roundTrip(try #require(fixture.cases.first))
        await roundTrip(try #require(fixture.problems.first))
        await roundTrip(Fixture.Order(entries: [], line: 1))
        let report = await worker.roundTrip(fixture.check())
        #expect(report.passed == 1 && report.failed == 1, "the nonsense line fails, Åsa -> Å passes")
        await roundTrip(try #require(report.failures.first))

        let received = Set(await worker.received)
        let missing = Self.publicTypes.map { String(describing: $0) }.filter { !received.contains($0) }
        #expect(missing.isEmpty, "every public type crossed")
    }
}
