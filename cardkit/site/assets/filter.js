/* cardkit gallery: sort and filters.
   Every <select> of #filters narrows li.card by its data-<name> attribute (space-separated
   values for list fields); "" shows all. #sort orders the cards: print order (the page's own),
   name A-Z in the page's language (localeCompare), cost low to high or high to low
   (data-sort-cost; a card without a cost comes last either way); equal cards keep print order.
   The state lives in the page's address (#sort=name&set=rising-sun): a link shares it and a
   reload keeps it; a fragment without "=" (the skip link's #main) is not a state and is left
   alone. Without JavaScript both forms stay hidden and every card shows in print order.
   The count's words come from the page's locale (cardkitPlural of search.js, loaded before). */
(function () {
  var form = document.getElementById("filters");
  var order = document.getElementById("order");
  var sort = document.getElementById("sort");
  var gallery = document.getElementById("gallery");
  var count = document.getElementById("count");
  if (!gallery) { return; }
  if (form) { form.hidden = false; }
  if (order) { order.hidden = false; }
  var selects = form ? Array.prototype.slice.call(form.querySelectorAll("select")) : [];
  var cards = Array.prototype.slice.call(gallery.querySelectorAll("li.card"));
  var lang = document.documentElement.lang || undefined;
  var items = cards.map(function (li, i) {
    var name = li.querySelector(".name");
    var cost = li.getAttribute("data-sort-cost");
    return { li: li, index: i, name: name ? name.textContent : "",
             cost: cost === null || cost === "" ? null : Number(cost) };
  });

  function byName(a, b) {
    try {
      return a.name.localeCompare(b.name, lang);
    } catch (e) {  /* a language the browser does not know */
      return a.name.localeCompare(b.name);
    }
  }

  function compare(how) {
    if (how === "name") {
      return function (a, b) { return byName(a, b) || a.index - b.index; };
    }
    if (how === "cost-up" || how === "cost-down") {
      var sign = how === "cost-up" ? 1 : -1;
      return function (a, b) {
        if (a.cost === null || b.cost === null) {
          return (a.cost === null) - (b.cost === null) || a.index - b.index;
        }
        return sign * (a.cost - b.cost) || a.index - b.index;
      };
    }
    return function (a, b) { return a.index - b.index; };
  }

  function arrange() {
    var sorted = items.slice().sort(compare(sort ? sort.value : "print"));
    var changed = false;
    var shown = gallery.querySelectorAll("li.card");
    for (var i = 0; i < sorted.length; i++) {
      if (shown[i] !== sorted[i].li) { changed = true; break; }
    }
    if (!changed) { return; }
    var frag = document.createDocumentFragment();
    for (var j = 0; j < sorted.length; j++) { frag.appendChild(sorted[j].li); }
    gallery.appendChild(frag);
  }

  function narrow() {
    var wanted = [];
    for (var i = 0; i < selects.length; i++) {
      if (selects[i].value !== "") { wanted.push([selects[i].name, selects[i].value]); }
    }
    var n = 0;
    for (var c = 0; c < cards.length; c++) {
      var ok = true;
      for (var w = 0; w < wanted.length && ok; w++) {
        var have = cards[c].getAttribute("data-" + wanted[w][0]);
        ok = have !== null && have.split(" ").indexOf(wanted[w][1]) >= 0;
      }
      cards[c].hidden = !ok;
      if (ok) { n++; }
    }
    if (count) {
      count.textContent = typeof cardkitPlural === "function"
        ? cardkitPlural(cardkitMessages().cards, n, cardkitMessages()) : String(n);
    }
  }

  function apply() { arrange(); narrow(); }

  /* -- the state in the address ------------------------------------------------------------ */

  function readHash() {
    var raw = location.hash.replace(/^#/, "");
    if (raw.indexOf("=") < 0) { return null; }
    var state = {};
    raw.split("&").forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at <= 0) { return; }
      try {
        state[decodeURIComponent(pair.slice(0, at))] =
          decodeURIComponent(pair.slice(at + 1).replace(/\+/g, " "));
      } catch (e) { /* a malformed pair is left out */ }
    });
    return state;
  }

  function offers(select, value) {
    return typeof value === "string" && Array.prototype.some.call(
      select.options, function (o) { return o.value === value; });
  }

  function restore(state) {
    if (sort) { sort.value = offers(sort, state.sort) ? state.sort : sort.options[0].value; }
    selects.forEach(function (s) { s.value = offers(s, state[s.name]) ? state[s.name] : ""; });
  }

  function stateHash() {
    var parts = [];
    if (sort && sort.value !== sort.options[0].value) {
      parts.push("sort=" + encodeURIComponent(sort.value));
    }
    selects.forEach(function (s) {
      if (s.value !== "") {
        parts.push(encodeURIComponent(s.name) + "=" + encodeURIComponent(s.value));
      }
    });
    return parts.length ? "#" + parts.join("&") : "";
  }

  function save() {
    var hash = stateHash();
    if (hash === location.hash || (hash === "" && readHash() === null)) { return; }
    var url = location.href.split("#")[0] + hash;
    try {
      history.replaceState(history.state, "", url);
    } catch (e) {
      location.replace(hash ? url : url + "#");
    }
  }

  function changed() { apply(); save(); }

  var start = readHash();
  if (start) { restore(start); }
  [form, order].forEach(function (f) {
    if (!f) { return; }
    f.addEventListener("change", changed);
    f.addEventListener("submit", function (event) { event.preventDefault(); changed(); });
  });
  if (form) { form.addEventListener("reset", function () { setTimeout(changed, 0); }); }
  window.addEventListener("hashchange", function () {
    var state = readHash();
    if (state) { restore(state); changed(); }
  });
  apply();
  if (start) { save(); }  /* a value the page does not offer leaves the address */
})();
