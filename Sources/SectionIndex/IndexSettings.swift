import Collation

/// The settings of an index as the command line and fixture files spell them: long option
/// names without dashes (`locale`, `also`, `style`, `han`, `names`, `scripts`, `overflow`,
/// `underflow`, `inflow`, `max-labels`, `strict`), so that a fixture header means exactly
/// what the option means.
///
/// ```swift
/// let settings = try IndexSettings(options: ["locale": "sv", "also": "ru,el"])
/// let index = try settings.makeIndex()
/// index.label(for: "Åsa")   // "Å"
/// ```
public struct IndexSettings: Hashable, Sendable {
    /// Which index the settings build: ``ContactsIndex`` (`contacts`, the default) or
    /// ``AlphabeticIndex`` (`icu`, exactly ICU's).
    ///
    /// ```swift
    /// try IndexSettings(options: ["locale": "sv", "style": "icu"]).style   // .icu
    /// ```
    public enum Style: String, Sendable, Hashable, CaseIterable { case contacts, icu }

    public var style: Style = .contacts
    public var locale: String
    public var also: [String] = []
    public var han: ContactsIndex.HanPolicy?
    public var names: ContactsIndex.NamePolicy = .personal
    public var scripts: ContactsIndex.ScriptPolicy = .auto
    public var overflow: String?
    public var underflow: String?
    public var inflow: String?
    public var maximumLabelCount: Int?
    public var strict = false

    /// Every key ``init(options:)`` accepts.
    public static let keys: Set<String> = [
        "locale", "also", "style", "han", "names", "scripts", "overflow", "underflow", "inflow",
        "max-labels", "strict", "full", "format", "invalid", "mode",
    ]

    public init(locale: String) { self.locale = locale }

    /// Reads settings from option names and values.
    ///
    /// - Throws: ``SettingsError`` naming the key and value that are wrong.
    public init(options: [String: String]) throws(SettingsError) {
        guard let locale = options["locale"] else { throw SettingsError(key: "locale", value: nil, problem: "is required") }
        self.locale = locale
        for key in options.keys where !Self.keys.contains(key) {
            throw SettingsError(key: key, value: options[key], problem: "is not an option of 'section-index group'")
        }
        func choice<T: RawRepresentable>(_ key: String, _ type: T.Type) throws(SettingsError) -> T? where T.RawValue == String {
            guard let value = options[key] else { return nil }
            guard let parsed = T(rawValue: value) else {
                throw SettingsError(key: key, value: value, problem: "is not one of the allowed values")
            }
            return parsed
        }
        style = try choice("style", Style.self) ?? .contacts
        also = options["also"].map { $0.split(separator: ",").map { String($0).trimmingSpaces } } ?? []
        han = try choice("han", ContactsIndex.HanPolicy.self)
        names = try choice("names", ContactsIndex.NamePolicy.self) ?? .personal
        scripts = try choice("scripts", ContactsIndex.ScriptPolicy.self) ?? .auto
        overflow = options["overflow"]
        underflow = options["underflow"]
        inflow = options["inflow"]
        if let count = options["max-labels"] {
            guard let value = Int(count), value > 0 else {
                throw SettingsError(key: "max-labels", value: count, problem: "must be a positive whole number")
            }
            maximumLabelCount = value
        }
        strict = options["strict"].map { $0 != "off" && $0 != "false" } ?? false
        if style == .icu {
            for key in ["han", "names", "scripts"] where options[key] != nil {
                throw SettingsError(key: key, value: options[key], problem: "applies to style contacts, not style icu")
            }
        } else {
            for key in ["underflow", "inflow", "max-labels"] where options[key] != nil {
                throw SettingsError(key: key, value: options[key], problem: "applies to style icu only")
            }
        }
    }

