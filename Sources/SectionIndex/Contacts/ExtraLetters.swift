import Collation
import Synchronization

// Letters of other languages of a group's script (issue 16, case 1).

/// The letters other languages of a script have, which a contacts group adds as sections of
/// their own where its own collation already sorts them apart from all of its labels: in an
/// English list, whose Cyrillic group is Russian's, Іван goes to Ukrainian's І, Јелена to
/// Serbian's Ј, Қасым to Kazakh's Қ; in the Latin group Łukasz goes to Polish Ł and Þóra to
/// Icelandic Þ. The rules and their reasons are in <doc:ContactsStyle> (rule 6, "Letters of
/// other languages").
///
/// A candidate is a label of one code point in the CLDR index characters of any language ICU
/// has (each language and each of its scripts once, regions left out: their index characters
/// are their language's). The group keeps a candidate only when its collation gives it a
/// primary weight of its own: not equal to one of its labels' (Ї is І with a diaeresis under
/// Russian, so Їжак goes to the І section) and not an expansion that starts with one (Dutch Ĳ
/// is I J). So the group's language decides what is a letter; other languages only add the
/// letters it has no place for, each where its collation puts it.
enum ExtraLetters {
    /// Script (ISO 15924 code) → the candidates of that script, in code point order: the
    /// single-letter labels of the CLDR index characters of every language ICU 72 has, as
    /// ``scannedCandidates()`` reads them. A table, not a scan at start-up: reading the index
    /// characters of some 400 locales costs a tenth of a second, and a test checks that the
    /// table is what ICU's data gives.
    static let candidatesByScript: [String: String] = [
        "Adlm": "𞤀𞤛",
        "Arab": "ءآابتثجحخدذرزسشصضطظعغفقكلمنهوىيٹٺٻټٽپٿڀځڃڄڅچڇڈډڊڌڍڏڑړږژڙښڦکڪګڭگڱڳڻڼھہۆۇۈۋیېےە",
        "Armn": "ԱԲԳԴԵԶԷԸԹԺԻԼԽԾԿՀՁՂՃՄՅՆՇՈՉՊՋՌՍՎՏՐՑՒՓՔՕՖ",
        "Beng": "অআইঈউঊঋএঐওঔকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহৎৰৱ",
        "Cakm": "𑄃𑄄𑄅𑄆𑄇𑄈𑄉𑄊𑄋𑄌𑄍𑄎𑄏𑄐𑄑𑄒𑄓𑄔𑄕𑄖𑄗𑄘𑄙𑄚𑄛𑄜𑄝𑄞𑄟𑄠𑄡𑄢𑄣𑄤𑄥𑄦",
        "Cher": "ᎠᎦᎭᎳᎹᎾᏆᏌᏓᏜᏣᏩᏯ",
        "Cyrl": "ЁЂЃЄЅІЇЈЉЊЋЌЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯҐҒҔҖҚҢҤҪҮҰҲҶҺӐӔӖӘӢӨӮӲ",
        "Deva": "अआइईउऊऋऌऍएऐऑओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलळवशषसहऽॐॠॡ",
        "Ethi": "ሀለሐመሠረሰሸቀቈቐቘበቨተቸኀኈነኘአከኰኸዀወዐዘዠየደጀገጐጠጨጰጸፀፈፐ",
        "Geor": "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ",
        "Grek": "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ",
        "Gujr": "અઆઇઈઉઊઋઍએઐઑઓઔકખગઘઙચછજઝઞટઠડઢણતથદધનપફબભમયરલળવશષસહ",
        "Guru": "ਅਕਖਗਘਙਚਛਜਝਞਟਠਡਢਣਤਥਦਧਨਪਫਬਭਮਯਰਲਵਸਹੜੲੳ",
        "Hang": "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ",
        "Hebr": "אבגדהוזחטיכלמנסעפצקרשת",
        "Hira": "あかさたなはまやらわ",
        "Khmr": "កខគឃងចឆជឈញដឋឌឍណតថទធនបផពភមយរលវសហឡអឥឦឧឩឪឫឬឭឮឯឰឱឳ",
        "Knda": "ಅಆಇಈಉಊಋಌಎಏಐಒಓಔಕಖಗಘಙಚಛಜಝಞಟಠಡಢಣತಥದಧನಪಫಬಭಮಯರಱಲಳವಶಷಸಹೞೠೡ",
        "Laoo": "ກຂຄງຈຊຍດຕຖທນບປຜຝພຟມຢຣລວສຫອຮ",
        "Latn": "ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĖĘĜĞĠĢĤĦĨĪĮİĴĶĻĽŁŅŇŊŐŘŚŜŞŠŤŦŨŪŬŰŲŸŹŻŽƁƆƉƊƎƏƐƑƔƗƘƝƠƯƲƳǦȘȚȞɄʔḌḤṚṢṬẄẒẼꞋ",
        "Mlym": "അആഇഈഉഊഋഎഏഐഒഓഔകഖഗഘങചഛജഝഞടഠഡഢണതഥദധനപഫബഭമയരറലളഴവശഷസഹ",
        "Mymr": "ကခဂဃငစဆဇဈဉညဋဌဍဎဏတထဒဓနပဖဗဘမယရလဝသဟဠအ",
        "Orya": "ଅଆଇଈଉଊଋଏଐଓଔକଖଗଘଙଚଛଜଝଞଟଠଡଢଣତଥଦଧନପଫବଭମଯରଲଳଶଷସହ",
        "Sinh": "අආඇඈඉඊඋඌඍඑඒඓඔඕඖකඛගඝඞඟචඡජඣඤඥටඨඩඪණඬතථදධනඳපඵබභමඹයරලවශෂසහළෆ",
        "Taml": "அஆஇஈஉஊஎஏஐஒஓஔகஙசஞடணதநனபமயரறலளழவ",
        "Telu": "అఆఇఈఉఊఋఎఏఐఒఓఔకఖగఘఙచఛజఝఞటఠడఢణతథదధనపఫబభమయరఱలళవశషసహౠ",
        "Tfng": "ⴰⴱⴳⴷⴹⴻⴼⴽⵀⵃⵄⵅⵇⵉⵊⵍⵎⵏⵓⵔⵕⵖⵙⵚⵛⵜⵟⵡⵢⵣⵥ",
        "Thai": "กขฃคฅฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรฤลฦวศษสหฬอฮ",
        "Tibt": "ཀཁགངཅཆཇཉཏཐདནཔཕབམཙཚཛཝཞཟའཡརལཤསཧཨ",
    ]

