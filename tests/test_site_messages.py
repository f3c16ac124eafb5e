"""The site's interface catalog (``cardkit/site/locale/<code>.po``): every message the site's
code uses has a Greek and a Polish translation (no empty msgstr, the same ``{placeholders}``,
every plural form the file's ``Plural-Forms`` asks for), and the lookups fall back to English,
pick CLDR plural forms and format numbers the locale's way.

The messages are found in the code the way xgettext would: every call on ``tr`` (``tr(...)``,
``tr.p(context, ...)``, ``tr.n(singular, plural, n)``, ``tr.html(...)``, ``tr.plural_forms``)
with literal strings. A call with a computed message is allowed only in a declared context of
data-driven labels (model fields, kinds, enum values, review states, severities, report keys).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from cardkit.i18n.api import load
from cardkit.site.messages import Messages, catalog_codes, load_catalog

from .conftest import SHIPPED

SITE = Path(__file__).resolve().parent.parent / "cardkit" / "site"
LOCALES = ("el", "pl")
DATA_CONTEXTS = {"field", "kind", "value", "state", "severity", "statistic", "reason"}
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")


def used_messages() -> dict[tuple[str, str, str | None], str]:
    """``(context, msgid, plural) -> where`` for every literal message call in the site."""
    out: dict[tuple[str, str, str | None], str] = {}
    for path in sorted(SITE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            if isinstance(f, ast.Name) and f.id == "tr":
                kind = "s"
            elif (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                  and f.value.id == "tr" and f.attr in ("p", "n", "html", "plural_forms")):
                kind = f.attr
            else:
                continue
            lits = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
                    for a in node.args]
            where = f"{path.name}:{node.lineno}"
            if kind == "p":
                assert lits[0] is not None, f"{where}: a context must be literal"
                if lits[1] is None:
                    assert lits[0] in DATA_CONTEXTS, f"{where}: computed message in {lits[0]!r}"
                    continue
                out[(lits[0], lits[1], None)] = where
            elif kind in ("n", "plural_forms"):
                assert lits[0] and lits[1], f"{where}: a counted noun must be literal"
                out[("", lits[0], lits[1])] = where
            else:
                assert lits[0] is not None, f"{where}: a message must be a literal string"
                out[("", lits[0], None)] = where
    return out


def test_the_code_uses_messages() -> None:
    used = used_messages()
    assert len(used) > 120
    assert sum(1 for *_, plural in used if plural) >= 8


@pytest.mark.parametrize("code", LOCALES)
def test_every_message_of_the_code_is_translated(code: str) -> None:
    po = polib.pofile(str(SITE / "locale" / f"{code}.po"))
    nplurals = int(re.search(r"nplurals=(\d+)", po.metadata["Plural-Forms"]).group(1))
    entries = {(e.msgctxt or "", e.msgid): e for e in po if not e.obsolete}
    problems = []
    for (context, msgid, plural), where in sorted(used_messages().items()):
        entry = entries.get((context, msgid))
        if entry is None or entry.fuzzy:
            problems.append(f"{where}: {msgid!r} not translated")
            continue
        wanted = sorted(PLACEHOLDER.findall(msgid))
        if plural is None:
            forms = [entry.msgstr]
        else:
            assert entry.msgid_plural == plural, where
            forms = [entry.msgstr_plural.get(i, "") for i in range(nplurals)]
        for form in forms:
            if not form.strip():
                problems.append(f"{where}: {msgid!r} has an empty form")
            elif sorted(set(PLACEHOLDER.findall(form))) != sorted(set(wanted)):
                problems.append(f"{where}: {msgid!r} placeholders {form!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", LOCALES)
def test_data_labels_of_the_shipped_games_are_translated(code: str) -> None:
    """The kinds of every shipped game (the review's tables, the filters) have a label."""
    catalog = load_catalog(code)
    for game in ("cartographers", "mars-dice", "terra", "terra-futura", "trains"):
        for kind in load(game, SHIPPED).content.game.kinds:
            assert ("kind", kind.name) in catalog.entries, (game, kind.name)
    for state in ("ok", "missing", "stale", "failing"):
        assert ("state", state) in catalog.entries


def test_a_new_locale_is_a_new_file() -> None:
    assert set(LOCALES) <= set(catalog_codes())
    assert Messages("xx")("Reports") == "Reports"  # no catalog: English


def test_plural_forms_and_numbers() -> None:
    data = load("terra-futura", SHIPPED)
    pl = Messages("pl", data.locales["pl"])
    el = Messages("el", data.locales["el"])
    en = Messages("en", data.locales["en"])
    assert [pl.n("{n} card", "{n} cards", n) for n in (1, 2, 5, 12, 22, 25)] == [
        "1 karta", "2 karty", "5 kart", "12 kart", "22 karty", "25 kart"]
    assert pl.n("{n} card", "{n} cards", 12000) == "12\u00a0000 kart"
    assert [el.n("{n} card", "{n} cards", n) for n in (1, 2)] == ["1 κάρτα", "2 κάρτες"]
    assert el.n("{n} card", "{n} cards", 1234) == "1.234 κάρτες"
    assert [en.n("{n} card", "{n} cards", n) for n in (1, 2)] == ["1 card", "2 cards"]
    assert pl.fixed(12.25, 1) in ("12,2", "12,3") and pl("Reports") == "Raporty"
    assert pl("a message nobody wrote") == "a message nobody wrote"  # English fallback
    assert ("", "a message nobody wrote") in pl.missing


def test_pseudo_messages() -> None:
    qps = Messages("qps")
    text = qps.n("{n} card", "{n} cards", 3)
    assert text.startswith("⟦") and "3" in text and "card" not in text
    assert qps.html("deck {deck}", deck="<code>x</code>").count("<code>x</code>") == 1


NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_scripts_pick_plural_forms_like_python() -> None:
    """``search.js``'s ``cardkitPlural`` (the gallery count and the search status) picks the
    form ``Intl.PluralRules`` gives, from the forms and categories the page carries."""
    data = load("terra-futura", SHIPPED)
    pl = Messages("pl", data.locales["pl"])
    forms = pl.plural_forms("{n} card", "{n} cards")
    counts = [1, 2, 5, 12, 22, 25, 104]
    script = ("global.document={documentElement:{lang:'pl'},getElementById:()=>null};"
              f"require('vm').runInThisContext(require('fs').readFileSync({json.dumps(str(SITE / 'assets' / 'search.js'))},'utf8'));"
              f"const m={json.dumps(forms)};"
              f"console.log(JSON.stringify({json.dumps(counts)}.map(n=>cardkitPlural(m,n,{{}}))));")
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=30,
                          check=True)
    assert json.loads(done.stdout) == [pl.n("{n} card", "{n} cards", n) for n in counts]