    /// Builds the index these settings describe.
    public func makeIndex() throws(IndexError) -> ConfiguredIndex {
        switch style {
        case .icu:
            if strict {
                do { for requested in [locale] + also { _ = try Collator(locale: requested, strict: true) } } catch { throw .collation(error) }
            }
            let configuration = AlphabeticIndex.Configuration(
                locale: locale, additionalLocales: also, underflowLabel: underflow ?? "…",
                inflowLabel: inflow ?? "…", overflowLabel: overflow ?? "…",
                maximumLabelCount: maximumLabelCount ?? 99)
            return .icu(try AlphabeticIndex(configuration))
        case .contacts:
            let options = ContactsIndex.Options(additionalLocales: also, han: han, names: names,
                                                scripts: scripts, overflowLabel: overflow ?? "#")
            return .contacts(try ContactsIndex(locale: locale, options: options, strict: strict))
        }
    }
}

/// A setting that cannot be used, with its key and value.
///
/// ```swift
/// do {
///     _ = try IndexSettings(options: ["locale": "sv", "han": "abacus"])
/// } catch {
///     print(error)   // 'han: abacus' is not one of the allowed values
/// }
/// ```
public struct SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var value: String?
    public var problem: String
    public var description: String {
        value.map { "'\(key): \($0)' \(problem)" } ?? "'\(key)' \(problem)"
    }
}

/// An index of either style, as the command line and fixtures use it.
///
/// ```swift
/// struct Entry { var name: String; var reading: String? }
/// let entries = [Entry(name: "Östen", reading: nil), Entry(name: "Anna", reading: nil)]
/// let index = try IndexSettings(options: ["locale": "sv", "style": "icu"]).makeIndex()
/// index.sections(of: entries, name: \.name, reading: \.reading).map(\.label)   // ["A", "Ö"]
/// ```
public enum ConfiguredIndex: Sendable {
    case contacts(ContactsIndex)
    case icu(AlphabeticIndex)

    /// The sections of entries; ICU style ignores readings (ICU has none).
    public func sections<E>(of entries: [E], name: KeyPath<E, String>, reading: KeyPath<E, String?>,
                            full: Bool = false) -> [Section<E>] {
        switch self {
        case .contacts(let index): index.sections(of: entries, name: name, reading: reading, full: full)
        case .icu(let index): index.sections(of: entries, name: name, full: full)
        }
    }

    /// Every label the index shows for these entries with `full`.
    public func labels(forNames names: [String], readings: [String?]) -> [String] {
        switch self {
        case .contacts(let index): index.labels(forNames: names, readings: readings)
        case .icu(let index): index.labels
        }
    }

    /// The label of one entry.
    public func label(for name: String, reading: String?) -> String {
        switch self {
        case .contacts(let index): index.label(for: name, reading: reading)
        case .icu(let index): index.label(for: name)
        }
    }

    /// The collator that decides the order (the primary locale's).
    public var collator: Collator {
        switch self {
        case .contacts(let index): index.primaryCollator
        case .icu(let index): index.collator
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().map(Character.init))
    }
}

/// A grouped list as positions: what the command line prints without copying entries.
public struct GroupedOrder: Sendable {
    /// Every section's label (the index's full label list).
    public var labels: [String]
    public var kinds: [SectionKind]
    /// In output order: the entry's input position and its section (an index into ``labels``).
    public var entries: [(position: Int, section: Int)]
}

extension ConfiguredIndex {
    /// The grouped order of names (and readings), as positions into the input.
    ///
    /// ```swift
    /// let order = try IndexSettings(locale: "sv").makeIndex().order(names: ["Åsa", "Anna"], readings: [nil, nil])
    /// order.entries.map { order.labels[$0.section] }   // ["A", "Å"]
    /// ```
    public func order(names: [String], readings: [String?]) -> GroupedOrder {
        order(StringNames(names: names, readings: readings))
    }

    /// The grouped order of any name source (the command line's input buffer).
    package func order<Source: NameSource>(_ source: Source) -> GroupedOrder {
        switch self {
        case .contacts(let index):
            let grouping = index.group(source)
            let kinds = grouping.layout.labels.indices.map { $0 == grouping.layout.overflowSection ? SectionKind.overflow : .letter }
            return GroupedOrder(labels: grouping.layout.labels, kinds: kinds, entries: grouping.order)
        case .icu(let index):
            return GroupedOrder(labels: index.buckets.map(\.label), kinds: index.buckets.map { SectionKind($0.kind) },
                                entries: index.placements(source).map { ($0.position, $0.bucket) })
        }
    }
}
