"""Glossaries: forbidden variants matched by stem (I18N013) and the TBX/CSV export for CAT tools
(`cardkit i18n glossary`)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from pydantic import ValidationError

from cardkit.cli import main
from cardkit.i18n import api
from cardkit.i18n.checks import PAIR_CHECKS, Pair, TranslationEnv, pair_diagnostics
from cardkit.i18n.glossary import Term, forbidden_stem_words, term_issues
from cardkit.i18n.locale import Locale, Plural
from cardkit.i18n.tbx import CSV_HEADER, glossary_csv, glossary_tbx

from .conftest import ROOT, SHIPPED

WASTE_EL = Term(term="Waste", translation="Σκουπίδια",
                forms=["Σκουπίδια", "Σκουπιδιών", "κάρτα Σκουπιδιών"],
                forbidden=["απόβλητα", "απορρίμματα"],
                forbidden_stems=["απόβλητ", "αποβλήτ", "απορρίμ", "σκουπίδ"])
WASTE_PL = Term(term="Waste", translation="Odpady", forms=["Odpady", "Odpadów", "Odpadami"],
                forbidden=["śmieci"], forbidden_stems=["śmiec", "śmieć"])


def issues(term: Term, english: str, text: str) -> list[str]:
    return term_issues(term, english, text)


# --- forbidden stems ---------------------------------------------------------------------------

def test_inflected_forbidden_forms_next_to_the_approved_term_are_caught() -> None:
    # the issue's examples: both passed before, because only whole listed forms were matched
    found = issues(WASTE_EL, "Gain a Waste.", "Πάρτε μία κάρτα Σκουπιδιών και ένα απόβλητο.")
    assert found == ["glossary: 'απόβλητο' (a form of 'απόβλητ…') is not used for 'Waste'; "
                     "write 'Σκουπίδια'"]
    found = issues(WASTE_PL, "Gain a Waste.", "Weź Odpady zamiast kart śmieciowych.")
    assert found == ["glossary: 'śmieciowych' (a form of 'śmiec…') is not used for 'Waste'; "
                     "write 'Odpady'"]


def test_stems_ignore_case_and_accents() -> None:
    for text in ("Πάρτε ΑΠΟΒΛΗΤΟ.", "Πάρτε ΑΠΌΒΛΗΤΟ.", "Πάρτε αποβλήτων.", "Πάρτε Απόβλητου."):
        assert len(issues(WASTE_EL, "Gain a Waste.", text)) == 2, text  # + the missing term
    stems_only = WASTE_PL.model_copy(update={"forbidden": []})
    assert [w for w, _ in forbidden_stem_words(stems_only, "ŚMIECIOWY Śmieć smieci")] == \
        ["ŚMIECIOWY", "Śmieć", "smieci"]
    # with "śmieci" listed as a forbidden form, that message covers "smieci" (once)
    assert issues(WASTE_PL, "Gain a Waste.", "Odpady, nie smieci") == \
        ["glossary: 'śmieci' is not used for 'Waste'; write 'Odpady'"]


def test_a_stem_that_begins_an_approved_form_does_not_fire_on_that_form() -> None:
    # σκουπίδ (for the singular «Σκουπίδι») is a prefix of the approved «Σκουπίδια»
    for ok in ("Πάρτε Σκουπίδια.", "Πάρτε ΣΚΟΥΠΙΔΙΑ.", "Πάρτε μία κάρτα Σκουπιδιών.",
               "Πάρτε σκουπίδια."):
        assert issues(WASTE_EL, "Gain a Waste.", ok) == [], ok
    found = issues(WASTE_EL, "Gain a Waste.", "Πάρτε ένα Σκουπίδι.")
    assert len(found) == 2 and "'Σκουπίδι' (a form of 'σκουπίδ…')" in found[1]


def test_a_longer_accepted_stem_wins_over_a_forbidden_stem() -> None:
    term = Term(term="card", translation="karta", stems=["kart"], forbidden_stems=["kar"])
    assert issues(term, "Draw a card.", "Dobierz kartę.") == []
    found = issues(term, "Draw a card.", "Dobierz kartę, nie karo.")
    assert found == ["glossary: 'karo' (a form of 'kar…') is not used for 'card'; write 'karta'"]


def test_a_stem_matches_word_beginnings_only() -> None:
    assert issues(WASTE_PL, "Gain a Waste.", "Weź Odpady; nie naśmiecić.") == []


def test_a_word_caught_by_a_forbidden_form_is_reported_once() -> None:
    found = issues(WASTE_PL, "Gain a Waste.", "Weź Odpady, nie śmieci, śmieci ani śmieciowych.")
    assert found == ["glossary: 'śmieci' is not used for 'Waste'; write 'Odpady'",
                     "glossary: 'śmieciowych' (a form of 'śmiec…') is not used for 'Waste'; "
                     "write 'Odpady'"]


def test_stems_only_apply_where_the_english_has_the_term() -> None:
    assert issues(WASTE_PL, "Gain a coin.", "Zyskaj monetę i śmieciowy bilet.") == []


def test_the_model_is_strict_and_documented() -> None:
    with pytest.raises(ValidationError):
        Term(term="Waste", translation="Odpady", forbidden_stems="śmiec")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Term.model_validate({"term": "Waste", "translation": "Odpady", "forbidden_stem": []})
    schema = json.loads((ROOT / "schemas" / "glossary.schema.json").read_text("utf-8"))
    assert "forbidden_stems" in json.dumps(schema)


def test_the_pair_check_reports_stems_as_i18n013() -> None:
    data = api.load("trains", SHIPPED)
    src = next(s for s in data.sources() if isinstance(s.text, str) and "Waste" in s.text
               and s.key == "text")
    entry = data.overlay("pl").get(src.kind, src.object_id, src.key)
    assert entry is not None
    bad = type(entry)(entry.translation.model_copy(
        update={"text": entry.translation.text + " Bez śmieciowych kart."}), entry.file,
        entry.pointer)
    glossary = [c for c in PAIR_CHECKS if c.code == "I18N013"]
    env = TranslationEnv(data.locales["pl"], terms=[WASTE_PL])
    assert [d.code for d in pair_diagnostics(Pair(src, entry, env), glossary)] == []
    assert [d.code for d in pair_diagnostics(Pair(src, bad, env), glossary)] == ["I18N013"]


def test_shipped_translations_pass_the_glossary_check_with_stems() -> None:
    glossary = [c for c in PAIR_CHECKS if c.code == "I18N013"]
    for game in ("terra", "trains"):
        data = api.load(game, SHIPPED)
        for code, terms in data.translations.glossaries.items():
            env = TranslationEnv(data.locales[code], terms=terms)
            overlay = data.overlay(code)
            for src in data.sources():
                entry = overlay.get(src.kind, src.object_id, src.key)
                if entry is not None:
                    assert list(pair_diagnostics(Pair(src, entry, env), glossary)) == [], \
                        (game, code, src.object_id)


# --- export: TBX and CSV -----------------------------------------------------------------------

PL = Locale(code="pl", name="Polish", native_name="polski", scripts=["Latin"],
            plural=Plural(categories=["one", "few", "many"], gettext="nplurals=3; plural=0;"),
            decimal=",", group=["space"], quotes=["„", "”"])
TERMS = [WASTE_PL,
         Term(term="VP", match=["VP", "victory point"], translation="punkty zwycięstwa",
              stems=["punkt"], note="as on the score track"),
         Term(term="station", fields=["text"], translation="stacja", stems=["stacj"]),
         Term(term="R&D <lab>", translation="B+R \"lab\" & co", note="<hostile> & \"quoted\""),
         Term(term="r&d lab", translation="laboratorium")]
XML = "{http://www.w3.org/XML/1998/namespace}lang"


def _tbx() -> etree._Element:
    return etree.fromstring(glossary_tbx("trains", PL, TERMS).encode("utf-8"))


def test_tbx_is_tbx_basic_with_every_term() -> None:
    root = _tbx()
    assert root.tag == "martif" and root.get("type") == "TBX-Basic" and root.get(XML) == "en"
    entries = root.findall("text/body/termEntry")
    ids = [e.get("id") for e in entries]
    assert len(ids) == len(set(ids))
    concepts = [e for e in entries if not e.get("id").endswith("-forbidden")]
    assert len(concepts) == len(TERMS)
    for entry, term in zip(concepts, TERMS):
        en, pl = entry.findall("langSet")
        assert (en.get(XML), pl.get(XML)) == ("en", "pl")
        assert en.findtext("tig/term") == term.term
        assert pl.findtext("tig/term") == term.translation
        assert pl.findtext("tig/termNote[@type='administrativeStatus']") == \
            "preferredTerm-admn-sts"


def _statuses(lang_set: etree._Element) -> dict[str, str]:
    return {tig.findtext("term"): tig.findtext("termNote") for tig in lang_set.findall("tig")}


def test_tbx_marks_admitted_and_forbidden_forms() -> None:
    entries = {e.get("id"): e for e in _tbx().iter("termEntry")}
    waste = entries["trains-waste"].findall("langSet")
    assert _statuses(waste[1]) == {"Odpady": "preferredTerm-admn-sts",
                                   "Odpadów": "admittedTerm-admn-sts",
                                   "Odpadami": "admittedTerm-admn-sts"}
    # forbidden forms in an entry of their own (a tool may flag a whole entry as forbidden)
    forbidden = entries["trains-waste-forbidden"].findall("langSet")
    assert forbidden[0].findtext("tig/term") == "Waste"
    assert _statuses(forbidden[1]) == {"śmieci": "deprecatedTerm-admn-sts",
                                       "śmiec*": "deprecatedTerm-admn-sts",
                                       "śmieć*": "deprecatedTerm-admn-sts"}
    vp = entries["trains-vp"]
    assert _statuses(vp.findall("langSet")[0]) == {"VP": "preferredTerm-admn-sts",
                                                   "victory point": "admittedTerm-admn-sts"}
    assert vp.findtext("note") == "as on the score track"
    assert "punkt*" in vp.findall("langSet")[1].findtext("note")
    assert entries["trains-station"].findtext("note") == "only in: text"
    assert "trains-vp-forbidden" not in entries


def test_tbx_escapes_hostile_text_and_keeps_ids_unique() -> None:
    entries = {e.get("id"): e for e in _tbx().iter("termEntry")}
    hostile = entries["trains-r-d-lab"]
    assert hostile.findtext("langSet/tig/term") == "R&D <lab>"
    assert hostile.findall("langSet")[1].findtext("tig/term") == "B+R \"lab\" & co"
    assert hostile.findtext("note") == "<hostile> & \"quoted\""
    assert entries["trains-r-d-lab-2"].findtext("langSet/tig/term") == "r&d lab"


def test_csv_has_the_documented_columns_and_every_term() -> None:
    text = glossary_csv(TERMS)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert tuple(rows[0]) == CSV_HEADER == ("term", "translation", "forms", "forbidden", "note")
    assert [r[0] for r in rows[1:]] == [t.term for t in TERMS]
    assert rows[1] == ["Waste", "Odpady", "Odpadów; Odpadami", "śmieci; śmiec*; śmieć*", ""]
    assert rows[2] == ["VP", "punkty zwycięstwa", "punkt*", "", "as on the score track"]
    assert rows[3][4] == "only in: text"
    assert rows[4][:2] == ["R&D <lab>", "B+R \"lab\" & co"]
    assert text.endswith("\r\n") and not text.startswith("\ufeff")


def test_exports_are_deterministic() -> None:
    assert glossary_tbx("trains", PL, TERMS) == glossary_tbx("trains", PL, list(TERMS))
    assert glossary_csv(TERMS) == glossary_csv(list(TERMS))


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("fmt", ["tbx", "csv"])
def test_cli_writes_every_glossary_term_byte_stable(terra_content, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                    fmt: str) -> None:
    content = terra_content()
    out = tmp_path / "out" / f"terra-el.{fmt}"
    result = run("i18n", "glossary", "terra", "--locale", "el", "--format", fmt, "-o", str(out),
                 "--content", str(content))
    assert result.exit_code == 0, result.output
    first = out.read_bytes()
    terms = api.load("terra", content).translations.glossaries["el"]
    if fmt == "tbx":
        root = etree.fromstring(first)
        assert [e.findtext("langSet/tig/term") for e in root.iter("termEntry")
                if not e.get("id").endswith("-forbidden")] == [t.term for t in terms]
    else:
        rows = list(csv.DictReader(io.StringIO(first.decode("utf-8"), newline="")))
        assert [(r["term"], r["translation"]) for r in rows] == \
            [(t.term, t.translation) for t in terms]
    # again: cardkit wrote it, so no --force is needed, and the bytes are the same
    assert run("i18n", "glossary", "terra", "--locale", "el", "--format", fmt, "-o", str(out),
               "--content", str(content)).exit_code == 0
    assert out.read_bytes() == first


def test_cli_never_replaces_a_foreign_file(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Not even with ``--force``, which replaces cardkit's own outputs only (issue 31)."""
    content = terra_content()
    out = tmp_path / "mine.tbx"
    out.write_text("precious", "utf-8")
    args = ("i18n", "glossary", "terra", "--locale", "pl", "-o", str(out), "--content",
            str(content))
    result = run(*args)
    assert result.exit_code == 2 and out.read_text("utf-8") == "precious"
    assert run(*args, "--force").exit_code == 2
    assert out.read_text("utf-8") == "precious"
    out.unlink()
    assert run(*args).exit_code == 0
    assert out.read_text("utf-8").startswith("<?xml")


