/// Splits a pinyin word written with tone marks into its syllables: "ōuyáng" → ["ōu", "yáng"].
///
/// Every syllable of a name's pinyin carries a tone mark in ``ChineseSurnames`` (as in
/// 《现代汉语词典》), so each tone-marked vowel after the first opens a new syllable, which
/// starts at the vowels before it and at most one initial (zh, ch, sh or one consonant). A
/// syllable cannot start with a vowel there: pinyin would write an apostrophe (Xī'ān).
enum PinyinSyllables {
    private static let toneMarked: Set<Character> = Set("āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ")
    private static let vowels: Set<Character> = toneMarked.union("aeiouü")

    static func split(_ word: String) -> [String] {
        let letters = Array(word)
        var cuts: [Int] = []
        var sawTone = false
        var lastCut = 0
        for (i, letter) in letters.enumerated() where toneMarked.contains(letter) {
            guard sawTone else { sawTone = true; continue }
            var start = i
            while start > lastCut + 1, vowels.contains(letters[start - 1]) { start -= 1 }
            if start >= lastCut + 3, ["zh", "ch", "sh"].contains(String(letters[(start - 2)..<start])) {
                start -= 2
            } else if start > lastCut + 1, !vowels.contains(letters[start - 1]) {
                start -= 1
            }
            if start > lastCut {
                cuts.append(start)
                lastCut = start
            }
        }
        var syllables: [String] = []
        var from = 0
        for cut in cuts + [letters.count] {
            syllables.append(String(letters[from..<cut]))
            from = cut
        }
        return syllables.filter { !$0.isEmpty }
    }
}
