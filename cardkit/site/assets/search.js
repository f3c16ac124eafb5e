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
        status.textContent = ids.length === 0 ? "No card matches." :
          (ids.length > shown.length ? "Showing " + shown.length + " of " + ids.length + " cards."
            : ids.length + (ids.length === 1 ? " card." : " cards."));
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
