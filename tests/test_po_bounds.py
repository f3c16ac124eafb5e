"""PO import is bounded (issue 11, item 3): files and fields over the documented limits are
refused with a located error before they are read whole, duplicates are located, and errors
point at the line that is wrong. That a big file plans in linear time is measured by
``bench/bench_po.py`` (its "plan us/entry" column across 10k-200k entries), not here: a timed
unit test fails on a loaded machine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.i18n import exchange

from .conftest import ROOT, SHIPPED, digests, run

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: pl\\n"\n\n'


def exported(shipped: Path, tmp_path: Path) -> tuple[Path, str]:
    out = tmp_path / "pl.po"
    result = run("i18n", "export", "terra", "--locale", "pl", "-o", str(out), "--content",
                 str(shipped))
    assert result.exit_code == 0, result.output
    return out, out.read_text("utf-8")


def import_errors(shipped: Path, po: Path) -> list[str]:
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and digests(shipped) == before
    return [line for line in result.stderr.splitlines() if " error I18N020 " in line]


def test_a_field_over_the_limit_is_refused_at_its_line(shipped: Path, tmp_path: Path) -> None:
    po, text = exported(shipped, tmp_path)
    huge = "x" * (exchange.MAX_FIELD_CHARS + 1)
    po.write_text(text.replace('msgstr "Wieża Eiffla"', f'msgstr "{huge}"'), "utf-8")
    line = po.read_text("utf-8").splitlines().index(f'msgstr "{huge}"') + 1
    (error,) = import_errors(shipped, po)
    assert f"pl.po:{line}:" in error and "20,000" in error
    # the same length split over continuation lines is refused too
    chunks = "\n".join(f'"{"y" * 5000}"' for _ in range(5))
    po.write_text(text.replace('msgstr "Wieża Eiffla"', f'msgstr ""\n{chunks}'), "utf-8")
    (error,) = import_errors(shipped, po)
    assert "more than 20,000 characters" in error


def test_a_file_over_the_limit_is_refused_before_it_is_read(
        shipped: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po, _ = exported(shipped, tmp_path)
    monkeypatch.setattr(exchange, "MAX_EXCHANGE_BYTES", 1024)
    (error,) = import_errors(shipped, po)
    assert "larger than" in error and ":1:1:" in error


def test_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "pl.po"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-c", "from cardkit.cli import main; main()", "i18n",
                           "import", "terra", str(fifo), "--content", str(SHIPPED), "--dry-run"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
    assert str(fifo) in proc.stderr


def test_a_duplicate_msgctxt_is_located_at_the_second_entry(shipped: Path,
                                                            tmp_path: Path) -> None:
    po, text = exported(shipped, tmp_path)
    entry = text[text.index('msgctxt "cards/eiffel-tower/topic"'):]
    entry = entry[:entry.index("\n\n") + 2]
    po.write_text(text + "\n" + entry, "utf-8")
    lines = po.read_text("utf-8").splitlines()
    first = lines.index('msgctxt "cards/eiffel-tower/topic"') + 1
    second = len(lines) - lines[::-1].index('msgctxt "cards/eiffel-tower/topic"')
    (error,) = import_errors(shipped, po)
    assert f"pl.po:{second}:" in error and f"first at line {first}" in error


def test_a_value_error_points_at_the_msgstr(shipped: Path, tmp_path: Path) -> None:
    po, text = exported(shipped, tmp_path)
    # a plural entry losing one form: reported where the forms are, not at its first comment
    start = text.index("msgstr[0]")
    end = text.index("\n", text.index("msgstr[1]", start))
    broken = text[:start] + text[start:end].split("\n")[0] + text[end:]
    po.write_text(broken, "utf-8")
    line = broken[:start].count("\n") + 1
    (error,) = import_errors(shipped, po)
    assert f"pl.po:{line}:" in error


# --- an import is checked before anything is written (issue 11, item 1) -------------------------

def _first_msgstr_with(text: str, needle: str) -> int:
    """Index (in lines) of the first msgstr line containing ``needle``."""
    return next(i for i, line in enumerate(text.splitlines())
                if line.startswith("msgstr") and needle in line)


@pytest.mark.parametrize("damage, code_word", [
    (lambda line: line.replace("{n}", "{m}"), "tokens"),      # I18N004
    (lambda line: line[:-1] + ' "', "space"),                  # I18N009: a trailing space
])
def test_an_import_runs_the_translation_checks_first(shipped: Path, tmp_path: Path,
                                                     damage, code_word) -> None:  # type: ignore[no-untyped-def]
    po, text = exported(shipped, tmp_path)
    lines = text.splitlines()
    i = _first_msgstr_with(text, "{n}")
    lines[i] = damage(lines[i]) if code_word == "tokens" else lines[i][:-1] + ' "'
    po.write_text("\n".join(lines) + "\n", "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 1 and digests(shipped) == before, result.output
    first = i
    while lines[first - 1].startswith("msgstr"):  # a plural entry reports at its first form
        first -= 1
    located = [line for line in result.stderr.splitlines() if f"pl.po:{first + 1}:" in line]
    assert located and " error I18N0" in located[0], result.stderr


def test_a_copy_of_the_english_is_untranslated_unless_marked_same(shipped: Path,
                                                                  tmp_path: Path) -> None:
    po, text = exported(shipped, tmp_path)
    copied = text.replace('msgstr "Wieża Eiffla"', 'msgstr "Eiffel Tower"')
    assert copied != text
    po.write_text(copied, "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 0 and digests(shipped) == before, result.output  # nothing taken
    marked = copied.replace('msgctxt "cards/eiffel-tower/topic"',
                            '#, same\nmsgctxt "cards/eiffel-tower/topic"')
    po.write_text(marked, "utf-8")
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 0, result.output
    from ruamel.yaml import YAML

    overlay = YAML(typ="safe").load((shipped / "terra" / "i18n" / "pl" / "cards.yaml"
                                     ).read_text("utf-8"))
    topic = overlay["entries"]["eiffel-tower"]["topic"]
    assert topic["text"] == "Eiffel Tower" and topic["same"] is True
