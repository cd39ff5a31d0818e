internal import CICU

/// Compares strings the way a language orders them, with ICU's collation.
///
/// A collator is opened from a locale and options, then only read: it is `Sendable` and one
/// instance can serve any number of threads (see `ICU.CollatorHandle` for why that is safe).
/// Strings go to ICU as UTF-8, straight from Swift's storage.
///
/// ```swift
/// let swedish = try Collator(locale: "sv")
/// swedish.compare("Zoë", "Åsa")                 // .ascending: Å is a letter after Z
/// swedish.sorted(["Zoë", "Åsa", "Anna"])        // ["Anna", "Zoë", "Åsa"]
/// swedish.sortKey("Åsa") < swedish.sortKey("Zoë") // false: keys order as compare does
/// ```
public struct Collator: Sendable {
    /// The locale as parsed from the caller's text.
    public let locale: LocaleIdentifier
    /// The options in force.
    public let options: Options
    /// The locale whose rules are applied, as a BCP 47 tag: the most specific part of the
    /// request that ICU has collation data for ("sv" for "sv-SE"), "und" for root.
    public let resolvedLocale: String
    /// True when ICU has no data for the locale's language and serves it from root (never for
    /// `root` itself).
    public let usesRootFallback: Bool
    /// Whether the collator, used as a Foundation `SortComparator`, orders in reverse
    /// (its `order`). ``compare(_:_:)`` and ``sorted(_:)`` ignore it.
    var isReversed = false
    /// Rules applied over the locale's collation (``init(locale:rulesOf:adding:options:)``); empty
    /// for a collator that is ICU's own.
    package private(set) var addedRules = ""

    /// Full-strength handle, configured with ``options``.
    package private(set) var handle: ICU.CollatorHandle
    /// A primary-strength copy: the strength that decides which section a name belongs to.
    package private(set) var primaryHandle: ICU.CollatorHandle

    /// Opens a collator.
    ///
    /// - Parameters:
    ///   - text: a BCP 47 tag or an ICU locale id.
    ///   - options: strength, numeric ordering (on by default), case first, punctuation.
    ///   - strict: refuse a locale that ICU could only serve from root.
    /// - Throws: ``CollationError``.
    public init(locale text: String, options: Options = Options(), strict: Bool = false) throws(CollationError) {
        try self.init(locale: LocaleIdentifier(text), options: options, strict: strict)
    }

    public init(locale: LocaleIdentifier, options: Options = Options(), strict: Bool = false) throws(CollationError) {
        self.locale = locale
        self.options = options
        usesRootFallback = !locale.hasICUData
        if strict && usesRootFallback { throw .unsupportedLocale(locale.requested) }
        let handle: ICU.CollatorHandle
        do {
            handle = try ICU.CollatorHandle(localeID: locale.icuID)
        } catch {
            // A keyword ICU refuses is the caller's mistake, not ICU's failure: name it.
            try locale.checkCollation(strict: false)
            throw .icu(error)
        }
        if strict, let missing = locale.missingCollationType {
            throw .unsupportedCollationType(locale.requested, type: missing, available: locale.availableCollationTypes)
        }
        do {
            try Self.apply(options, to: handle)
            let primary = try handle.copy()
            try primary.set(.strength, .primary)
            self.handle = handle
            self.primaryHandle = primary
            resolvedLocale = Self.resolve(locale, fallsBackToRoot: usesRootFallback)
        } catch {
            throw .icu(error)
        }
    }

    /// A collator for `locale` with rules of the package's own after ICU's: those of `base` (another
    /// locale's collation) when given, then the locale's own tailoring, then `rules` (ICU rule
    /// syntax). Contacts style uses it where ICU's data for a language falls short (Uyghur's
    /// hamza letters, Dzongkha by root letter as Tibetan); the locale still names the data that
    /// is not collation (index characters), and equality tells it from ICU's own collator.
    package init(locale: LocaleIdentifier, rulesOf base: String?, adding rules: String,
                 options: Options = Options()) throws(CollationError) {
        var plain = try Collator(locale: locale, options: options)
        do {
            let handle: ICU.CollatorHandle
            if let base {
                handle = try ICU.CollatorHandle(tailoring: ICU.CollatorHandle(localeID: base),
                                                rules: plain.handle.rules() + rules)
            } else {
                handle = try ICU.CollatorHandle(tailoring: plain.handle, rules: rules)
            }
            try Self.apply(options, to: handle)
            let primary = try handle.copy()
            try primary.set(.strength, .primary)
            plain.handle = handle
            plain.primaryHandle = primary
        } catch {
            throw .icu(error)
        }
        plain.addedRules = (base.map { "rules of \($0); " } ?? "") + rules
        self = plain
    }

    /// The requested locale cut down to the most specific id that ICU has data for
    /// ("sv-SE" stays "sv-SE", "en-XY" becomes "en", "xx" becomes "und"), keeping the
    /// collation type.
    private static func resolve(_ locale: LocaleIdentifier, fallsBackToRoot: Bool) -> String {
        let available = Set(ICU.availableLocaleIDs)
        let parts = [locale.language, locale.script, locale.region]
        var base = "und"
        if !fallsBackToRoot {
            for count in stride(from: 3, through: 1, by: -1) {
                let candidate = parts.prefix(count).filter { !$0.isEmpty }.joined(separator: "_")
                if available.contains(candidate) { base = candidate; break }
            }
        }
        if let collation = locale.collation, locale.missingCollationType == nil { base += "@collation=" + collation }
        return ICU.languageTag(fromLocaleID: base, strict: false) ?? base
    }

    private static func apply(_ options: Options, to handle: ICU.CollatorHandle) throws(ICUError) {
        if let strength = options.strength {
            try handle.set(.strength, strength.icuValue)
        }
        if let numeric = options.numeric {
            try handle.set(.numericCollation, ICU.CollatorAttributeValue(numeric))
        }
        if let caseFirst = options.caseFirst {
            let value: ICU.CollatorAttributeValue = switch caseFirst {
            case .off: .off
            case .lowerFirst: .lowerFirst
            case .upperFirst: .upperFirst
            }
            try handle.set(.caseFirst, value)
        }
        if let shifted = options.ignoresPunctuation {
            try handle.set(.alternateHandling, shifted ? .shifted : .nonIgnorable)
        }
    }

    /// How two strings order under this collator.
    ///
    /// ```swift
    /// try Collator(locale: "de").compare("Ärger", "Arbeit")   // .descending, but in the A's
    /// ```
    public func compare(_ a: String, _ b: String) -> CollationOrder {
        CollationOrder(handle.compare(a, b))
    }

    /// How two strings order when only base letters count (primary strength): the test that
    /// decides whether two names fall in the same section.
    public func comparePrimary(_ a: String, _ b: String) -> CollationOrder {
        CollationOrder(primaryHandle.compare(a, b))
    }

    /// True when `a` sorts before `b`; for `sort(by:)`.
    public func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        handle.compare(a, b) < 0
    }
}

/// The result of comparing two strings.
///
/// ```swift
/// let swedish = try Collator(locale: "sv")
/// swedish.compare("Åsa", "Zoë")           // .descending
/// swedish.comparePrimary("Anna", "anna")  // .same
/// ```
public enum CollationOrder: Int8, Sendable, Hashable {
    case ascending = -1, same = 0, descending = 1

    init(_ raw: Int32) {
        self = raw < 0 ? .ascending : (raw > 0 ? .descending : .same)
    }
}
