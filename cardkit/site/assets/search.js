/* cardkit site search, from the indexes per game and locale (assets/index/<game>.<locale>.js,
   listed by assets/index/catalog.js), loaded by adding their scripts when a search starts.
   Folding, the query language and the ranking mirror cardkit/site/search.py (the tests run both
   on the same queries): lower case, NFKD without combining marks, then final sigma -> sigma,
   l-stroke -> l, sharp s -> ss; tokens are runs of letters and digits. No request leaves the
   page. On a gallery, card page or translators' view the header field searches that game and
   locale; the search page (search.html, ?q=...&page=N) searches every index. */
var CARDKIT_EXTRA = [["\u03c2", "\u03c3"], ["\u0142", "l"], ["\u00df", "ss"]];
var CARDKIT_FIELDS = ["game", "lang", "set", "kind", "name", "cost"];
var CARDKIT_OPS = ["<=", ">=", "<", ">", "=", ":"];
var CARDKIT_QUOTES = "\"\u201c\u201d\u201e";
var CARDKIT_DIGITS = "#$%&'()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`" +
  "abcdefghijklmnopqrstuvwxyz{|}~";
var CARDKIT_PAGE_SIZE = 20;
var CARDKIT_INSTANT = 10;

function cardkitFold(text) {
  var s = String(text).toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  for (var i = 0; i < CARDKIT_EXTRA.length; i++) {
    s = s.split(CARDKIT_EXTRA[i][0]).join(CARDKIT_EXTRA[i][1]);
  }
  return s;
}

/* The page's interface strings (cardkit-messages: a JSON block written in the page's locale):
   counted nouns carry their plural forms and the CLDR categories they stand for. */
function cardkitMessages() {
  var el = typeof document !== "undefined" && document.getElementById("cardkit-messages");
  try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
}

