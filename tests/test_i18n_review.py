"""Reviewers see what changed (issue 11, item 5) and per-entry waivers (item 6).

The store of English source texts (``content/<game>/i18n/sources.yaml``), ``#| msgid`` in PO
exports, ``cardkit i18n diff``, ``confirm`` needing ids or ``--all``, and ``waive:`` on overlay
entries, each through the CLI on a copy of the small Terra test world (fast), and the shipped
store checked as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from cardkit.cli import main
from cardkit.core.discovery import display_path
from cardkit.i18n import api
from cardkit.i18n.history import HISTORY_CODES, word_diff
from cardkit.i18n.sources import fingerprint
from cardkit.i18n.writer import sync_store

from .conftest import ROOT, SHIPPED

SCHEMAS = ROOT / "schemas"
OLD, NEW = "Golden Gate Bridge", "The Golden Gate Bridge"
OLD_FP, NEW_FP = fingerprint(OLD), fingerprint(NEW)
CARD = "golden-gate-bridge"
PL_INFO = "      text: Karta testowa.\n"  # the Polish info of both cards (no number)


@pytest.fixture
def content(terra_content: Callable[[dict[str, str] | None], Path]) -> Path:
    """The Terra test world with its store of English texts seeded (as for the shipped one)."""
    root = terra_content(None)
    sources = api.load("terra", root).sources()
    store_path(root).unlink()  # the test world ships one (tests/fixtures/i18n_cases.yaml uses
    # it): seed it again here, as for a game that has none yet
    assert sync_store(root, SCHEMAS, "terra", sources, dry_run=True) is not None
    assert not store_path(root).exists()
    assert sync_store(root, SCHEMAS, "terra", sources) == display_path(store_path(root))
    assert sync_store(root, SCHEMAS, "terra", sources) is None  # in line: nothing to do
    return root


def run(*args: object):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def check(content: Path, *extra: str):  # type: ignore[no-untyped-def]
    """``cardkit i18n check`` (the translation checks ``cardkit check`` runs), as JSON."""
    return run("i18n", "check", "terra", "--content", content, "--format", "json", *extra)


def findings(result, code: str) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    return [d for d in json.loads(result.stdout)["diagnostics"] if d["code"] == code]


def counts(result) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Errors and warnings of a JSON check report."""
    summary = json.loads(result.stdout)["summary"]
    return summary["errors"], summary["warnings"]


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text("utf-8")
    assert text.count(old) == count, f"{old!r} not {count} time(s) in {path}"
    path.write_text(text.replace(old, new), "utf-8")


def line_of(path: Path, needle: str) -> int:
    lines = path.read_text("utf-8").split("\n")
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def store_path(content: Path) -> Path:
    return content / "terra" / "i18n" / "sources.yaml"


def store(content: Path) -> dict[str, object]:
    return YAML(typ="safe").load(store_path(content).read_text("utf-8"))["sources"]  # type: ignore[no-any-return]


def rename_card(content: Path) -> None:
    edit(content / "terra" / "cards" / "base.yaml", f"topic: {OLD}", f"topic: {NEW}")


def confirm(content: Path, *args: str):  # type: ignore[no-untyped-def]
    return run("i18n", "confirm", "terra", *args, "--content", content, "--schemas", SCHEMAS)


def fmt_check(content: Path) -> str:
    """The output of ``cardkit fmt --check`` (the test world's other files need not be clean)."""
    return run("fmt", "--check", "--content", content, "--schemas", SCHEMAS).output  # type: ignore[no-any-return]


def export(content: Path, locale: str, out: Path) -> str:
    result = run("i18n", "export", "terra", "--locale", locale, "-o", out, "--content", content)
    assert result.exit_code == 0, result.output
    return out.read_text("utf-8")


# -- the store --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["terra", "trains"])
def test_shipped_store_holds_the_english_of_every_fingerprint(game: str) -> None:
    data = api.load(game, SHIPPED)
    stored = data.translations.history.texts
    used = {e.translation.src for o in data.translations.overlays.values()
            for objs in o.entries.values() for fields in objs.values() for e in fields.values()}
    assert used and used <= set(stored)  # every fingerprint is recoverable
    assert set(stored) <= used  # and nothing is kept that no overlay uses
    assert all(fingerprint(text) == fp for fp, text in stored.items())
    current = {s.fingerprint: s.text for s in data.sources()}
    assert all(stored[fp] == current[fp] for fp in used)
    assert not [d for d in data.diagnostics + data.translations.diagnostics
                if "sources.yaml" in d.file]  # not CK001 "no content kind", not I18N019


