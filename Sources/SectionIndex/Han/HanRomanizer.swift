import Collation
import Synchronization

/// Romanises Han names to pinyin with ICU's transliterators, reading the surname as a surname
/// when asked (``ChineseSurnames``): 曾志伟 → "zēngzhìwěi", not "céngzhìwěi".
///
/// The result is a sort and placement key: syllables run together so that names order letter
/// by letter, the way Chinese phone books order pinyin.
final class HanRomanizer: Sendable {
    let personalNames: Bool
    private let transliteratorID: String
    /// ICU transliterators are not thread-safe: each call borrows one from the pool.
    private let pool = Mutex<[ICU.Transliterator]>([])

    private init(personalNames: Bool) {
        self.personalNames = personalNames
        transliteratorID = personalNames ? "Han-Latin/Names" : "Han-Latin"
    }

    private static let personal = HanRomanizer(personalNames: true)
    private static let plain = HanRomanizer(personalNames: false)

    static func shared(personalNames: Bool) -> HanRomanizer { personalNames ? personal : plain }

    /// Surname → pinyin, compound and single, lowercased for keys.
    private static let compoundSurnames: [String: String] = Dictionary(
        ChineseSurnames.compound.map { ($0.surname, $0.pinyin.lowercased()) }, uniquingKeysWith: { first, _ in first })
    private static let singleSurnames: [String: String] = Dictionary(
        ChineseSurnames.single.map { ($0.surname, $0.pinyin.lowercased()) }, uniquingKeysWith: { first, _ in first })

    /// The surname reading of a name's first one or two characters, and the rest of the name.
    static func surname(of name: Substring) -> (pinyin: String, rest: Substring)? {
        let characters = name.prefix(2)
        if characters.count == 2, let pinyin = compoundSurnames[String(characters)] {
            return (pinyin, name.dropFirst(2))
        }
        if let first = name.first, let pinyin = singleSurnames[String(first)] {
            return (pinyin, name.dropFirst())
        }
        return nil
    }

    /// At most this many characters are romanised: far more than any name has, and ICU's
    /// transliterator takes time quadratic in the length (a 10 MB line took hours). Longer
    /// names that share this prefix are ordered by the name itself.
    static let maximumRomanizedLength = 256

    /// The pinyin key of a Han-initial string.
    func romanize(_ text: Substring) -> String {
        var head = ""
        var rest = text
        if personalNames, let surname = Self.surname(of: text) {
            head = surname.pinyin
            rest = surname.rest
        }
        guard !rest.isEmpty else { return head }
        // Without ICU's transliteration data (a trimmed ICU build) the text stays as it is:
        // the name is then placed as Han text would be, never lost.
        guard let transliterator = borrow() else { return head + rest }
        defer { giveBack(transliterator) }
        let romanized = transliterator.transliterate(String(rest.prefix(Self.maximumRomanizedLength)))
        return head + romanized.filter { $0 != " " }
    }

    private func borrow() -> ICU.Transliterator? {
        if let ready = pool.withLock({ $0.popLast() }) { return ready }
        return try? ICU.Transliterator(id: transliteratorID)
    }

    private func giveBack(_ transliterator: ICU.Transliterator) {
        pool.withLock { $0.append(transliterator) }
    }
}
