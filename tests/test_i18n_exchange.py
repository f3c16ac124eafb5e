"""Translation workflow: staleness, status, PO/XLIFF round trips, imports that lose nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from cardkit.i18n import api

from .conftest import ROOT, SHIPPED, digests, run

SCHEMAS = ROOT / "schemas"


def test_shipped_terra_is_fully_translated() -> None:
    rows = {r.locale: r for r in api.status(("terra",), SHIPPED)}
    assert set(rows) == {"el", "pl"}
    for r in rows.values():
        assert (r.percent, r.missing, r.stale, r.failing) == (100.0, 0, 0, 0)
        assert r.total == r.translated > 350


def test_status_cli_prints_a_table() -> None:
    result = run("i18n", "status", "terra", "--content", str(SHIPPED))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["game", "locale", "translated", "%", "missing", "stale", "failing",
                                "waived"]
    assert lines[1].split()[:2] == ["terra", "el"] and "100.0" in lines[1]


def test_editing_the_english_makes_translations_stale(shipped: Path) -> None:
    cards = shipped / "terra" / "cards" / "yellow.yaml"
    text = cards.read_text("utf-8")
    cards.write_text(text.replace("topic: Eiffel Tower", "topic: The Eiffel Tower"), "utf-8")
    rows = {r.locale: r for r in api.status(("terra",), shipped)}
    assert rows["el"].stale == 1 and rows["pl"].stale == 1
    report = api.check(("terra",), shipped)
    stale = [d for d in report.diagnostics if d.code == "I18N003"]
    assert {d.object_id for d in stale} == {"eiffel-tower"}
    assert {Path(d.file).parts[-2] for d in stale} == {"el", "pl"}
    # a reviewer confirms the Polish: only that one becomes current again
    result = run("i18n", "confirm", "terra", "eiffel-tower", "--locale", "pl", "--content",
                 str(shipped), "--schemas", str(SCHEMAS))
    assert result.exit_code == 0 and "confirmed: cards/eiffel-tower/topic" in result.stdout
    rows = {r.locale: r for r in api.status(("terra",), shipped)}
    assert (rows["el"].stale, rows["pl"].stale) == (1, 0)


@pytest.mark.parametrize("game, fmt, suffix", [("terra", "po", ".po"), ("trains", "po", ".po"),
                                              ("terra", "xliff", ".xlf")])
def test_round_trip_without_edits_changes_nothing(shipped: Path, tmp_path: Path, game: str,
                                                  fmt: str, suffix: str) -> None:
    """Export -> import -> export: nothing changes and the second export is byte-identical
    (every game and version of XLIFF: tests/test_xliff.py)."""
    before = digests(shipped)
    for locale in ("el", "pl"):
        out = tmp_path / f"{game}-{locale}{suffix}"
        assert run("i18n", "export", game, "--locale", locale, "--format", fmt, "-o",
                   str(out), "--content", str(shipped)).exit_code == 0
        result = run("i18n", "import", game, str(out), "--content", str(shipped),
                     "--schemas", str(SCHEMAS))
        assert result.exit_code == 0, result.output
        assert "0 field(s) changed" in result.stderr
        again = tmp_path / f"again-{out.name}"
        assert run("i18n", "export", game, "--locale", locale, "--format", fmt, "-o",
                   str(again), "--content", str(shipped)).exit_code == 0
        assert again.read_bytes() == out.read_bytes()
    assert digests(shipped) == before


def test_editing_one_msgstr_changes_exactly_that_field(shipped: Path, tmp_path: Path) -> None:
    out = tmp_path / "pl.po"
    run("i18n", "export", "terra", "--locale", "pl", "-o", str(out), "--content", str(shipped))
    po = polib.pofile(str(out))
    entry = po.find("cards/eiffel-tower/topic", by="msgctxt")
    assert entry is not None and entry.msgstr == "Wieża Eiffla"
    entry.msgstr = "Wieża Eiffla w Paryżu"
    po.save(str(out))
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(out), "--content", str(shipped), "--schemas",
                 str(SCHEMAS))
    assert result.exit_code == 0, result.output
    after = digests(shipped)
    assert [k for k in after if after[k] != before[k]] == ["terra/i18n/pl/cards.yaml"]
    data = api.load("terra", shipped)
    tr = data.overlay("pl").get("cards", "eiffel-tower", "topic")
    assert tr is not None and tr.translation.text == "Wieża Eiffla w Paryżu"
    others = [(s.context, data.overlay("pl").get(s.kind, s.object_id, s.key))
              for s in data.sources()]
    assert sum(1 for _, e in others if e is None) == 0
    rows = {r.locale: r for r in api.status(("terra",), shipped)}
    assert (rows["pl"].stale, rows["pl"].failing, rows["pl"].translated) == (0, 0, rows["pl"].total)


def test_dry_run_writes_nothing(shipped: Path, tmp_path: Path) -> None:
    out = tmp_path / "el.po"
    run("i18n", "export", "terra", "--locale", "el", "-o", str(out), "--content", str(shipped))
    out.write_text(out.read_text("utf-8").replace('msgstr "Πύργος του Άιφελ"',
                                                  'msgstr "Ο Πύργος του Άιφελ"'), "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(out), "--dry-run", "--content", str(shipped))
    assert result.exit_code == 0
    assert "would update: cards/eiffel-tower/topic" in result.stdout
    assert digests(shipped) == before


@pytest.mark.parametrize("damage, line", [
    (lambda t: t.replace('msgstr "Wieża Eiffla"', 'msgstr "Wieża Eiffla'), None),
    (lambda t: t.replace('msgctxt "cards/eiffel-tower/topic"', 'msgctxt "cards/eiffel/topic"'),
     "ctx"),
])
def test_malformed_or_unknown_entries_are_rejected_and_nothing_is_written(
        shipped: Path, tmp_path: Path, damage, line) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "pl.po"
    run("i18n", "export", "terra", "--locale", "pl", "-o", str(out), "--content", str(shipped))
    text = out.read_text("utf-8")
    # make a real change too, so that a partial import would be visible
    text = text.replace('msgstr "Most Golden Gate"', 'msgstr "Most Złote Wrota"')
    broken = damage(text)
    out.write_text(broken, "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(out), "--content", str(shipped))
    assert result.exit_code == 1
    assert "nothing was written" in result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"{out.name}:") or f"/{out.name}:" in first.split(" ")[0]
    assert " error I18N020 " in first
    reported_line = int(first.split(":")[1])
    if line == "ctx":
        expected = broken.splitlines().index('msgctxt "cards/eiffel/topic"') + 1
        assert reported_line in (expected - 3, expected - 2, expected - 1, expected)
    else:
        assert reported_line > 1
    assert digests(shipped) == before


def test_export_never_overwrites_a_foreign_file(tmp_path: Path) -> None:
    """Not even with ``--force``, which replaces cardkit's own outputs only (issue 31)."""
    out = tmp_path / "el.po"
    out.write_text("precious", "utf-8")
    result = run("i18n", "export", "terra", "--locale", "el", "-o", str(out), "--content",
                 str(SHIPPED))
    assert result.exit_code == 2 and out.read_text("utf-8") == "precious"
    result = run("i18n", "export", "terra", "--locale", "el", "-o", str(out), "--content",
                 str(SHIPPED), "--force")
    assert result.exit_code == 2 and out.read_text("utf-8") == "precious"
    out.unlink()
    result = run("i18n", "export", "terra", "--locale", "el", "-o", str(out), "--content",
                 str(SHIPPED))
    assert result.exit_code == 0 and out.read_text("utf-8").startswith("#")