def test_store_is_not_a_content_file_or_an_overlay(content: Path) -> None:
    result = run("check", "terra", "--content", content, "--format", "json", "--no-cache")
    assert result.exit_code == 0, result.output
    assert not [d for d in json.loads(result.stdout)["diagnostics"] if "sources" in d["file"]]
    assert "sources.yaml" not in fmt_check(content)  # written as `cardkit fmt` writes it


def test_hand_edited_store_is_an_error_at_its_line(content: Path) -> None:
    path = store_path(content)
    edit(path, f"{OLD_FP}: {OLD}\n", f"{OLD_FP}: {OLD}!\n")
    result = check(content)
    assert result.exit_code == 1
    (found,) = findings(result, "I18N029")
    assert found["file"].endswith("terra/i18n/sources.yaml") and found["severity"] == "error"
    line = line_of(path, OLD_FP)  # located at the wrong text
    col = path.read_text("utf-8").split("\n")[line - 1].index(OLD) + 1
    assert (found["line"], found["col"]) == (line, col) and OLD_FP in found["message"]
    # the next write repairs it: the wrong text is dropped, the current English stored again
    edit(content / "terra" / "cards" / "base.yaml", "topic: Pyramids of Giza",
         "topic: The Pyramids of Giza")
    assert confirm(content, "pyramids-of-giza", "--locale", "pl").exit_code == 0
    assert store(content)[OLD_FP] == OLD
    assert findings(check(content), "I18N029") == []


def test_intact_store_has_no_mismatch(content: Path) -> None:
    result = check(content)
    assert result.exit_code == 0 and findings(result, "I18N029") == []


def test_stale_translation_without_its_english_is_reported(content: Path) -> None:
    rename_card(content)
    result = check(content)
    assert len(findings(result, "I18N003")) == 2 and findings(result, "I18N030") == []
    edit(store_path(content), f"  {OLD_FP}: {OLD}\n", "")
    result = check(content)
    assert result.exit_code == 0  # info: I18N003 already warns about the entry
    found = findings(result, "I18N030")
    assert sorted(Path(d["file"]).parts[-2] for d in found) == ["el", "pl"]
    el = next(d for d in found if "/el/" in d["file"])
    overlay = content / "terra" / "i18n" / "el" / "cards.yaml"
    assert el["severity"] == "info" and el["line"] == line_of(overlay, f"src: {OLD_FP}")


def test_confirm_adds_the_new_english_and_prunes_the_old_when_unused(content: Path) -> None:
    rename_card(content)
    assert NEW_FP not in store(content)
    assert confirm(content, CARD, "--locale", "pl").exit_code == 0
    assert store(content)[NEW_FP] == NEW and store(content)[OLD_FP] == OLD  # el still uses it
    assert confirm(content, f"{CARD}/topic", "--locale", "el").exit_code == 0
    assert store(content)[NEW_FP] == NEW and OLD_FP not in store(content)
    assert "sources.yaml" not in fmt_check(content)  # written as `cardkit fmt` writes it
    assert findings(check(content), "I18N029") == []


def test_dry_run_confirm_leaves_the_store_alone(content: Path) -> None:
    rename_card(content)
    before = store_path(content).read_bytes()
    assert confirm(content, "--all", "--locale", "pl", "--dry-run").exit_code == 0
    assert store_path(content).read_bytes() == before


