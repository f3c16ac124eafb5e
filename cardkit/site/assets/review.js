/* cardkit translators' view: the selects of #review-filters narrow the rows of every
   table.review by state (class state-<s>), kind (data-kind) and check code (data-codes); a
   kind's section with no row left is hidden; the game select opens another game's view. Without JavaScript the form stays hidden and every
   row shows. The count's words come from the page's locale (cardkitPlural of search.js). */
(function () {
  var form = document.getElementById("review-filters");
  var count = document.getElementById("review-count");
  if (!form) { return; }
  form.hidden = false;
  var state = form.elements.state, kind = form.elements.kind, code = form.elements.code;

  function apply() {
    var shown = 0;
    var sections = document.querySelectorAll("section[id^='kind-']");
    for (var s = 0; s < sections.length; s++) {
      var rows = sections[s].querySelectorAll("table.review tbody tr");
      var left = 0;
      for (var r = 0; r < rows.length; r++) {
        var row = rows[r];
        var ok = (!state.value || row.classList.contains("state-" + state.value)) &&
          (!kind.value || row.getAttribute("data-kind") === kind.value) &&
          (!code.value || (row.getAttribute("data-codes") || "").split(" ")
            .indexOf(code.value) >= 0);
        row.hidden = !ok;
        if (ok) { left++; }
      }
      sections[s].hidden = left === 0;
      shown += left;
    }
    if (count) {
      var msgs = typeof cardkitMessages === "function" ? cardkitMessages() : {};
      count.textContent = typeof cardkitPlural === "function"
        ? cardkitPlural(msgs.fields, shown, msgs) : String(shown);
    }
    var query = [];
    [state, kind, code].forEach(function (el) {
      if (el.value) { query.push(el.name + "=" + encodeURIComponent(el.value)); }
    });
    var hash = query.length ? "#" + query.join("&") : "";
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash || location.pathname + location.search); }
      catch (e) { /* file:// in some browsers */ }
    }
  }

  /* the filters in the URL's hash (#state=failing&code=I18N006): a link to what fails */
  function fromHash() {
    [state, kind, code].forEach(function (el) { el.value = ""; });
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var kv = pair.split("=");
      var el = form.elements[kv[0]];
      if (el && el.tagName === "SELECT" && kv.length === 2) {
        el.value = decodeURIComponent(kv[1]);
      }
    });
  }
  fromHash();
  window.addEventListener("hashchange", function () { fromHash(); apply(); });
  /* the game filter opens the same view of another game, the other filters kept */
  var game = form.elements.game;
  if (game) {
    game.addEventListener("change", function () {
      var chosen = game.options[game.selectedIndex];
      if (chosen && chosen.getAttribute("data-href")) {
        location.href = chosen.getAttribute("data-href") + location.hash;
      }
    });
  }
  form.addEventListener("change", function (event) {
    if (event.target !== game) { apply(); }
  });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
  apply();
})();
