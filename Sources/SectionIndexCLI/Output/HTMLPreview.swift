import SectionIndex

/// `--format html`: one self-contained page (inline CSS and JavaScript, nothing fetched)
/// showing the list as a phone's contacts list does: sticky section headers, the index labels
/// stacked down the trailing edge, a tap on a label jumping to its section, the labels of
/// empty sections dimmed (with `--full`), and right-to-left locales mirrored.
///
/// A search field above the list filters it as `section-index search` does (issue 15): the
/// engine computes each entry's search forms and the weights of the characters a query may
/// hold (``SearchForms``), and the page embeds them, so its script only splits the query,
/// looks its characters up and compares; no collation rule is written twice. While a query
/// is shown the side index is hidden, as in a phone's contacts app. Weights travel as one
/// character each (``SearchCodes``), so a comparison is a string comparison.
///
/// The page tests itself when its address ends in `#selftest=LABEL`: it clicks the index
/// label LABEL, then writes what it finds at the top of the list as JSON into
/// `<pre id="result">` and `document.title` (see `HTMLPreviewTests`). The jump is right when
/// the section's header is at the top of the list, or, for a section too near the end to get
/// there, when the list is scrolled to its end with the header in view. With
/// `#search=QUERIES` it types each query (one per line) into the emptied search field, a
/// character at a time, and reports the rows left after each and whether the index is hidden.
enum HTMLPreview {
    /// One entry of the side index.
    struct IndexLabel: Equatable {
        var label: String
        /// The section it jumps to (an id in the page), nil when the list is empty.
        var target: Int?
        /// Its own section is empty: shown dimmed, jumping to the nearest following section
        /// that has entries (or, at the end, the nearest one before).
        var isEmpty: Bool
    }