def test_import_from_an_older_english_stores_that_english(content: Path,
                                                          tmp_path: Path) -> None:
    po_path = tmp_path / "pl.po"
    export(content, "pl", po_path)
    rename_card(content)
    assert confirm(content, "--all", "--locale", "pl").exit_code == 0
    assert confirm(content, "--all", "--locale", "el").exit_code == 0
    assert OLD_FP not in store(content)  # nobody uses the old English any more
    po = polib.pofile(str(po_path))
    entry = po.find(f"cards/{CARD}/topic", by="msgctxt")
    assert entry is not None and entry.msgid == OLD
    entry.msgstr = "Most Golden Gate w San Francisco"
    po.save(str(po_path))
    result = run("i18n", "import", "terra", po_path, "--content", content, "--schemas", SCHEMAS)
    assert result.exit_code == 0, result.output
    assert store(content)[OLD_FP] == OLD  # the translation's English, from the PO msgid
    result = run("i18n", "diff", "terra", "--locale", "pl", "--content", content)
    assert result.exit_code == 0
    assert "{+The +}Golden Gate Bridge" in result.stdout
    assert "Most Golden Gate w San Francisco" in result.stdout


# -- PO export ----------------------------------------------------------------------------------


def test_po_export_carries_previous_msgid_for_stale_entries_only(content: Path,
                                                                 tmp_path: Path) -> None:
    rename_card(content)
    edit(content / "terra" / "strings.yaml", "other: In which {n} regions is it?",
         "other: In which {n} regions does it lie?")
    text = export(content, "el", tmp_path / "el.po")
    assert f'#| msgid "{OLD}"\nmsgctxt "cards/{CARD}/topic"\nmsgid "{NEW}"' in text
    po = polib.pofile(text)
    plural = po.find("strings/q1/text", by="msgctxt")
    assert plural is not None and "fuzzy" in plural.flags
    assert (plural.previous_msgid, plural.previous_msgid_plural) == (
        "In which region is it?", "In which {n} regions is it?")
    assert plural.msgid_plural == "In which {n} regions does it lie?"
    assert text.count("#| msgid ") == 2 and text.count("#| msgid_plural ") == 1


def test_po_export_without_stale_entries_has_no_previous_msgid(content: Path,
                                                               tmp_path: Path) -> None:
    assert "#|" not in export(content, "el", tmp_path / "el.po")


def test_stale_entry_without_stored_english_has_no_previous_msgid(content: Path,
                                                                  tmp_path: Path) -> None:
    rename_card(content)
    edit(store_path(content), f"  {OLD_FP}: {OLD}\n", "")
    text = export(content, "el", tmp_path / "el.po")
    assert "#|" not in text and f'#, fuzzy\nmsgctxt "cards/{CARD}/topic"' in text


def test_previous_msgid_is_ignored_on_import_and_round_trips(content: Path,
                                                             tmp_path: Path) -> None:
    rename_card(content)
    first = tmp_path / "first.po"
    text = export(content, "pl", first)
    assert f'#| msgid "{OLD}"' in text
    before = {p: p.read_bytes() for p in content.rglob("*.yaml")}
    result = run("i18n", "import", "terra", first, "--content", content, "--schemas", SCHEMAS)
    assert result.exit_code == 0, result.output
    assert "0 field(s) changed" in result.stderr
    assert export(content, "pl", tmp_path / "second.po") == text  # byte-identical
    # a hostile `#|` line (another previous msgid, quotes inside) changes nothing either
    first.write_text(text.replace(f'#| msgid "{OLD}"', '#| msgid "X\\"Y"'), "utf-8")
    result = run("i18n", "import", "terra", first, "--content", content, "--schemas", SCHEMAS)
    assert result.exit_code == 0, result.output
    assert {p: p.read_bytes() for p in content.rglob("*.yaml")} == before


# -- i18n diff ----------------------------------------------------------------------------------


def test_word_diff_marks_removed_and_added_words() -> None:
    assert word_diff("Gain 2 coins.", "Gain 3 coins.") == "Gain [-2-]{+3+} coins."
    assert word_diff("Draw a card.", "Draw a card.") == "Draw a card."
    assert word_diff("Trash a card.", "Trash two cards.") == "Trash [-a card-]{+two cards+}."
    assert word_diff("", "New") == "{+New+}"
    assert word_diff("Old", "") == "[-Old-]"
    assert word_diff("a b c", "a X c") == "a [-b-]{+X+} c"
    assert word_diff("In which {n} regions is it?", "In which {n} regions does it lie?") == \
        "In which {n} regions [-is-]{+does+} it{+ lie+}?"