    /// The candidates read from ICU's data: each language and each of its scripts once
    /// (regions left out: their index characters are their language's).
    static func scannedCandidates() -> [String: String] {
        var letters: [String: Set<Unicode.Scalar>] = [:]
        for id in ICU.availableLocaleIDs where ICU.region(of: id).isEmpty && !id.contains("@") {
            for label in ICU.exemplars(of: id, kind: .index) ?? [] {
                let scalars = label.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first else { continue }
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter: break
                default: continue   // a vowel sign or point some index characters list (Bengali ং)
                }
                // Han groups are labelled by strokes, pinyin or readings, never by characters
                // (the radicals of a radical-stroke index are not letters).
                let script = Script(of: scalar)
                if !script.isShared, script != Script.han { letters[script.shortName, default: []].insert(scalar) }
            }
        }
        return letters.mapValues { String(String.UnicodeScalarView($0.sorted { $0.value < $1.value })) }
    }

    /// The order of a group's labels with each run of letters of other languages (two or more
    /// in a row, between two of its own) in the order of the language they come from, where
    /// one language has them all as index characters: the first such language by locale id
    /// orders them with its collation (Kazakh Ұ before Ү, CLDR kk, where root sorts Ү first).
    /// Otherwise the group's order stays. Positions into `labels`.
    static func languageOrder(of labels: [String], isExtra: [Bool]) -> [Int] {
        var order = Array(labels.indices)
        var start = 0
        while start < labels.count {
            guard isExtra[start] else { start += 1; continue }
            var end = start
            while end < labels.count && isExtra[end] { end += 1 }
            if end - start > 1, let sorted = sortedByTheirLanguage(Array(labels[start..<end])) {
                order.replaceSubrange(start..<end, with: sorted.map { start + $0 })
            }
            start = end
        }
        return order
    }

    /// The positions of `letters` in the order of the first language whose index characters
    /// have them all, or nil when none has or the order is the same.
    private static func sortedByTheirLanguage(_ letters: [String]) -> [Int]? {
        let wanted = Set(letters)
        guard let language = languagesWithLetters.first(where: { wanted.isSubset(of: $0.letters) }),
              let collator = try? Collator(locale: language.localeID, options: .localeDefaults) else { return nil }
        let sorted = letters.indices.sorted { a, b in
            let order = collator.compare(letters[a], letters[b])
            return order == .ascending || (order == .same && a < b)
        }
        return sorted == Array(letters.indices) ? nil : sorted
    }

    /// Each language's single-letter index characters (each language and each of its scripts
    /// once, in locale id order), read from ICU's data the first time a group has two letters
    /// of other languages in a row: a tenth of a second, once per process.
    private static let languagesWithLetters: [(localeID: String, letters: Set<String>)] =
        ICU.availableLocaleIDs.sorted().filter { ICU.region(of: $0).isEmpty && !$0.contains("@") }.compactMap { id in
            let letters = Set((ICU.exemplars(of: id, kind: .index) ?? []).filter { $0.unicodeScalars.count == 1 })
            return letters.count > 1 ? (id, letters) : nil
        }

    /// The candidates a group of `scripts` may add.
    static func candidates(for scripts: Set<Script>) -> [String] {
        scripts.sorted().flatMap { (candidatesByScript[$0.shortName] ?? "").unicodeScalars.map(String.init) }
    }

    /// The candidates that `collator` (a group's, at primary strength) sorts apart from every
    /// one of `labels`: neither primary-equal to a label nor an expansion starting with one.
    static func letters(among candidates: [String], apartFrom labels: [String], collator: Collator) -> [String] {
        func primary(_ text: String) -> [UInt8] {
            let key = collator.primaryHandle.sortKey(text)
            return Array(key.prefix { $0 > 1 })
        }
        let labelKeys = labels.map(primary).filter { !$0.isEmpty }
        return candidates.filter { candidate in
            let key = primary(candidate)
            return !key.isEmpty && !labelKeys.contains { key.starts(with: $0) }
        }
    }
}
