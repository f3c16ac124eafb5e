/* cardkit site search: instant, over every game and locale, from the prebuilt index
   (assets/search-index.js: window.CARDKIT_INDEX). Folding mirrors cardkit/site/search.py:
   lower case, NFKD without combining marks, then final sigma -> sigma, l-stroke -> l,
   sharp s -> ss; tokens are runs of letters and digits. No request leaves the page. */
var CARDKIT_EXTRA = [["\u03c2", "\u03c3"], ["\u0142", "l"], ["\u00df", "ss"]];
var CARDKIT_MAX_RESULTS = 50;

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
  for (var key in (values || {})) { text = text.split("{" + key + "}").join(values[key]); }
  return text;
}

function cardkitTokens(text) {
  return cardkitFold(text).match(/[\p{L}\p{N}]+/gu) || [];
}

/* Entry numbers whose tokens start with every word of the query, in index order. */
function cardkitSearch(index, query) {
  var words = cardkitTokens(query);
  if (!words.length) { return []; }
  var tokens = index.tokens;
  var found = null;
  for (var w = 0; w < words.length; w++) {
    var word = words[w];
    var lo = 0, hi = tokens.length;
    while (lo < hi) {  /* first token >= word (JavaScript string order, as the index) */
      var mid = (lo + hi) >> 1;
      if (tokens[mid][0] < word) { lo = mid + 1; } else { hi = mid; }
    }
    var hits = new Set();
    for (var t = lo; t < tokens.length && tokens[t][0].lastIndexOf(word, 0) === 0; t++) {
      var ids = tokens[t][1];
      for (var k = 0; k < ids.length; k++) { hits.add(ids[k]); }
    }
    if (found === null) {
      found = hits;
    } else {
      var both = new Set();
      found.forEach(function (id) { if (hits.has(id)) { both.add(id); } });
      found = both;
    }
    if (!found.size) { return []; }
  }
  return Array.from(found).sort(function (a, b) { return a - b; });
}

if (typeof document !== "undefined") {
  (function () {
    var form = document.getElementById("search");
    var input = document.getElementById("q");
    var list = document.getElementById("results");
    var status = document.getElementById("search-status");
    if (!form || !input || !list) { return; }
    var root = form.getAttribute("data-root") || "";
    var lang = document.documentElement.getAttribute("lang") || "";
    var msgs = cardkitMessages();

    function show() {
      var index = window.CARDKIT_INDEX;
      while (list.firstChild) { list.removeChild(list.firstChild); }
      var query = input.value;
      if (!index || !cardkitTokens(query).length) {
        if (status) { status.textContent = ""; }
        return;
      }
      var ids = cardkitSearch(index, query);
      /* cards in the page's language first, otherwise in index order */
      var here = ids.filter(function (i) { return index.entries[i].locale === lang; });
      var rest = ids.filter(function (i) { return index.entries[i].locale !== lang; });
      ids = here.concat(rest);
      var shown = ids.slice(0, CARDKIT_MAX_RESULTS);
      shown.forEach(function (i) {
        var e = index.entries[i];
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = root + e.url;
        a.setAttribute("lang", e.locale);
        a.appendChild(document.createTextNode(e.name + " "));
        var meta = document.createElement("span");
        meta.className = "meta";
        meta.textContent = e.game + " \u00b7 " + e.locale;
        a.appendChild(meta);
        li.appendChild(a);
        list.appendChild(li);
      });
      if (status) {
        status.textContent = ids.length === 0 ? (msgs.none || "") :
          (ids.length > shown.length
            ? cardkitPlural(msgs.showing, ids.length, msgs,
                            {shown: cardkitNumber(shown.length, msgs)})
            : cardkitPlural(msgs.found, ids.length, msgs));
      }
    }

    input.addEventListener("input", show);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      show();
      var first = list.querySelector("a");
      if (first) { first.focus(); }
    });
    if (input.value) { show(); }
  })();
}