def test_diff_shows_old_and_new_english_and_the_translation(content: Path) -> None:
    rename_card(content)
    result = run("i18n", "diff", "terra", "--locale", "el", "--content", content)
    assert result.exit_code == 0
    el = YAML(typ="safe").load((content / "terra" / "i18n" / "el" / "cards.yaml").read_text(
        "utf-8"))["entries"][CARD]["topic"]["text"]
    assert result.stdout.splitlines() == [
        f"cards/{CARD}/topic (translated from {OLD_FP}, the English is now {NEW_FP})",
        "  en: {+The +}Golden Gate Bridge",
        f"  el: {el}"]
    result = run("i18n", "diff", "terra", CARD, "--locale", "pl", "--format", "json",
                 "--content", content)
    assert result.exit_code == 0
    (row,) = json.loads(result.stdout)
    assert (row["old"], row["new"], row["translation"]) == (OLD, NEW, "Most Golden Gate")
    assert row["diff"] == {"": "{+The +}Golden Gate Bridge"} and row["src"] == OLD_FP


def test_diff_of_plural_forms(content: Path) -> None:
    edit(content / "terra" / "strings.yaml", "other: In which {n} regions is it?",
         "other: In which {n} regions does it lie?")
    result = run("i18n", "diff", "terra", "q1", "--locale", "pl", "--content", content)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert "  en[one]: In which region is it?" in lines
    assert "  en[other]: In which {n} regions [-is-]{+does+} it{+ lie+}?" in lines
    assert "  pl[few]: W których {n} regionach to jest?" in lines


def test_diff_says_when_the_old_english_is_not_stored(content: Path) -> None:
    rename_card(content)
    edit(store_path(content), f"  {OLD_FP}: {OLD}\n", "")
    result = run("i18n", "diff", "terra", "--locale", "el", "--content", content)
    assert result.exit_code == 0
    assert "not stored" in result.stdout and f"  en: {NEW}" in result.stdout
    result = run("i18n", "diff", "terra", "--locale", "el", "--format", "json", "--content",
                 content)
    (row,) = json.loads(result.stdout)
    assert row["old"] is None and row["diff"] is None


def test_diff_with_nothing_stale_and_unknown_targets(content: Path) -> None:
    result = run("i18n", "diff", "terra", "--locale", "el", "--content", content)
    assert result.exit_code == 0 and result.stdout == "" and "0 stale" in result.stderr
    result = run("i18n", "diff", "terra", "no-such-card", "--locale", "el", "--content", content)
    assert result.exit_code == 2 and "no-such-card" in result.stderr
    assert "Traceback" not in result.output


# -- confirm ------------------------------------------------------------------------------------


def test_confirm_without_ids_needs_all(content: Path) -> None:
    rename_card(content)
    before = {p: p.read_bytes() for p in content.rglob("*.yaml")}
    result = confirm(content, "--locale", "el")
    assert result.exit_code == 2 and "--all" in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert confirm(content, CARD, "--all", "--locale", "el").exit_code == 2
    assert {p: p.read_bytes() for p in content.rglob("*.yaml")} == before
    result = confirm(content, "--all", "--locale", "el")
    assert result.exit_code == 0 and f"confirmed: cards/{CARD}/topic" in result.stdout
    rows = {r.locale: r for r in api.status(("terra",), content)}
    assert (rows["el"].stale, rows["pl"].stale) == (0, 1)


def test_confirm_refuses_an_unknown_id(content: Path) -> None:
    result = confirm(content, "golden-gate", "--locale", "el")
    assert result.exit_code == 2 and "golden-gate" in result.stderr


# -- waivers ------------------------------------------------------------------------------------


def number_added(content: Path) -> Path:
    """The Polish info of both cards gains a number the English lacks: I18N007 fires."""
    path = content / "terra" / "i18n" / "pl" / "cards.yaml"
    edit(path, PL_INFO, PL_INFO.replace("testowa.", "testowa 2."), count=2)
    return path


def add_waiver(path: Path, obj: str, key: str, waiver: str) -> int:
    """Add ``waive:`` after the entry's ``src``; return its line."""
    lines = path.read_text("utf-8").split("\n")
    start = lines.index(f"  {obj}:")
    at = next(i for i in range(start, len(lines)) if lines[i] == f"    {key}:")
    src = next(i for i in range(at, len(lines)) if lines[i].startswith("      src: "))
    lines.insert(src + 1, f"      waive: {waiver}")
    path.write_text("\n".join(lines), "utf-8")
    return src + 2


