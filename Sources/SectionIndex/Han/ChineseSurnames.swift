// Chinese surname readings for pinyin grouping of personal names (issue 9).

/// Surname readings that differ from a character's most common reading, so that a Chinese
/// personal name lands in the pinyin section its bearer expects: 曾志伟 under Z (Zēng, not
/// céng), 单田芳 under S (Shàn, not dān), 欧阳娜娜 under O, 万俟卨 under M (Mòqí, not wànsì).
///
/// ## How the table is meant to be used
/// With personal-name readings on (`--names personal`, the default in contacts style), the
/// first two characters of a Han name are looked up in ``compound``; if they do not match,
/// the first character is looked up in ``single``. The matched characters take the reading
/// given here and the rest of the name keeps its ordinary reading. ``compound`` is tried
/// first because the compound reading can differ from the single one: 单于 is Chányú while
/// 单 alone is Shàn, 长孙 is Zhǎngsūn while 长 alone is Cháng, 尉迟 is Yùchí while 尉 alone is
/// Wèi. (A name such as 单于明 is therefore read as the compound surname 单于 + 明; that is
/// the usual convention and the table cannot tell it from 单 + 于明.)
///
/// ## What is in it
/// - ``compound``: two-character surnames, each listed in simplified and, where it differs,
///   traditional form. Most of them have only ordinary readings and are listed so that the
///   two characters are read together as one surname; those whose reading is special
///   (万俟 Mòqí, 尉迟 Yùchí, 澹台 Tántái, 长孙 Zhǎngsūn, 单于 Chányú, 令狐 Línghú, 诸葛 Zhūgě,
///   拓跋 Tuòbá, 乐正 Yuèzhèng) are the reason the table exists.
/// - ``single``: one-character surnames whose surname reading is not the reading a general
///   romaniser or ICU's Chinese collation gives the character (曾 Zēng vs céng, 仇 Qiú vs
///   chóu, 区 Ōu vs qū, …). 尉 Wèi is listed although Wèi is the character's common reading,
///   because ICU's `Han-Latin/Names` gives the compound-only yù for it.
/// - Where 《现代汉语词典》 lists two readings of one character as two different surnames
///   (单 Shàn/Dān, 盖 Gě/Gài, 乐 Yuè/Lè, 覃 Qín/Tán, 翟 Zhái/Dí, 种 Chóng/Zhǒng, 折 Shé/Zhé,
///   郇 Huán/Xún), the table gives the reading that is usual for the surname and that issue 9
///   asks for; the entry's comment names the other one. A user whose family reads it the
///   other way supplies a reading (`NAME | READING`).
///
/// ## Form of the pinyin
/// Tone marks as in 《现代汉语词典》; first letter upper case; a compound surname written as
/// one word (Ōuyáng, not Ōu Yáng), as GB/T 28039-2011 《中国人名汉语拼音字母拼写规则》
/// prescribes for surnames. ü is written ü (Lǘqiū).
///
/// ## Sources
/// Every entry names the work that gives its reading (``Source``). Left out because no
/// standard work gives the reading, or gives no single surname reading: 黑 Hè (《现代汉语词典》
/// gives only Hēi), 能 Nài (in neither 《现代汉语词典》 nor 《新华字典》), 隗 (Kuí and Wěi are
/// both listed as surnames), 相 (Xiāng and Xiàng), 重 (Chóng and Zhòng), and 莘, 么, 藏 Zàng,
/// 便 Pián, 奇 Jī (readings proposed for the table that could not be confirmed in a standard
/// work). Left out because the surname reading is the character's common reading and ICU's
/// `Han-Latin/Names` already gives it: 冼 Xiǎn, 宿 Sù, 沈 Shěn, 万 Wàn (万 is Mò only inside
/// 万俟), 褚 Chǔ, 訾 Zī, 贾 Jiǎ, 朝 Cháo, 隽 Juàn.
///
/// ## ICU
/// The trailing comment on each entry records what ICU 72's `Han-Latin/Names` transliterator
/// gives for (a) the surname alone and (b) the surname followed by the given name 伟, checked
/// with a throwaway C++ program against the system ICU: ✓ means it already gives this
/// reading (in both cases), ✗ means it does not. The table is the authority either way;
/// the marks only show where ICU needs the correction. At the time of writing ICU gets
/// 38 of the entries wrong: most traditional forms (單, 區, 蓋, 樂, 員, …, while it knows
/// the simplified ones), the rarer single surnames (覃, 朴, 缪, 阚, 佴, 乜, 炅, 祭, …), and
/// 单于, 萬俟, 澹臺, 拓跋, 樂正 among the compounds. ICU's plain `Han-Latin` and its `zh`
/// collation ignore surname readings altogether.
///
/// Counts: 66 compound entries and 60 single entries, simplified and traditional forms
/// counted separately.
enum ChineseSurnames {
    /// One surname: its characters (simplified or traditional form; both forms are listed as
    /// separate entries), its pinyin with tone marks as used in names, and the source that
    /// gives this reading.
    struct Entry: Sendable {
        let surname: String
        let pinyin: String
        let source: Source
    }

