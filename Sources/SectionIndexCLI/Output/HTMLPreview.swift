import SectionIndex

/// `--format html`: one self-contained page (inline CSS and JavaScript, nothing fetched)
/// showing the list as a phone's contacts list does: sticky section headers, the index labels
/// stacked down the trailing edge, a tap on a label jumping to its section, the labels of
/// empty sections dimmed (with `--full`), and right-to-left locales mirrored.
///
/// The page tests itself when its address ends in `#selftest=LABEL`: it clicks the index
/// label LABEL, then writes what it finds at the top of the list as JSON into
/// `<pre id="result">` and `document.title` (see `HTMLPreviewTests`). The jump is right when
/// the section's header is at the top of the list, or, for a section too near the end to get
/// there, when the list is scrolled to its end with the header in view.
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

    /// The side index of sections: with `full`, every label (sections and labels line up one
    /// to one), empty ones dimmed; without, the labels of the sections shown.
    static func indexLabels(sections: [Section<InputEntry>], labels: [String], full: Bool) -> [IndexLabel] {
        let indexed = sections.indices.filter { sections[$0].kind != .pinned }
        let shown = indexed.filter { !sections[$0].items.isEmpty }
        return indexed.enumerated().map { ordinal, number in
            let section = sections[number]
            let label = full && labels.count == indexed.count ? labels[ordinal] : section.label
            if !section.items.isEmpty { return IndexLabel(label: label, target: number, isEmpty: false) }
            let target = shown.first { $0 > number } ?? shown.last { $0 < number }
            return IndexLabel(label: label, target: target, isEmpty: true)
        }
    }

    /// The letters of the locale's own group ("A" … "Ö" for sv, "あ" … "わ" for ja): an index
    /// too long for the screen folds every other script first and keeps these whole.
    static func primaryLabels(forLocaleTag tag: String) -> Set<String> {
        guard let index = try? ContactsIndex(locale: tag) else { return [] }
        return Set(index.labels.dropLast())   // the overflow label `#` is last; it is kept anyway
    }

    static func page(sections: [Section<InputEntry>], labels: [String], localeTag: String, full: Bool) -> String {
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
        <header class="bar"><h1>Contacts</h1><p><bdi>\(count) \(count == 1 ? "name" : "names")</bdi> · <bdi>\(escaped(localeTag))</bdi></p></header>
        <div class="content">
        <main id="list" aria-label="Contacts">

        """
        for (number, section) in sections.enumerated() where !section.items.isEmpty {
            html += "<section id=\"s-\(number)\"><h2><bdi>\(escaped(section.label))</bdi></h2><ul>\n"
            for entry in section.items {
                html += "<li><span class=\"name\" dir=\"auto\">\(escaped(entry.name))</span>"
                if let reading = entry.reading, !reading.isEmpty {
                    html += " <span class=\"reading\" dir=\"auto\">\(escaped(reading))</span>"
                }
                html += "</li>\n"
            }
            html += "</ul></section>\n"
        }
        if count == 0 { html += "<p class=\"none\">No names.</p>\n" }
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
        <script>\(script)</script>
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