def test_cli_never_writes_into_the_content_folder(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content()
    out = content / "terra" / "glossary.tbx"
    result = run("i18n", "glossary", "terra", "--locale", "pl", "-o", str(out), "--content",
                 str(content), "--force")
    assert result.exit_code == 2 and not out.exists()


def test_cli_refuses_bad_requests(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = terra_content()
    out = tmp_path / "g.tbx"
    for extra in (["--locale", "en"], ["--locale", "xx"], ["--locale", "pl", "--format", "xml"]):
        result = run("i18n", "glossary", "terra", *extra, "-o", str(out), "--content",
                     str(content))
        assert result.exit_code == 2 and not out.exists(), extra
        assert "Traceback" not in result.output


def test_cli_runs_the_content_gate(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = terra_content()
    overlay = content / "terra" / "i18n" / "pl" / "cards.yaml"
    overlay.write_text(overlay.read_text("utf-8").replace("Kiedy go otwarto?",
                                                          "Kiedy go otwarto {n}?"), "utf-8")
    out = tmp_path / "g.csv"
    result = run("i18n", "glossary", "terra", "--locale", "pl", "--format", "csv", "-o",
                 str(out), "--content", str(content))
    assert result.exit_code != 0 and not out.exists()
    assert "I18N004" in result.output