def test_number_check_fires_without_a_waiver(content: Path) -> None:
    number_added(content)
    result = check(content)
    assert result.exit_code == 1
    assert sorted(d["object_id"] for d in findings(result, "I18N007")) == [
        CARD, "pyramids-of-giza"]


def test_waived_code_does_not_fire_and_status_counts_it(content: Path) -> None:
    path = number_added(content)
    add_waiver(path, CARD, "info", "{I18N007: 'the card number, as printed'}")
    result = check(content)
    assert counts(result) == (1, 0)  # the other card still fails; nothing counted for this one
    assert [d["object_id"] for d in findings(result, "I18N007")] == ["pyramids-of-giza"]
    assert findings(result, "I18N031") == []
    result = run("i18n", "status", "terra", "--locale", "pl", "--format", "json", "--content",
                 content)
    (row,) = json.loads(result.stdout)
    assert (row["waived"], row["failing"]) == (1, 1)
    text = run("i18n", "status", "terra", "--content", content).stdout.splitlines()
    assert text[0].split() == ["game", "locale", "translated", "%", "missing", "stale",
                               "failing", "waived"]
    assert [line.split()[-2:] for line in text[1:]] == [["0", "0"], ["1", "1"]]  # el, pl
    result = run("check", "terra", "--content", content, "--format", "json", "--no-cache")
    assert counts(result) == (1, 0)


def test_unused_waiver_is_a_warning_at_its_key(content: Path) -> None:
    path = content / "terra" / "i18n" / "pl" / "cards.yaml"
    line = add_waiver(path, CARD, "info", "{I18N007: 'the card number, as printed'}")
    result = check(content)
    assert result.exit_code == 0 and counts(result) == (0, 1)  # a warning
    (found,) = findings(result, "I18N031")
    assert found["severity"] == "warning" and "I18N007" in found["message"]
    text_line = path.read_text("utf-8").split("\n")[line - 1]
    assert (found["line"], found["col"]) == (line, text_line.index("I18N007") + 1)
    assert check(content, "--strict").exit_code == 1
    assert {r.locale: r for r in api.status(("terra",), content)}["pl"].waived == 0


@pytest.mark.parametrize("code, why", [("I18N022", "cannot be waived"),
                                       ("I18N004", "cannot be waived"),
                                       ("I18N999", "not a translation check"),
                                       ("I18N001", "not a translation check")])
def test_waiver_of_a_code_that_cannot_be_waived(content: Path, code: str, why: str) -> None:
    path = content / "terra" / "i18n" / "pl" / "cards.yaml"
    add_waiver(path, CARD, "topic", f"{{{code}: because}}")
    (found,) = findings(check(content), "I18N031")
    assert code in found["message"] and why in found["message"]


@pytest.mark.parametrize("waiver", ["{I18N007: ''}", "{I18N007: '  '}", "{i18n007: x}",
                                    "{NUM: x}", "[I18N007]", "{I18N007: 7}"])
def test_malformed_waivers_are_schema_errors(content: Path, waiver: str) -> None:
    path = content / "terra" / "i18n" / "pl" / "cards.yaml"
    line = add_waiver(path, CARD, "topic", waiver)
    result = check(content)
    assert result.exit_code == 1
    errors = [d for d in json.loads(result.stdout)["diagnostics"] if d["severity"] == "error"]
    assert errors and all(d["code"].startswith("SCH") for d in errors)
    assert {d["line"] for d in errors} == {line}