    /// The work that gives an entry's reading. Each raw value is a full citation.
    enum Source: String, Sendable {
        /// The standard dictionary of Modern Standard Chinese; gives the surname sense
        /// (“姓” / “复姓”) under the reading used here.
        case xiandai = "《现代汉语词典》第7版 (中国社会科学院语言研究所词典编辑室编, 商务印书馆, 2016)"
        /// The largest dictionary of Chinese surnames (11,969 surnames), with a reading for
        /// each.
        case zhonghuaXingshi = "《中华姓氏大辞典》(袁义达, 杜若甫编著, 教育科学出版社, 1996)"
        /// Attests the compound surname; its characters have only their ordinary
        /// 《现代汉语词典》 readings, which the pinyin here joins into one word.
        case baijiaxing = "《百家姓》(北宋, 佚名)"
    }

    /// Two-character (compound) surnames, tried before ``single``.
    static let compound: [Entry] = [
        Entry(surname: "欧阳", pinyin: "Ōuyáng", source: .xiandai),  // ICU Han-Latin/Names: ōu yáng ✓
        // 歐陽: traditional form of 欧阳.
        Entry(surname: "歐陽", pinyin: "Ōuyáng", source: .xiandai),  // ICU Han-Latin/Names: ōu yáng ✓
        Entry(surname: "司马", pinyin: "Sīmǎ", source: .xiandai),  // ICU Han-Latin/Names: sī mǎ ✓
        // 司馬: traditional form of 司马.
        Entry(surname: "司馬", pinyin: "Sīmǎ", source: .xiandai),  // ICU Han-Latin/Names: sī mǎ ✓
        // 诸葛: 葛 is read Gě, as in the single surname 葛.
        Entry(surname: "诸葛", pinyin: "Zhūgě", source: .xiandai),  // ICU Han-Latin/Names: zhū gě ✓
        // 諸葛: traditional form of 诸葛.
        Entry(surname: "諸葛", pinyin: "Zhūgě", source: .xiandai),  // ICU Han-Latin/Names: zhū gě ✓
        // 上官: same form in traditional script.
        Entry(surname: "上官", pinyin: "Shàngguān", source: .xiandai),  // ICU Han-Latin/Names: shàng guān ✓
        // 尉迟: 尉 is read yù only in 尉迟 (and the place name 尉犁).
        Entry(surname: "尉迟", pinyin: "Yùchí", source: .xiandai),  // ICU Han-Latin/Names: yù chí ✓
        // 尉遲: traditional form of 尉迟.
        Entry(surname: "尉遲", pinyin: "Yùchí", source: .xiandai),  // ICU Han-Latin/Names: yù chí ✓
        // 长孙: 长 is read zhǎng, not cháng.
        Entry(surname: "长孙", pinyin: "Zhǎngsūn", source: .xiandai),  // ICU Han-Latin/Names: zhǎng sūn ✓
        // 長孫: traditional form of 长孙.
        Entry(surname: "長孫", pinyin: "Zhǎngsūn", source: .xiandai),  // ICU Han-Latin/Names: zhǎng sūn ✓
        // 万俟: 万 is read mò and 俟 qí only in this surname.
        Entry(surname: "万俟", pinyin: "Mòqí", source: .xiandai),  // ICU Han-Latin/Names: mò qí ✓
        // 萬俟: traditional form of 万俟.
        Entry(surname: "萬俟", pinyin: "Mòqí", source: .xiandai),  // ICU Han-Latin/Names: wàn qí ✗
        // 单于: 单 is read chán, as in the Xiongnu title.
        Entry(surname: "单于", pinyin: "Chányú", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: shàn yú ✗
        // 單于: traditional form of 单于.
        Entry(surname: "單于", pinyin: "Chányú", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: dān yú ✗
        // 皇甫: same form in traditional script.
        Entry(surname: "皇甫", pinyin: "Huángfǔ", source: .xiandai),  // ICU Han-Latin/Names: huáng fǔ ✓
        // 令狐: 令 is read líng, not lìng.
        Entry(surname: "令狐", pinyin: "Línghú", source: .xiandai),  // ICU Han-Latin/Names: líng hú ✓
        // 宇文: same form in traditional script.
        Entry(surname: "宇文", pinyin: "Yǔwén", source: .xiandai),  // ICU Han-Latin/Names: yǔ wén ✓
        // 慕容: same form in traditional script.
        Entry(surname: "慕容", pinyin: "Mùróng", source: .xiandai),  // ICU Han-Latin/Names: mù róng ✓
        // 司徒: same form in traditional script.
        Entry(surname: "司徒", pinyin: "Sītú", source: .xiandai),  // ICU Han-Latin/Names: sī tú ✓
        Entry(surname: "东方", pinyin: "Dōngfāng", source: .xiandai),  // ICU Han-Latin/Names: dōng fāng ✓
        // 東方: traditional form of 东方.
        Entry(surname: "東方", pinyin: "Dōngfāng", source: .xiandai),  // ICU Han-Latin/Names: dōng fāng ✓
        // 夏侯: same form in traditional script.
        Entry(surname: "夏侯", pinyin: "Xiàhóu", source: .xiandai),  // ICU Han-Latin/Names: xià hóu ✓
        Entry(surname: "公孙", pinyin: "Gōngsūn", source: .xiandai),  // ICU Han-Latin/Names: gōng sūn ✓
        // 公孫: traditional form of 公孙.
        Entry(surname: "公孫", pinyin: "Gōngsūn", source: .xiandai),  // ICU Han-Latin/Names: gōng sūn ✓
        Entry(surname: "轩辕", pinyin: "Xuānyuán", source: .xiandai),  // ICU Han-Latin/Names: xuān yuán ✓
        // 軒轅: traditional form of 轩辕.
        Entry(surname: "軒轅", pinyin: "Xuānyuán", source: .xiandai),  // ICU Han-Latin/Names: xuān yuán ✓
        // 端木: same form in traditional script.
        Entry(surname: "端木", pinyin: "Duānmù", source: .xiandai),  // ICU Han-Latin/Names: duān mù ✓
        // 澹台: 澹 is read tán, not dàn.
        Entry(surname: "澹台", pinyin: "Tántái", source: .xiandai),  // ICU Han-Latin/Names: tán tái ✓
        // 澹臺: traditional form of 澹台.
        Entry(surname: "澹臺", pinyin: "Tántái", source: .xiandai),  // ICU Han-Latin/Names: dàn tái ✗
        // 拓跋: 拓 is read tuò, not tà; same form in traditional script.
        Entry(surname: "拓跋", pinyin: "Tuòbá", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: tà bá ✗
        // 乐正: 乐 is read yuè, not lè.
        Entry(surname: "乐正", pinyin: "Yuèzhèng", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: yuè zhèng ✓
        // 樂正: traditional form of 乐正.
        Entry(surname: "樂正", pinyin: "Yuèzhèng", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: lè zhèng ✗
        // 太史: same form in traditional script.
        Entry(surname: "太史", pinyin: "Tàishǐ", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: tài shǐ ✓
        // 公冶: same form in traditional script.
        Entry(surname: "公冶", pinyin: "Gōngyě", source: .baijiaxing),  // ICU Han-Latin/Names: gōng yě ✓
        Entry(surname: "南宫", pinyin: "Nángōng", source: .baijiaxing),  // ICU Han-Latin/Names: nán gōng ✓
        // 南宮: traditional form of 南宫.
        Entry(surname: "南宮", pinyin: "Nángōng", source: .baijiaxing),  // ICU Han-Latin/Names: nán gōng ✓
        Entry(surname: "西门", pinyin: "Xīmén", source: .baijiaxing),  // ICU Han-Latin/Names: xī mén ✓
        // 西門: traditional form of 西门.
        Entry(surname: "西門", pinyin: "Xīmén", source: .baijiaxing),  // ICU Han-Latin/Names: xī mén ✓
        // 呼延: same form in traditional script.
        Entry(surname: "呼延", pinyin: "Hūyán", source: .baijiaxing),  // ICU Han-Latin/Names: hū yán ✓
        // 申屠: same form in traditional script.
        Entry(surname: "申屠", pinyin: "Shēntú", source: .baijiaxing),  // ICU Han-Latin/Names: shēn tú ✓
        Entry(surname: "闻人", pinyin: "Wénrén", source: .baijiaxing),  // ICU Han-Latin/Names: wén rén ✓
        // 聞人: traditional form of 闻人.
        Entry(surname: "聞人", pinyin: "Wénrén", source: .baijiaxing),  // ICU Han-Latin/Names: wén rén ✓
        Entry(surname: "赫连", pinyin: "Hèlián", source: .baijiaxing),  // ICU Han-Latin/Names: hè lián ✓
        // 赫連: traditional form of 赫连.
        Entry(surname: "赫連", pinyin: "Hèlián", source: .baijiaxing),  // ICU Han-Latin/Names: hè lián ✓
        Entry(surname: "钟离", pinyin: "Zhōnglí", source: .baijiaxing),  // ICU Han-Latin/Names: zhōng lí ✓
        // 鍾離: traditional form of 钟离 (鍾, the surname character).
        Entry(surname: "鍾離", pinyin: "Zhōnglí", source: .baijiaxing),  // ICU Han-Latin/Names: zhōng lí ✓
        // 鐘離: traditional variant of 钟离 written with 鐘.
        Entry(surname: "鐘離", pinyin: "Zhōnglí", source: .baijiaxing),  // ICU Han-Latin/Names: zhōng lí ✓
        Entry(surname: "仲孙", pinyin: "Zhòngsūn", source: .baijiaxing),  // ICU Han-Latin/Names: zhòng sūn ✓
        // 仲孫: traditional form of 仲孙.
        Entry(surname: "仲孫", pinyin: "Zhòngsūn", source: .baijiaxing),  // ICU Han-Latin/Names: zhòng sūn ✓
        Entry(surname: "濮阳", pinyin: "Púyáng", source: .baijiaxing),  // ICU Han-Latin/Names: pú yáng ✓
        // 濮陽: traditional form of 濮阳.
        Entry(surname: "濮陽", pinyin: "Púyáng", source: .baijiaxing),  // ICU Han-Latin/Names: pú yáng ✓
        // 淳于: same form in traditional script.
        Entry(surname: "淳于", pinyin: "Chúnyú", source: .baijiaxing),  // ICU Han-Latin/Names: chún yú ✓
        // 公羊: same form in traditional script.
        Entry(surname: "公羊", pinyin: "Gōngyáng", source: .baijiaxing),  // ICU Han-Latin/Names: gōng yáng ✓
        // 宗政: same form in traditional script.
        Entry(surname: "宗政", pinyin: "Zōngzhèng", source: .baijiaxing),  // ICU Han-Latin/Names: zōng zhèng ✓
        // 第五: same form in traditional script.
        Entry(surname: "第五", pinyin: "Dìwǔ", source: .baijiaxing),  // ICU Han-Latin/Names: dì wǔ ✓
        // 百里: same form in traditional script.
        Entry(surname: "百里", pinyin: "Bǎilǐ", source: .baijiaxing),  // ICU Han-Latin/Names: bǎi lǐ ✓
        // 亓官: same form in traditional script.
        Entry(surname: "亓官", pinyin: "Qíguān", source: .baijiaxing),  // ICU Han-Latin/Names: qí guān ✓
        // 司空: same form in traditional script.
        Entry(surname: "司空", pinyin: "Sīkōng", source: .baijiaxing),  // ICU Han-Latin/Names: sī kōng ✓
        Entry(surname: "鲜于", pinyin: "Xiānyú", source: .baijiaxing),  // ICU Han-Latin/Names: xiān yú ✓
        // 鮮于: traditional form of 鲜于.
        Entry(surname: "鮮于", pinyin: "Xiānyú", source: .baijiaxing),  // ICU Han-Latin/Names: xiān yú ✓
        Entry(surname: "闾丘", pinyin: "Lǘqiū", source: .baijiaxing),  // ICU Han-Latin/Names: lǘ qiū ✓
        // 閭丘: traditional form of 闾丘.
        Entry(surname: "閭丘", pinyin: "Lǘqiū", source: .baijiaxing),  // ICU Han-Latin/Names: lǘ qiū ✓
        Entry(surname: "谷梁", pinyin: "Gǔliáng", source: .baijiaxing),  // ICU Han-Latin/Names: gǔ liáng ✓
        // 穀梁: traditional form of 谷梁.
        Entry(surname: "穀梁", pinyin: "Gǔliáng", source: .baijiaxing),  // ICU Han-Latin/Names: gǔ liáng ✓
        // 羊舌: same form in traditional script.
        Entry(surname: "羊舌", pinyin: "Yángshé", source: .baijiaxing),  // ICU Han-Latin/Names: yáng shé ✓
    ]

    /// One-character surnames whose surname reading differs from the character's common
    /// reading (or from what ICU's `Han-Latin/Names` gives; see 尉).
    static let single: [Entry] = [
        // 曾: common reading céng.
        Entry(surname: "曾", pinyin: "Zēng", source: .xiandai),  // ICU Han-Latin/Names: zēng ✓
        // 单: common reading dān; 现汉 also lists Dān as a separate, rarer surname.
        Entry(surname: "单", pinyin: "Shàn", source: .xiandai),  // ICU Han-Latin/Names: shàn ✓
        // 單: traditional form of 单.
        Entry(surname: "單", pinyin: "Shàn", source: .xiandai),  // ICU Han-Latin/Names: dān ✗
        // 仇: common reading chóu.
        Entry(surname: "仇", pinyin: "Qiú", source: .xiandai),  // ICU Han-Latin/Names: qiú ✓
        // 查: common reading chá.
        Entry(surname: "查", pinyin: "Zhā", source: .xiandai),  // ICU Han-Latin/Names: zhā ✓
        // 解: common reading jiě.
        Entry(surname: "解", pinyin: "Xiè", source: .xiandai),  // ICU Han-Latin/Names: xiè ✓
        // 区: common reading qū.
        Entry(surname: "区", pinyin: "Ōu", source: .xiandai),  // ICU Han-Latin/Names: ōu ✓
        // 區: traditional form of 区.
        Entry(surname: "區", pinyin: "Ōu", source: .xiandai),  // ICU Han-Latin/Names: qū ✗
        // 覃: common reading tán; 现汉 also lists Tán as a separate surname.
        Entry(surname: "覃", pinyin: "Qín", source: .xiandai),  // ICU Han-Latin/Names: tán ✗
        // 朴: common reading pǔ.
        Entry(surname: "朴", pinyin: "Piáo", source: .xiandai),  // ICU Han-Latin/Names: pǔ ✗
        // 盖: common reading gài; 现汉 also lists Gài as a separate surname.
        Entry(surname: "盖", pinyin: "Gě", source: .xiandai),  // ICU Han-Latin/Names: gě ✓
        // 蓋: traditional form of 盖.
        Entry(surname: "蓋", pinyin: "Gě", source: .xiandai),  // ICU Han-Latin/Names: gài ✗
        // 乐: common reading lè; 现汉 also lists Lè as a separate surname.
        Entry(surname: "乐", pinyin: "Yuè", source: .xiandai),  // ICU Han-Latin/Names: yuè ✓
        // 樂: traditional form of 乐.
        Entry(surname: "樂", pinyin: "Yuè", source: .xiandai),  // ICU Han-Latin/Names: lè ✗
        // 缪: common reading móu / miù.
        Entry(surname: "缪", pinyin: "Miào", source: .xiandai),  // ICU Han-Latin/Names: móu ✗
        // 繆: traditional form of 缪.
        Entry(surname: "繆", pinyin: "Miào", source: .xiandai),  // ICU Han-Latin/Names: móu ✗
        // 秘: common reading mì.
        Entry(surname: "秘", pinyin: "Bì", source: .xiandai),  // ICU Han-Latin/Names: bì ✓
        // 种: common reading zhǒng; 现汉 also lists Zhǒng as a separate surname.
        Entry(surname: "种", pinyin: "Chóng", source: .xiandai),  // ICU Han-Latin/Names: chóng ✓
        // 種: traditional form of 种.
        Entry(surname: "種", pinyin: "Chóng", source: .xiandai),  // ICU Han-Latin/Names: zhǒng ✗
        // 繁: common reading fán.
        Entry(surname: "繁", pinyin: "Pó", source: .xiandai),  // ICU Han-Latin/Names: pó ✓
        // 员: common reading yuán.
        Entry(surname: "员", pinyin: "Yùn", source: .xiandai),  // ICU Han-Latin/Names: yùn ✓
        // 員: traditional form of 员.
        Entry(surname: "員", pinyin: "Yùn", source: .xiandai),  // ICU Han-Latin/Names: yuán ✗
        // 召: common reading zhào.
        Entry(surname: "召", pinyin: "Shào", source: .xiandai),  // ICU Han-Latin/Names: shào ✓
        // 翟: common reading dí; 现汉 also lists Dí as a separate surname.
        Entry(surname: "翟", pinyin: "Zhái", source: .xiandai),  // ICU Han-Latin/Names: zhái ✓
        // 折: common reading zhé; 现汉 also lists Zhé as a separate surname.
        Entry(surname: "折", pinyin: "Shé", source: .xiandai),  // ICU Han-Latin/Names: shé ✓
        // 华: common reading huá.
        Entry(surname: "华", pinyin: "Huà", source: .xiandai),  // ICU Han-Latin/Names: huà ✓
        // 華: traditional form of 华.
        Entry(surname: "華", pinyin: "Huà", source: .xiandai),  // ICU Han-Latin/Names: huá ✗
        // 任: common reading rèn.
        Entry(surname: "任", pinyin: "Rén", source: .xiandai),  // ICU Han-Latin/Names: rén ✓
        // 纪: common reading jì.
        Entry(surname: "纪", pinyin: "Jǐ", source: .xiandai),  // ICU Han-Latin/Names: jǐ ✓
        // 紀: traditional form of 纪.
        Entry(surname: "紀", pinyin: "Jǐ", source: .xiandai),  // ICU Han-Latin/Names: jì ✗
        // 过: common reading guò.
        Entry(surname: "过", pinyin: "Guō", source: .xiandai),  // ICU Han-Latin/Names: guō ✓
        // 過: traditional form of 过.
        Entry(surname: "過", pinyin: "Guō", source: .xiandai),  // ICU Han-Latin/Names: guò ✗
        // 阚: other reading hǎn (a tiger's roar).
        Entry(surname: "阚", pinyin: "Kàn", source: .xiandai),  // ICU Han-Latin/Names: hǎn ✗
        // 闞: traditional form of 阚.
        Entry(surname: "闞", pinyin: "Kàn", source: .xiandai),  // ICU Han-Latin/Names: kàn ✓
        // 郇: other reading xún (ancient state); 现汉 also lists Xún as a separate surname.
        Entry(surname: "郇", pinyin: "Huán", source: .xiandai),  // ICU Han-Latin/Names: huán ✓
        // 洗: common reading xǐ.
        Entry(surname: "洗", pinyin: "Xiǎn", source: .xiandai),  // ICU Han-Latin/Names: xǐ ✗
        // 都: common reading dōu.
        Entry(surname: "都", pinyin: "Dū", source: .xiandai),  // ICU Han-Latin/Names: dōu ✗
        // 燕: common reading yàn.
        Entry(surname: "燕", pinyin: "Yān", source: .xiandai),  // ICU Han-Latin/Names: yān ✓
        // 那: common reading nà.
        Entry(surname: "那", pinyin: "Nā", source: .xiandai),  // ICU Han-Latin/Names: nà ✗
        // 薄: common reading báo.
        Entry(surname: "薄", pinyin: "Bó", source: .xiandai),  // ICU Han-Latin/Names: báo ✗
        // 宁: common reading níng.
        Entry(surname: "宁", pinyin: "Nìng", source: .xiandai),  // ICU Han-Latin/Names: níng ✗
        // 寧: traditional form of 宁.
        Entry(surname: "寧", pinyin: "Nìng", source: .xiandai),  // ICU Han-Latin/Names: níng ✗
        // 甯: variant surname character, read as 宁 Nìng.
        Entry(surname: "甯", pinyin: "Nìng", source: .xiandai),  // ICU Han-Latin/Names: níng ✗
        // 粘: common reading zhān.
        Entry(surname: "粘", pinyin: "Nián", source: .xiandai),  // ICU Han-Latin/Names: nián ✓
        // 哈: common reading hā.
        Entry(surname: "哈", pinyin: "Hǎ", source: .xiandai),  // ICU Han-Latin/Names: hā ✗
        // 佴: other reading èr.
        Entry(surname: "佴", pinyin: "Nài", source: .xiandai),  // ICU Han-Latin/Names: èr ✗
        // 乜: common reading miē.
        Entry(surname: "乜", pinyin: "Niè", source: .xiandai),  // ICU Han-Latin/Names: miē ✗
        // 炅: other reading jiǒng.
        Entry(surname: "炅", pinyin: "Guì", source: .xiandai),  // ICU Han-Latin/Names: jiǒng ✗
        // 蔚: common reading wèi.
        Entry(surname: "蔚", pinyin: "Yù", source: .xiandai),  // ICU Han-Latin/Names: wèi ✗
        // 祭: common reading jì.
        Entry(surname: "祭", pinyin: "Zhài", source: .xiandai),  // ICU Han-Latin/Names: jì ✗
        // 於: common reading yú (a surname of its own, distinct from 于 Yú).
        Entry(surname: "於", pinyin: "Yū", source: .xiandai),  // ICU Han-Latin/Names: yú ✗
        // 葛: common reading gé.
        Entry(surname: "葛", pinyin: "Gě", source: .xiandai),  // ICU Han-Latin/Names: gě ✓
        // 贲: other reading bì.
        Entry(surname: "贲", pinyin: "Bēn", source: .xiandai),  // ICU Han-Latin/Names: bēn ✓
        // 賁: traditional form of 贲.
        Entry(surname: "賁", pinyin: "Bēn", source: .xiandai),  // ICU Han-Latin/Names: bì ✗
        // 卜: ICU's plain Han-Latin gives the neutral-tone bo (as in 萝卜).
        Entry(surname: "卜", pinyin: "Bǔ", source: .xiandai),  // ICU Han-Latin/Names: bǔ ✓
        // 干: common reading gàn (of 干/幹); the surname is written 干 in both scripts.
        Entry(surname: "干", pinyin: "Gān", source: .xiandai),  // ICU Han-Latin/Names: gān ✓
        // 尉: the single surname is Wèi; yù is only for the compound 尉迟.
        Entry(surname: "尉", pinyin: "Wèi", source: .xiandai),  // ICU Han-Latin/Names: yù ✗
        // 长: ICU's plain Han-Latin gives zhǎng; 中华姓氏大辞典 also notes a rarer Zhǎng.
        Entry(surname: "长", pinyin: "Cháng", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: cháng ✓
        // 長: traditional form of 长.
        Entry(surname: "長", pinyin: "Cháng", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: zhǎng ✗
        // 句: common reading jù; 中华姓氏大辞典 also records Gòu and Jù.
        Entry(surname: "句", pinyin: "Gōu", source: .zhonghuaXingshi),  // ICU Han-Latin/Names: jù ✗
    ]
}
