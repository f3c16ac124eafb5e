/* cardkit gallery filters: every <select> of #filters narrows li.card by its data-<name>
   attribute (space-separated values for list fields); "" shows all. Without JavaScript the
   form stays hidden and every card shows. The count's words come from the page's locale
   (cardkitPlural of search.js, loaded before). */
(function () {
  var form = document.getElementById("filters");
  var gallery = document.getElementById("gallery");
  var count = document.getElementById("count");
  if (!form || !gallery) { return; }
  form.hidden = false;
  var selects = form.querySelectorAll("select");

  function apply() {
    var wanted = [];
    for (var i = 0; i < selects.length; i++) {
      if (selects[i].value !== "") { wanted.push([selects[i].name, selects[i].value]); }
    }
    var cards = gallery.querySelectorAll("li.card");
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

  form.addEventListener("change", apply);
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  form.addEventListener("submit", function (event) { event.preventDefault(); apply(); });
  apply();
})();