def test_po_export_content(tmp_path: Path) -> None:
    out = tmp_path / "pl.po"
    run("i18n", "export", "terra", "--locale", "pl", "-o", str(out), "--content", str(SHIPPED))
    po = polib.pofile(str(out))
    assert po.metadata["Language"] == "pl"
    assert po.metadata["Plural-Forms"].startswith("nplurals=3;")
    q1 = po.find("strings/q1/text", by="msgctxt")
    assert q1 is not None and q1.msgid_plural == "In which {n} regions is it?"
    assert sorted(q1.msgstr_plural) == [0, 1, 2] and all(q1.msgstr_plural.values())
    topic = po.find("cards/eiffel-tower/topic", by="msgctxt")
    assert topic is not None and "at most 60 characters" in topic.comment
    assert topic.occurrences[0][0].endswith("cards/yellow.yaml") and int(topic.occurrences[0][1]) > 1


def test_stale_entries_are_exported_fuzzy_and_fuzzy_entries_are_not_imported(
        shipped: Path, tmp_path: Path) -> None:
    cards = shipped / "terra" / "cards" / "yellow.yaml"
    cards.write_text(cards.read_text("utf-8").replace("topic: Eiffel Tower",
                                                       "topic: The Eiffel Tower"), "utf-8")
    out = tmp_path / "el.po"
    run("i18n", "export", "terra", "--locale", "el", "-o", str(out), "--content", str(shipped))
    entry = polib.pofile(str(out)).find("cards/eiffel-tower/topic", by="msgctxt")
    assert entry is not None and "fuzzy" in entry.flags
    before = digests(shipped)
    assert run("i18n", "import", "terra", str(out), "--content", str(shipped)).exit_code == 0
    assert digests(shipped) == before


@pytest.mark.skipif(shutil.which("msgfmt") is None and not os.environ.get("CI"),
                    reason="GNU gettext's msgfmt is not installed (CI installs it)")
@pytest.mark.parametrize("locale", ["el", "pl"])
def test_exported_po_passes_msgfmt_check(tmp_path: Path, locale: str) -> None:
    out = tmp_path / f"{locale}.po"
    assert run("i18n", "export", "terra", "--locale", locale, "-o", str(out), "--content",
               str(SHIPPED)).exit_code == 0
    proc = subprocess.run(["msgfmt", "--check", "--statistics", "-o", os.devnull, str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "translated messages" in proc.stderr and "untranslated" not in proc.stderr


def test_one_broken_entry_does_not_hide_the_others(terra_content) -> None:  # type: ignore[no-untyped-def]
    from .conftest import TERRA_BASE, check_dir

    text = (TERRA_BASE / "terra" / "i18n" / "el" / "cards.yaml").read_text("utf-8")
    broken = text.replace("src: 028a642f65fe", "src: 123", 1)
    content = terra_content({"i18n/el/cards.yaml": broken})
    report = check_dir(content, "terra")
    codes = [d.code for d in report.diagnostics]
    assert codes.count("SCH001") == 1  # the fingerprint is a number, not text
    # the other entries of the file still load and are checked; the broken one is reported
    # once, by its SCH001, not again as "no translation" (one root cause, one finding)
    assert codes.count("I18N001") == 0
    from cardkit.i18n.api import status

    (el,) = [r for r in status(("terra",), content, "el")]
    assert el.missing == 1  # it still counts as untranslated, alone