    /// Languages written right to left, as CLDR's likely scripts have them (Arabic, Hebrew,
    /// Thaana, Syriac, N'Ko, Adlam scripts).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "ckb", "dv", "syr", "ks", "nqo",
    ]

    /// "rtl" for a locale whose language is written right to left, else "ltr".
    static func direction(forLocaleTag tag: String) -> String {
        let subtags = tag.split(separator: "-").map { $0.lowercased() }
        // A script subtag decides for languages written in several scripts (pa-Arab, az-Arab,
        // ks-Deva); the script is the second subtag, four letters, when there is one.
        if subtags.count > 1, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) {
            return ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains(subtags[1]) ? "rtl" : "ltr"
        }
        return rightToLeftLanguages.contains(subtags.first ?? "") ? "rtl" : "ltr"
    }

    /// The sections a page shows: those with names, and the empty ones whose label is in
    /// `labels` (a subsequence of the sections' labels, in order), which leaves out letters of
    /// other languages that no name is under.
    static func sideIndexSections(_ sections: [Section<InputEntry>], labels: [String]) -> [Section<InputEntry>] {
        var next = 0
        return sections.filter { section in
            let listed = next < labels.count && labels[next] == section.label
            if listed { next += 1 }
            return listed || !section.items.isEmpty || section.kind == .pinned
        }
    }

    /// The side index of sections: with `full`, every label (sections and labels line up one
    /// to one), empty ones dimmed; without, the labels of the sections shown.
    static func indexLabels(sections: [Section<InputEntry>], labels: [String], full: Bool) -> [IndexLabel] {
        let indexed = sections.indices.filter { sections[$0].kind != .pinned }
        let shown = indexed.filter { !sections[$0].items.isEmpty }
        return indexed.enumerated().map { ordinal, number in
            let section = sections[number]
            let label = full && labels.count == indexed.count ? labels[ordinal] : section.label
            if !section.items.isEmpty { return IndexLabel(label: label, target: number, isEmpty: false) }
            return IndexLabel(label: label, target: TapTarget.section(forEmptyAt: number, withElements: shown), isEmpty: true)
        }
    }

    /// The letters of the locale's own group ("A" … "Ö" for sv, "あ" … "わ" for ja): an index
    /// too long for the screen folds every other script first and keeps these whole.
    static func primaryLabels(forLocaleTag tag: String) -> Set<String> {
        guard let index = try? ContactsIndex(locale: tag) else { return [] }
        return Set(index.labels.dropLast())   // the overflow label `#` is last; it is kept anyway
    }

    /// Characters a query may hold besides those of the names: Latin (ASCII, Latin-1,
    /// Latin Extended and Vietnamese letters), combining marks, Greek, Cyrillic, the
    /// conjoining Hangul letters (a syllable being typed is weighed as its letters), kana, the
    /// Hangul letters and zhuyin typed alone, and full- and half-width forms.
    static let queryCharacters: [Unicode.Scalar] = [
        0x21...0x7E, 0xA1...0x24F, 0x300...0x36F, 0x370...0x4FF, 0x1100...0x11FF, 0x1E00...0x1EFF, 0x3041...0x30FF,
        0x3105...0x312F, 0x3131...0x318E, 0xFF01...0xFF9F,
    ].flatMap { $0.compactMap(Unicode.Scalar.init) }

    static func page(sections: [Section<InputEntry>], labels: [String], localeTag: String, full: Bool,
                     search: SearchForms? = nil) -> String {
        let direction = direction(forLocaleTag: localeTag)
        let index = indexLabels(sections: sections, labels: labels, full: full)
        let primary = primaryLabels(forLocaleTag: localeTag)
        let count = sections.reduce(0) { $0 + $1.items.count }
        var html = """
        <!doctype html>
        <html lang="\(escaped(localeTag))" dir="\(direction)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Contacts (\(escaped(localeTag)))</title>
        <style>\(style)</style>
        </head>
        <body>
        <div class="phone">
        <header class="bar"><h1>Contacts</h1><p><bdi>\(count) \(count == 1 ? "name" : "names")</bdi> · <bdi>\(escaped(localeTag))</bdi></p>\(search == nil ? "" : "\n<input id=\"search\" type=\"search\" placeholder=\"Search\" aria-label=\"Search contacts\" autocomplete=\"off\" spellcheck=\"false\" dir=\"auto\">")</header>
        <div class="content">
        <main id="list" aria-label="Contacts">

        """
        var codes = SearchCodes()
        var row = 0
        for (number, section) in sections.enumerated() where !section.items.isEmpty {
            html += "<section id=\"s-\(number)\"><h2><bdi>\(escaped(section.label))</bdi></h2><ul>\n"
            for entry in section.items {
                // The forms come in the order of the rows (sections' items, empty ones included).
                let forms = search.map { $0.entries[row] }
                row += 1
                html += forms.map { "<li \(codes.attributes(weights: $0.weights, wordStarts: $0.wordStarts))>" } ?? "<li>"
                html += "<span class=\"name\" dir=\"auto\">\(escaped(entry.name))</span>"
                if let reading = entry.reading, !reading.isEmpty {
                    html += " <span class=\"reading\" dir=\"auto\">\(escaped(reading))</span>"
                }
                html += "</li>\n"
            }
            html += "</ul></section>\n"
        }
        if count == 0 { html += "<p class=\"none\">No names.</p>\n" }
        if search != nil { html += "<p class=\"none\" id=\"no-match\" hidden>No matches.</p>\n" }
        html += "</main>\n<nav id=\"index\" aria-label=\"Section index\" style=\"--slots: \(max(index.count, 1))\">\n"
        for entry in index {
            let href = entry.target.map { "#s-\($0)" } ?? "#list"
            let target = entry.target.map { " data-target=\"s-\($0)\"" } ?? ""
            let dimmed = entry.isEmpty ? " class=\"empty\" title=\"no names\"" : ""
            let keep = primary.contains(entry.label) ? " data-keep" : ""
            html += "<a href=\"\(href)\" data-label=\"\(escaped(entry.label))\"\(target)\(dimmed)\(keep)>\(escaped(entry.label))</a>\n"
        }
        html += """
        </nav>
        </div>
        </div>
        <pre id="result" hidden></pre>
        <script>\(search.map { "\nvar searchTables = " + codes.tables($0) + ";" } ?? "")\(script)</script>
        </body>
        </html>

        """
        return html
    }

    /// Text and attribute values with `&`, `<`, `>`, `"` and `'` escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let style = """

    :root { color-scheme: light; --accent: #007aff; --line: #e0e0e6; --header: #f2f2f7; }
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; background: #d9d9de; }
    body { font: 17px/1.3 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK JP", sans-serif,
           "Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji"; color: #000; }
    .phone { position: relative; height: 100%; max-width: 480px; margin: 0 auto; background: #fff; display: flex; flex-direction: column; overflow: hidden; }
    .bar { padding: 12px 16px 8px; border-bottom: 1px solid var(--line); }
    .bar h1 { margin: 0; font-size: 30px; font-weight: 700; }
    .bar p { margin: 2px 0 0; color: #8e8e93; font-size: 13px; }
    .content { position: relative; flex: 1; min-height: 0; container-type: size; }
    /* The list stops where the index column begins: its scrollbar runs beside the index, not
       under it, where it would hide the dimmed labels. */
    #list { position: absolute; inset: 0; inset-inline-end: 24px; overflow-y: auto; }
    section { position: relative; }
    h2 { position: sticky; top: 0; z-index: 1; margin: 0; padding: 3px 16px; background: var(--header); font-size: 15px; font-weight: 600; color: #3c3c43; }
    ul { list-style: none; margin: 0; padding: 0; }
    li { padding: 10px 16px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
    .reading { color: #8e8e93; font-size: 13px; margin-inline-start: 6px; }
    .none { padding: 16px; color: #8e8e93; }
    #index { position: absolute; inset-inline-end: 0; top: 4px; bottom: 4px; width: 24px; z-index: 2;
             display: flex; flex-direction: column; justify-content: center; align-items: center;
             touch-action: none; user-select: none; -webkit-user-select: none; }
    #index a { display: block; width: 100%; text-align: center; text-decoration: none; color: var(--accent); font-weight: 600;
               font-size: min(11px, calc((100cqh - 8px) / var(--slots) * 0.8));
               line-height: min(14px, calc((100cqh - 8px) / var(--slots))); }
    #index .dot { display: block; text-align: center; color: var(--accent); font-size: 9px;
                  line-height: min(14px, calc((100cqh - 8px) / var(--slots))); }
    #index a.empty { color: #c7c7cc; }
    #index a.folded { display: none; }
    #search { display: block; width: 100%; margin: 8px 0 0; padding: 7px 10px; border: 0; border-radius: 10px;
              background: #eeeef0; font: inherit; font-size: 17px; }
    .searching #index { display: none; }
    .searching #list { inset-inline-end: 0; }

    """

    /// Jumps like a phone's side index (a tap or a drag over the labels), and the self-test.
    static let script = """

    (function () {
      "use strict";
      var list = document.getElementById("list");
      var nav = document.getElementById("index");
      var labels = Array.prototype.slice.call(nav.querySelectorAll("a[data-label]"));
      // What each visible slot of the index stands for: labels [from, to).
      var slots = [];

      function jump(link) {
        var section = document.getElementById(link.getAttribute("data-target") || "");
        if (!section) return;
        list.scrollTop += section.getBoundingClientRect().top - list.getBoundingClientRect().top;
      }

      // How many slots kept labels take: one each, and one dot for each gap between two.
      function slotCount(kept) {
        var count = kept.length;
        for (var k = 1; k < kept.length; k++) if (kept[k] > kept[k - 1] + 1) count++;
        return count;
      }
      // `count` of `indices`, evenly spread, the first and last among them.
      function spread(indices, count) {
        var out = [];
        if (count === 1) return [indices[0]];
        for (var k = 0; k < count; k++) out.push(indices[Math.round(k * (indices.length - 1) / (count - 1))]);
        return out;
      }
      // Which labels stay visible in `fit` slots: the locale's own letters (data-keep), the
      // first and the last label whole, the other scripts spread over the slots left; when
      // even the locale's letters do not fit, every label spread evenly.
      function chooseKept(fit) {
        var whole = [], others = [];
        labels.forEach(function (a, i) {
          (a.hasAttribute("data-keep") || i === 0 || i === labels.length - 1 ? whole : others).push(i);
        });
        if (slotCount(whole) > fit) {
          return spread(labels.map(function (a, i) { return i; }), Math.floor((fit + 1) / 2));
        }
        var best = whole;
        for (var count = 1; count <= others.length; count++) {
          var candidate = whole.concat(spread(others, count)).sort(function (x, y) { return x - y; })
            .filter(function (i, k, all) { return k === 0 || all[k - 1] !== i; });
          if (slotCount(candidate) > fit) break;
          best = candidate;
        }
        return best;
      }

      // Like a phone, fold an index too long for the screen, a dot standing for the labels
      // between two kept ones.
      function fold() {
        Array.prototype.forEach.call(nav.querySelectorAll(".dot"), function (dot) { dot.remove(); });
        labels.forEach(function (a) { a.classList.remove("folded"); });
        var fit = Math.max(3, Math.floor(nav.clientHeight / 13));
        if (labels.length <= fit) {
          nav.style.setProperty("--slots", Math.max(labels.length, 1));
          slots = labels.map(function (a, i) { return { element: a, from: i, to: i + 1 }; });
          return;
        }
        var kept = chooseKept(fit);
        labels.forEach(function (a) { a.classList.add("folded"); });
        slots = [];
        kept.forEach(function (i, k) {
          labels[i].classList.remove("folded");
          slots.push({ element: labels[i], from: i, to: i + 1 });
          var next = kept[k + 1];
          if (next !== undefined && next > i + 1) {
            var dot = document.createElement("span");
            dot.className = "dot";
            dot.textContent = "•";
            dot.setAttribute("aria-hidden", "true");
            nav.insertBefore(dot, labels[next]);
            slots.push({ element: dot, from: i + 1, to: next });
          }
        });
        nav.style.setProperty("--slots", slots.length);
      }

      // A touch or drag anywhere on the index: the slot under the finger, and inside a dot's
      // slot the label at that fraction of it.
      function follow(event) {
        for (var s = 0; s < slots.length; s++) {
          var box = slots[s].element.getBoundingClientRect();
          if (event.clientY < box.bottom || s === slots.length - 1) {
            var span = slots[s].to - slots[s].from;
            var fraction = Math.min(Math.max((event.clientY - box.top) / (box.height || 1), 0), 0.999);
            jump(labels[slots[s].from + Math.floor(fraction * span)]);
            return;
          }
        }
      }
      nav.addEventListener("click", function (event) {
        var link = event.target.closest("a");
        event.preventDefault();
        if (link) jump(link);
      });
      nav.addEventListener("pointerdown", function (event) { if (event.target.closest(".dot")) follow(event); });
      nav.addEventListener("pointermove", function (event) { if (event.buttons & 1) follow(event); });
      window.addEventListener("resize", fold);
      fold();

      // Search as `section-index search` does (prefix mode), with the tables the engine made:
      // a query word matches where its weights begin a word of a text of the row, in `data-s`
      // (a character per weight, a space between texts) at an offset in `data-w`.
      var field = document.getElementById("search");
      var content = list.parentNode;
      var rows = Array.prototype.slice.call(list.querySelectorAll("li[data-s]")).map(function (li) {
        var reading = li.querySelector(".reading");
        return { element: li, forms: li.getAttribute("data-s"), name: li.querySelector(".name").textContent,
                 reading: reading ? reading.textContent : null,
                 starts: (li.getAttribute("data-w") || "").split(" ").filter(Boolean).map(Number) };
      });
      // Unicode's White_Space, which splits a query into words.
      var space = /[\\t\\n\\v\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+/;
      var contractions = {};
      if (field) searchTables.contractions.forEach(function (c) {
        var letters = Array.from(c[0]);
        (contractions[letters[0]] = contractions[letters[0]] || []).push({ letters: letters, codes: c[1] });
      });
      // A word's weights: each character's, the longest contraction at a character deciding
      // for its letters; null when a character is not in the tables (it can match nothing).
      function weigh(chars) {
        var out = "";
        for (var i = 0; i < chars.length;) {
          var length = 0, codes = null;
          (contractions[chars[i]] || []).forEach(function (c) {
            if (c.letters.length > length && c.letters.every(function (l, k) { return chars[i + k] === l; })) {
              length = c.letters.length;
              codes = c.codes;
            }
          });
          if (codes === null) {
            codes = searchTables.characters[chars[i]];
            if (codes === undefined) return null;
            length = 1;
          }
          out += codes;
          i += length;
        }
        return out;
      }
      // A word ending in a Hangul syllable still being typed (삭 on the way to 사과): its final
      // consonant may begin the next syllable, split as the engine's table says; the letters
      // are weighed as conjoining jamo, which collation weighs as the syllable. Null otherwise.
      function typingAlternative(chars) {
        var last = chars[chars.length - 1].codePointAt(0) - 0xAC00;
        if (last < 0 || last >= 11172 || last % 28 === 0) return null;
        var split = searchTables.hangulFinals[last % 28];
        var syllable = last - last % 28 + split[0];
        var jamo = [0x1100 + Math.floor(syllable / 588), 0x1161 + Math.floor(syllable % 588 / 28)];
        if (syllable % 28) jamo.push(0x11A7 + syllable % 28);
        jamo.push(0x1100 + split[1]);
        return weigh(chars.slice(0, -1).concat(jamo.map(function (c) { return String.fromCodePoint(c); })));
      }
      // The query's words as the engine plans them: words of punctuation and symbols are
      // matched as written in the name or reading; the others by weights, also with their
      // last one to three letters completed to a contraction they begin (Czech c → ch), and
      // with a Hangul syllable being typed split. The page searches as prefix mode does (it
      // offers no dial pad).
      function plan(query) {
        var result = { words: [], literals: [] };
        query.split(space).forEach(function (word) {
          if (!word) return;
          if (/^[\\p{P}\\p{S}]+$/u.test(word)) { result.literals.push(word); return; }
          var chars = Array.from(word), codes = weigh(chars);
          if (codes === "") return;
          var alternatives = codes === null ? [] : [codes];
          for (var length = 1; length <= Math.min(3, chars.length); length++) {
            var tail = chars.slice(chars.length - length);
            (contractions[tail[0]] || []).forEach(function (c) {
              if (c.letters.length <= length || /\\p{M}/u.test(c.letters[length]) ||
                  !tail.every(function (l, k) { return c.letters[k] === l; })) return;
              var completed = weigh(chars.slice(0, chars.length - length).concat(c.letters));
              if (completed && completed !== codes && alternatives.indexOf(completed) < 0) alternatives.push(completed);
            });
          }
          var typing = typingAlternative(chars);
          if (typing && alternatives.indexOf(typing) < 0) alternatives.push(typing);
          result.words.push(alternatives);
        });
        return result;
      }
      function rowMatches(row, query) {
        return query.words.every(function (alternatives) {
          return alternatives.some(function (codes) {
            return row.starts.some(function (start) { return row.forms.startsWith(codes, start); });
          });
        }) && query.literals.every(function (literal) {
          return row.name.indexOf(literal) >= 0 || (row.reading !== null && row.reading.indexOf(literal) >= 0);
        });
      }
      function filter() {
        var query = plan(field.value);
        var all = query.words.length === 0 && query.literals.length === 0;
        var shown = 0;
        rows.forEach(function (row) {
          row.element.hidden = !all && !rowMatches(row, query);
          if (!row.element.hidden) shown++;
        });
        Array.prototype.forEach.call(list.querySelectorAll("section"), function (section) {
          section.hidden = !section.querySelector("li:not([hidden])");
        });
        document.getElementById("no-match").hidden = shown > 0 || rows.length === 0;
        var searching = field.value.replace(new RegExp(space.source, "g"), "") !== "";
        if (searching !== content.classList.contains("searching")) {
          content.classList.toggle("searching", searching);
          if (!searching) fold();
        }
        list.scrollTop = 0;
      }
      if (field) field.addEventListener("input", filter);

      var typed = /^#search=(.*)$/.exec(location.hash);
      if (typed && field) {
        window.addEventListener("load", function () {
          // Each query (one per line) typed a character at a time into the emptied field, as
          // a user does: the list follows every keystroke.
          function shown() {
            return {
              query: field.value,
              rows: rows.filter(function (row) { return !row.element.hidden; })
                .map(function (row) { return row.reading === null ? row.name : row.name + "\\t" + row.reading; }),
              sections: Array.prototype.filter.call(list.querySelectorAll("section"), function (s) { return !s.hidden; })
                .map(function (s) { return s.querySelector("h2").textContent; }),
              indexHidden: getComputedStyle(nav).display === "none"
            };
          }
          var report = { searches: [] };
          decodeURIComponent(typed[1]).split("\\n").forEach(function (query) {
            field.value = "";
            field.dispatchEvent(new Event("input", { bubbles: true }));
            Array.from(query).forEach(function (c) {
              field.value += c;
              field.dispatchEvent(new Event("input", { bubbles: true }));
            });
            report.searches.push(shown());
          });
          field.value = "";
          field.dispatchEvent(new Event("input", { bubbles: true }));
          report.cleared = shown();
          document.getElementById("result").textContent = JSON.stringify(report);
          document.title = "SEARCHED";
        });
      }

      var match = /^#selftest=(.*)$/.exec(location.hash);
      if (!match) return;
      var label = decodeURIComponent(match[1]);
      var result = document.getElementById("result");
      function report(fields) {
        result.textContent = JSON.stringify(fields);
        document.title = (fields.ok ? "PASS " : "FAIL ") + label;
      }
      var link = labels.find(function (a) { return a.getAttribute("data-label") === label; });
      if (!link) { report({ label: label, ok: false, error: "no index label " + label }); return; }
      window.addEventListener("load", function () {
        var before = list.scrollTop;
        link.click();
        setTimeout(function () {
          var top = list.getBoundingClientRect().top;
          // The section whose box spans the top edge of the list: its header is the one on top.
          var onTop = Array.prototype.find.call(list.querySelectorAll("section"), function (s) {
            var r = s.getBoundingClientRect();
            return r.top <= top + 0.5 && r.bottom > top + 0.5;
          });
          var header = onTop ? onTop.querySelector("h2") : null;
          var headerOffset = header ? header.getBoundingClientRect().top - top : null;
          var sectionOffset = onTop ? onTop.getBoundingClientRect().top - top : null;
          // A section near the end cannot reach the top: the list stops at its end, as a
          // phone's does, and the section's header must then be in view.
          var target = document.getElementById(link.getAttribute("data-target") || "");
          var targetHeader = target ? target.querySelector("h2") : null;
          var targetOffset = targetHeader ? targetHeader.getBoundingClientRect().top - top : null;
          var atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
          var onTopIsTarget = !!onTop && onTop === target && Math.abs(headerOffset) < 1 && Math.abs(sectionOffset) < 1;
          var targetInView = atEnd && targetOffset !== null && targetOffset >= 0 &&
            targetOffset + targetHeader.offsetHeight <= list.clientHeight;
          report({
            label: label, dimmed: link.classList.contains("empty"), folded: link.classList.contains("folded"),
            header: header ? header.textContent : null, headerOffset: headerOffset, sectionOffset: sectionOffset,
            target: targetHeader ? targetHeader.textContent : null, targetOffset: targetOffset, atEnd: atEnd,
            scrollBefore: before, scrollAfter: list.scrollTop, direction: getComputedStyle(document.documentElement).direction,
            indexSide: nav.getBoundingClientRect().left < list.getBoundingClientRect().left + list.clientWidth / 2 ? "left" : "right",
            visible: labels.filter(function (a) { return !a.classList.contains("folded"); })
              .map(function (a) { return a.getAttribute("data-label"); }),
            slots: slots.length, fit: Math.max(3, Math.floor(nav.clientHeight / 13)),
            listLeft: list.getBoundingClientRect().left, listRight: list.getBoundingClientRect().right,
            scrollbarWidth: list.offsetWidth - list.clientWidth,
            indexLeft: nav.getBoundingClientRect().left, indexRight: nav.getBoundingClientRect().right,
            ok: onTopIsTarget || targetInView
          });
        }, 250);
      });
    })();

    """
}

/// Weights as one character each, so the page's script compares weights by comparing
/// strings: the first weight seen gets U+4E00, the next U+4E01, and so on (then from U+20000),
/// characters with no special meaning in HTML or in a script; a space ends each text.
struct SearchCodes {
    private var codes: [UInt32: String] = [:]

    mutating func code(_ weight: UInt32) -> String {
        if let known = codes[weight] { return known }
        let id = UInt32(codes.count)
        let code = String(Unicode.Scalar(id < 20_992 ? 0x4E00 + id : 0x20000 + id - 20_992)!)
        codes[weight] = code
        return code
    }

    /// `data-s` (the texts, coded) and `data-w` (where words begin, in UTF-16 units, as the
    /// script's strings count) of a row.
    mutating func attributes(weights: [UInt32], wordStarts: [UInt32]) -> String {
        var text = ""
        var offsets: [Int] = []
        offsets.reserveCapacity(weights.count)
        var offset = 0
        for weight in weights {
            offsets.append(offset)
            let code = weight == 0 ? " " : code(weight)
            text += code
            offset += code.utf16.count
        }
        return "data-s=\"\(HTMLPreview.escaped(text))\" data-w=\"\(wordStarts.map { String(offsets[Int($0)]) }.joined(separator: " "))\""
    }

    /// The tables a query is weighed with, as a script literal: `{characters: {c: codes},
    /// contractions: [[letters, codes]], hangulFinals: [[rest, initial]]}`.
    mutating func tables(_ forms: SearchForms) -> String {
        let characters = forms.characters.map { Self.literal(String($0.character)) + ":" + Self.literal($0.weights.map { code($0) }.joined()) }
        let contractions = forms.contractions.map { "[" + Self.literal($0.letters) + "," + Self.literal($0.weights.map { code($0) }.joined()) + "]" }
        let finals = forms.hangulFinalSplits.map { "[\($0.rest),\($0.initial)]" }
        return "{characters:{" + characters.joined(separator: ",") + "},contractions:[" + contractions.joined(separator: ",")
            + "],hangulFinals:[" + finals.joined(separator: ",") + "]}"
    }

    /// A script string literal that cannot end the script element (`<` is escaped) nor a line.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where "<>&\u{2028}\u{2029}".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