def test_import_keeps_waive_and_same_and_export_shows_the_waiver(content: Path,
                                                                 tmp_path: Path) -> None:
    path = number_added(content)
    add_waiver(path, CARD, "info", "{I18N007: 'the card number, as printed'}")
    add_waiver(path, "pyramids-of-giza", "info", "{I18N007: 'the card number, as printed'}")
    edit(path, "      text: Most Golden Gate\n", "      text: Most Golden Gate\n"
         "      same: false\n")
    out = tmp_path / "pl.po"
    text = export(content, "pl", out)
    assert "# waive I18N007: the card number, as printed\n" in text
    po = polib.pofile(text)
    entry = po.find(f"cards/{CARD}/info", by="msgctxt")
    assert entry is not None and entry.tcomment == "waive I18N007: the card number, as printed"
    assert po.find(f"cards/{CARD}/topic", by="msgctxt").tcomment == ""  # type: ignore[union-attr]
    entry.msgstr = "Karta testowa nr 2."
    po.find(f"cards/{CARD}/topic", by="msgctxt").msgstr = "Most Złotej Bramy"  # type: ignore[union-attr]
    po.save(str(out))
    result = run("i18n", "import", "terra", out, "--content", content, "--schemas", SCHEMAS)
    assert result.exit_code == 0, result.output
    data = YAML(typ="safe").load(path.read_text("utf-8"))["entries"][CARD]
    assert data["info"]["text"] == "Karta testowa nr 2."
    assert data["info"]["waive"] == {"I18N007": "the card number, as printed"}
    assert data["topic"] == {"text": "Most Złotej Bramy", "same": False,
                             "src": fingerprint(OLD)}
    assert check(content).exit_code == 0


def test_review_codes_are_documented() -> None:
    assert [c.code for c in HISTORY_CODES] == ["I18N029", "I18N030", "I18N031"]
    for info in HISTORY_CODES:
        assert "Bad:" in info.doc and "Good:" in info.doc, info.code
        assert re.search(r"\S", info.summary)


def test_store_refuses_hostile_old_english(content: Path, tmp_path: Path) -> None:
    """An exchange file's msgid is not trusted: an overlong or control-character "old English"
    is not stored (the translation still lands as stale, without it)."""
    po_path = tmp_path / "pl.po"
    export(content, "pl", po_path)
    po = polib.pofile(str(po_path))
    long_en, ctrl_en = "Bridge " * 700, "Golden\x1bGate"
    for ctx, english, text in ((f"cards/{CARD}/topic", long_en, "Most"),
                               ("cards/pyramids-of-giza/topic", ctrl_en, "Piramidy")):
        entry = po.find(ctx, by="msgctxt")
        assert entry is not None
        entry.msgid, entry.msgstr = english, text
    po.save(str(po_path))
    result = run("i18n", "import", "terra", po_path, "--content", content, "--schemas", SCHEMAS)
    assert result.exit_code == 0, result.output
    assert fingerprint(long_en) not in store(content)
    assert fingerprint(ctrl_en) not in store(content)
    assert len(findings(check(content), "I18N030")) == 2  # stale, old English not kept


def test_unreadable_overlay_of_another_locale_prunes_nothing(content: Path) -> None:
    rename_card(content)
    assert confirm(content, CARD, "--locale", "el").exit_code == 0  # only pl uses OLD_FP now
    edit(store_path(content), f"  {OLD_FP}: {OLD}\n", f"  {OLD_FP}: {OLD}\n  {'f' * 12}: x\n")
    broken = content / "terra" / "i18n" / "el" / "bars.yaml"
    broken.write_text(broken.read_text("utf-8") + "\n: [unclosed\n", "utf-8")
    assert confirm(content, CARD, "--locale", "pl").exit_code == 0
    # nobody uses OLD_FP any more, but an overlay could not be read: nothing is dropped
    assert store(content)[NEW_FP] == NEW and store(content)[OLD_FP] == OLD
    assert "f" * 12 not in store(content)  # its text does not have that fingerprint


def test_import_applies_the_entry_waivers_to_incoming_texts(content: Path,
                                                            tmp_path: Path) -> None:
    path = content / "terra" / "i18n" / "pl" / "cards.yaml"
    add_waiver(path, CARD, "info", "{I18N007: 'the card number, as printed'}")
    out = tmp_path / "pl.po"
    export(content, "pl", out)
    po = polib.pofile(str(out))
    for obj in (CARD, "pyramids-of-giza"):
        po.find(f"cards/{obj}/info", by="msgctxt").msgstr = "Karta testowa 2."  # type: ignore[union-attr]
    po.save(str(out))
    before = path.read_bytes()
    result = run("i18n", "import", "terra", out, "--content", content, "--schemas", SCHEMAS)
    assert result.exit_code == 1 and path.read_bytes() == before
    errors = [line for line in result.stderr.splitlines() if " error " in line]
    assert len(errors) == 1 and "I18N007" in errors[0] and "[pyramids-of-giza]" in errors[0]