function cardkitNumber(n, msgs) {
  var s = String(n);
  var sep = msgs.group || "";
  if (!sep || s.length < (msgs.groupMin || 4)) { return s; }
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function cardkitFill(text, values) {
  for (var key in (values || {})) { text = text.split("{" + key + "}").join(values[key]); }
  return text;
}

/* A counted noun in the page's language: the form Intl.PluralRules picks for n. */
function cardkitPlural(msg, n, msgs, values) {
  if (!msg || !msg.forms) { return String(n); }
  var cat = "other";
  try { cat = new Intl.PluralRules(document.documentElement.lang || "en").select(n); }
  catch (e) { cat = n === 1 ? "one" : "other"; }
  var at = msg.categories.indexOf(cat);
  if (at < 0) { at = msg.categories.indexOf("other"); }
  if (at < 0) { at = msg.forms.length - 1; }
  var text = msg.forms[Math.min(at, msg.forms.length - 1)].split("{n}").join(cardkitNumber(n, msgs));
  return cardkitFill(text, values);
}

function cardkitTokens(text) {
  return cardkitFold(text).match(/[\p{L}\p{N}]+/gu) || [];
}

/* -- the query language (search.py's parse) -------------------------------------------------- */

function cardkitParse(query) {
  var s = Array.from(String(query));  /* code points, as Python indexes a str */
  var out = {clauses: [], errors: []};
  var space = function (c) { return /^[\p{Zs}\t\n\r\f\v]$/u.test(c); };
  var quote = function (c) { return CARDKIT_QUOTES.indexOf(c) >= 0; };
  var until = function (i, stop) { while (i < s.length && !stop(s[i])) { i++; } return i; };
  var text = function (a, b) { return s.slice(a, b).join(""); };
  var words = function (t, neg, name, phrase) {
    var found = cardkitTokens(t);
    if (found.length) {
      out.clauses.push({kind: phrase ? "phrase" : "words", neg: neg, name: name, words: found});
    }
  };
  var field = function (name, op, value, quoted, neg) {
    if (CARDKIT_FIELDS.indexOf(name) < 0) { out.errors.push({error: "field", field: name}); }
    else if (!value.trim()) { return; }
    else if (name === "cost") {
      var number = value.trim().replace(",", ".");
      if (/^[0-9]+(?:\.[0-9]+)?$/.test(number)) {
        out.clauses.push({kind: "cost", neg: neg, op: op === ":" ? "=" : op,
                          value: parseFloat(number)});
      } else { out.errors.push({error: "number", field: name}); }
    } else if (op !== ":" && op !== "=") { out.errors.push({error: "op", field: name}); }
    else if (name === "name") { words(value, neg, true, quoted); }
    else {
      out.clauses.push({kind: "is", neg: neg, field: name, value: cardkitFold(value).trim()});
    }
  };
  var i = 0;
  while (i < s.length) {
    if (space(s[i])) { i++; continue; }
    var neg = s[i] === "-" && i + 1 < s.length && !space(s[i + 1]);
    if (neg) { i++; }
    var end;
    if (quote(s[i])) {
      end = until(i + 1, quote);
      words(text(i + 1, end), neg, false, true);
      i = end + 1;
      continue;
    }
    var j = /^\p{L}$/u.test(s[i]) ? until(i, function (c) { return !/^[\p{L}\p{N}]$/u.test(c); }) : i;
    var op = null;
    for (var o = 0; j > i && o < CARDKIT_OPS.length && op === null; o++) {
      if (text(j, j + CARDKIT_OPS[o].length) === CARDKIT_OPS[o]) { op = CARDKIT_OPS[o]; }
    }
    if (op === null) {
      end = until(i, space);
      words(text(i, end), neg, false, false);
      i = end;
      continue;
    }
    var k = j + op.length;
    var quoted = k < s.length && quote(s[k]);
    end = quoted ? until(k + 1, quote) : until(k, space);
    field(cardkitFold(text(i, j)), op, text(k + (quoted ? 1 : 0), end), quoted, neg);
    i = end + (quoted ? 1 : 0);
  }
  return out;
}

/* -- the indexes ----------------------------------------------------------------------------- */

/* An index as search.py's index_data: the word list, and numbers for the token lists. */
function cardkitDecode(ix) {
  if (ix.decoded) { return ix; }
  var width = ix.width;
  var numbers = function (t) {
    var out = [];
    for (var at = 0; at < t.length; at += width) {
      var n = 0;
      for (var c = at; c < at + width; c++) { n = n * 90 + CARDKIT_DIGITS.indexOf(t[c]); }
      out.push(n);
    }
    return out;
  };
  var words = [];
  (ix.words ? ix.words.split(" ") : []).forEach(function (piece) {
    var before = words.length ? words[words.length - 1] : "";
    words.push(before.slice(0, CARDKIT_DIGITS.indexOf(piece[0])) + piece.slice(1));
  });
  ix.words = words;
  ix.entries.forEach(function (e) { e.n = numbers(e.n); e.t = e.t.map(numbers); });
  ix.decoded = true;
  return ix;
}

/* [first, end) of the words beginning with w (one run: the words are sorted). */
function cardkitRange(words, w) {
  var lo = 0, hi = words.length;
  while (lo < hi) {
    var mid = (lo + hi) >> 1;
    if (words[mid] < w) { lo = mid + 1; } else { hi = mid; }
  }
  var end = lo;
  while (end < words.length && words[end].lastIndexOf(w, 0) === 0) { end++; }
  return [lo, end];
}

function cardkitHolds(c, ix, e) {
  var seqs = c.name ? [e.n] : [e.n].concat(e.t);
  var inRange = function (id, r) { return id >= r[0] && id < r[1]; };
  if (c.kind === "words") {
    return c.words.every(function (w) {
      var r = cardkitRange(ix.words, w);
      return seqs.some(function (s) { return s.some(function (id) { return inRange(id, r); }); });
    });
  }
  if (c.kind === "phrase") {
    var n = c.words.length, last = cardkitRange(ix.words, c.words[n - 1]);
    var exact = c.words.slice(0, -1).map(function (w) {
      var r = cardkitRange(ix.words, w);
      return r[0] < ix.words.length && ix.words[r[0]] === w ? r[0] : -1;
    });
    return seqs.some(function (s) {
      for (var p = 0; p + n <= s.length; p++) {
        var ok = inRange(s[p + n - 1], last);
        for (var q = 0; ok && q < n - 1; q++) { ok = s[p + q] === exact[q]; }
        if (ok) { return true; }
      }
      return false;
    });
  }
  if (c.kind === "is") {
    var have = c.field === "game" ? ix.game : c.field === "lang" ? ix.locale : e[c.field];
    return have !== null && have !== undefined && cardkitFold(String(have)) === c.value;
  }
  if (e.cost === null || e.cost === undefined) { return false; }
  return {"<": e.cost < c.value, "<=": e.cost <= c.value, ">": e.cost > c.value,
          ">=": e.cost >= c.value, "=": e.cost === c.value}[c.op];
}

/* search.py's rank: 0 the name is the words ... 4 a match in the texts only. */
function cardkitRank(name, words) {
  var begins = function (w) { return name.some(function (t) { return t.lastIndexOf(w, 0) === 0; }); };
  if (!words.length || name.join(" ") === words.join(" ")) { return 0; }
  if (words.every(function (w) { return name.indexOf(w) >= 0; })) { return 1; }
  if (words.every(begins)) { return 2; }
  return words.some(begins) ? 3 : 4;
}

/* The matches of a query in the indexes, best first: [{index, entry, rank}]; none when the
   query has errors or no clause. Ties: the locale lang first, then by name in its language. */
function cardkitRun(indexes, query, lang) {
  var parsed = typeof query === "string" ? cardkitParse(query) : query;
  if (parsed.errors.length || !parsed.clauses.length) { return []; }
  var words = [];
  parsed.clauses.forEach(function (c) {
    if ((c.kind === "words" || c.kind === "phrase") && !c.neg) { words = words.concat(c.words); }
  });
  var found = [];
  indexes.forEach(function (ix) {
    cardkitDecode(ix);
    ix.entries.forEach(function (e) {
      for (var i = 0; i < parsed.clauses.length; i++) {
        if (cardkitHolds(parsed.clauses[i], ix, e) === parsed.clauses[i].neg) { return; }
      }
      var name = e.n.map(function (id) { return ix.words[id]; });
      found.push({index: ix, entry: e, rank: cardkitRank(name, words)});
    });
  });
  var collator;
  try { collator = new Intl.Collator(lang || undefined); } catch (err) { collator = new Intl.Collator(); }
  found.sort(function (a, b) {
    return a.rank - b.rank || (a.index.locale !== lang) - (b.index.locale !== lang) ||
      collator.compare(a.entry.name, b.entry.name) ||
      (a.entry.url < b.entry.url ? -1 : a.entry.url > b.entry.url ? 1 : 0);
  });
  return found;
}

/* What is wrong with a query, in the page's language ("" if nothing). */
function cardkitProblem(parsed, msgs) {
  var e = parsed.errors[0];
  if (!e) { return ""; }
  if (e.error === "field") {
    return cardkitFill(msgs.badField || "", {field: e.field, fields: CARDKIT_FIELDS.join(", ")});
  }
  var example = e.error === "number" ? "cost<3" : e.field + ":" + (e.field === "lang" ? "el" : "\u2026");
  return cardkitFill((e.error === "number" ? msgs.badNumber : msgs.badOp) || "",
                     {field: e.field, example: example});
}

if (typeof document !== "undefined") {
  (function () {
    var form = document.getElementById("search");
    var input = document.getElementById("q");
    var list = document.getElementById("results");
    var status = document.getElementById("search-status");
    if (!form || !input || !list) { return; }
    var root = form.getAttribute("data-root") || "";
    var action = form.getAttribute("action") || "";
    var lang = document.documentElement.getAttribute("lang") || "";
    var msgs = cardkitMessages();
    var catalog = (window.CARDKIT_CATALOG || {indexes: []}).indexes;
    var pageList = document.getElementById("search-list");  /* the search page */
    var scope = pageList ? null : here();
    var loading = {};
    var waiting = [];
    window.CARDKIT_INDEXES = window.CARDKIT_INDEXES || {};

    /* The catalog's entry of the game and locale this page belongs to (by its path below the
       site's top folder: <game>/<locale>/...), or null. */
    function here() {
      try {
        var top = decodeURIComponent(new URL(root || "./", location.href).pathname);
        var path = decodeURIComponent(location.pathname);
        if (path.lastIndexOf(top, 0) !== 0) { return null; }
        var parts = path.slice(top.length).split("/");
        var key = parts.length > 2 ? parts[0] + "/" + parts[1] : "";
        return catalog.filter(function (c) { return c.key === key; })[0] || null;
      } catch (e) { return null; }
    }

    /* The indexes a query needs: the page's own, unless it names a game or language. */
    function wanted(parsed) {
      var named = parsed.clauses.some(function (c) {
        return c.kind === "is" && !c.neg && (c.field === "game" || c.field === "lang");
      });
      return scope && !named ? [scope] : catalog;
    }

    /* Call done once every index of `entries` has loaded (their scripts added if need be). */
    function load(entries, done) {
      var missing = entries.filter(function (c) {
        return !window.CARDKIT_INDEXES[c.key] && loading[c.key] !== "failed";
      });
      if (!missing.length) { done(); return; }
      waiting.push([missing, done]);
      missing.forEach(function (c) {
        if (loading[c.key]) { return; }
        loading[c.key] = "loading";
        var script = document.createElement("script");
        script.src = root + c.file;
        script.onload = script.onerror = function (event) {
          loading[c.key] = event.type === "error" ? "failed" : "loaded";
          var pending = function (w) {
            return w[0].some(function (m) { return loading[m.key] === "loading"; });
          };
          var ready = waiting.filter(function (w) { return !pending(w); });
          waiting = waiting.filter(pending);
          ready.forEach(function (w) { w[1](); });
        };
        document.head.appendChild(script);
      });
    }

    function indexes(entries) {
      return entries.map(function (c) { return window.CARDKIT_INDEXES[c.key]; })
        .filter(function (ix) { return ix; });
    }

    function titleOf(ix) {
      var c = catalog.filter(function (x) { return x.key === ix.game + "/" + ix.locale; })[0];
      return c ? [c.title, c.language] : [ix.game, ix.locale];
    }

    function item(hit) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + hit.entry.url;
      a.setAttribute("lang", hit.index.locale);
      a.appendChild(document.createTextNode(hit.entry.name + " "));
      var meta = document.createElement("span");
      meta.className = "meta";
      meta.setAttribute("translate", "no");
      meta.textContent = titleOf(hit.index).join(" \u00b7 ");
      a.appendChild(meta);
      li.appendChild(a);
      return li;
    }

    function clear(el) { while (el.firstChild) { el.removeChild(el.firstChild); } }

    function searchUrl(q, page) {
      return action + (q ? "?q=" + encodeURIComponent(q) + (page > 1 ? "&page=" + page : "") : "");
    }

    /* The query that finds on the search page what the header finds here. */
    function scoped(q, parsed) {
      return wanted(parsed) === catalog || !scope ? q
        : "game:" + scope.game + " lang:" + scope.locale + " " + q;
    }

    /* -- the header's instant results (every page but the search page) -- */
    var every = document.getElementById("search-every");
    var label = form.querySelector("label[for='q']");
    if (scope && every && label) {
      label.textContent = cardkitFill(msgs.scope || "", {game: scope.title, language: scope.language});
      every.hidden = false;
    }

    function instant() {
      var q = input.value;
      var parsed = cardkitParse(q);
      clear(list);
      if (every) { every.href = searchUrl(q, 1); }
      if (!status) { return; }
      if (!parsed.clauses.length && !parsed.errors.length) { status.textContent = ""; return; }
      if (parsed.errors.length) { status.textContent = cardkitProblem(parsed, msgs); return; }
      status.textContent = msgs.loading || "";
      load(wanted(parsed), function () {
        if (input.value !== q) { return; }
        var hits = cardkitRun(indexes(wanted(parsed)), parsed, lang);
        var shown = hits.slice(0, CARDKIT_INSTANT);
        shown.forEach(function (hit) { list.appendChild(item(hit)); });
        if (hits.length > shown.length) {
          var li = document.createElement("li");
          li.className = "more";
          var a = document.createElement("a");
          a.href = searchUrl(scoped(q, parsed), 1);
          a.textContent = cardkitPlural(msgs.more, hits.length, msgs);
          li.appendChild(a);
          list.appendChild(li);
        }
        status.textContent = !hits.length ? (msgs.none || "") : hits.length > shown.length
          ? cardkitPlural(msgs.showing, hits.length, msgs, {shown: cardkitNumber(shown.length, msgs)})
          : cardkitPlural(msgs.found, hits.length, msgs);
      });
    }

    if (!pageList) {
      input.addEventListener("input", instant);
      form.addEventListener("submit", function (event) {
        var parsed = cardkitParse(input.value);
        if (scope && !parsed.errors.length) {  /* the search page, over what was shown here */
          event.preventDefault();
          location.href = searchUrl(scoped(input.value, parsed), 1);
        }
      });
      if (input.value) { instant(); }
      return;
    }

    /* -- the search page: every index, 20 results a page, the query in the URL -- */
    var count = document.getElementById("search-count");
    var pager = document.querySelector("nav.search-pages");
    var prev = document.getElementById("search-prev");
    var next = document.getElementById("search-next");
    var pageOf = document.getElementById("search-page-of");
    var page = 1;

    function fromUrl() {
      var params = new URLSearchParams(location.search);
      input.value = params.get("q") || "";
      page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
    }

    function toUrl(push) {
      var q = input.value;
      var url = q ? "?q=" + encodeURIComponent(q) + (page > 1 ? "&page=" + page : "")
        : location.pathname;
      try { history[push ? "pushState" : "replaceState"](null, "", url); }
      catch (e) { /* file:// in some browsers */ }
    }

    function show() {
      var q = input.value;
      var parsed = cardkitParse(q);
      clear(pageList);
      pager.hidden = true;
      if (!parsed.clauses.length && !parsed.errors.length) { count.textContent = ""; return; }
      if (parsed.errors.length) { count.textContent = cardkitProblem(parsed, msgs); return; }
      count.textContent = msgs.loading || "";
      load(catalog, function () {
        if (input.value !== q) { return; }
        var hits = cardkitRun(indexes(catalog), parsed, lang);
        var pages = Math.max(1, Math.ceil(hits.length / CARDKIT_PAGE_SIZE));
        if (page > pages) { page = pages; toUrl(false); }
        var first = (page - 1) * CARDKIT_PAGE_SIZE;
        var shown = hits.slice(first, first + CARDKIT_PAGE_SIZE);
        pageList.setAttribute("start", String(first + 1));
        shown.forEach(function (hit) { pageList.appendChild(item(hit)); });
        count.textContent = !hits.length ? (msgs.none || "") : pages === 1
          ? cardkitPlural(msgs.found, hits.length, msgs)
          : cardkitPlural(msgs.range, hits.length, msgs,
                          {first: cardkitNumber(first + 1, msgs),
                           last: cardkitNumber(first + shown.length, msgs)});
        pager.hidden = pages === 1;
        prev.disabled = page <= 1;
        next.disabled = page >= pages;
        pageOf.textContent = cardkitFill(msgs.pageOf || "", {page: cardkitNumber(page, msgs),
                                                             pages: cardkitNumber(pages, msgs)});
      });
    }

    function turn(by) {
      page += by;
      toUrl(true);
      show();
      count.scrollIntoView({block: "nearest"});
    }

    input.addEventListener("input", function () { page = 1; toUrl(false); show(); });
    form.addEventListener("submit", function (event) { event.preventDefault(); toUrl(false); show(); });
    prev.addEventListener("click", function () { turn(-1); });
    next.addEventListener("click", function () { turn(1); });
    window.addEventListener("popstate", function () { fromUrl(); show(); });
    fromUrl();
    show();
  })();
}

/* The language switcher keeps the query: on the search page its links carry ?q=&page=
   (read when a link is followed, so the query typed last goes with it). */
if (typeof document !== "undefined") {
  (function () {
    if (!document.getElementById("search-list")) { return; }
    var links = document.querySelectorAll("nav.languages a");
    function carry(event) {
      var link = event.currentTarget;
      link.href = link.href.split(/[?#]/)[0] + location.search;
    }
    for (var i = 0; i < links.length; i++) {
      links[i].addEventListener("click", carry);
      links[i].addEventListener("auxclick", carry);
      links[i].addEventListener("focus", carry);
    }
  })();
}
