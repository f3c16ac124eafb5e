"""``cardkit i18n import`` checks, then writes (issue 11, items 1, 3 and 7): the incoming texts
pass every translation check (the print fit included) or nothing is written, unless
``--force``; ``--dry-run`` shows old -> new; the PO header is checked (language, game,
charset, Plural-Forms); the PO reader is strict and locates what it refuses; exports carry a
full header and machine-independent references; ``cardkit pdf`` warns for stale translations
it prints and ``--strict`` refuses them."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.i18n.po import parse_po

from .conftest import SHIPPED, digests, run


def export(content: Path, tmp_path: Path, game: str = "trains", locale: str = "el") -> Path:
    out = tmp_path / f"{game}-{locale}.po"
    result = run("i18n", "export", game, "--locale", locale, "-o", str(out), "--content",
                 str(content), "--force")
    assert result.exit_code == 0, result.output
    return out


def set_msgstr(po: Path, context: str, value: str) -> int:
    """Replace one entry's msgstr; return its line."""
    lines = po.read_text("utf-8").split("\n")
    i = lines.index(f'msgctxt "{context}"')
    while not lines[i].startswith("msgstr"):
        i += 1
    lines[i] = f'msgstr "{value}"'
    po.write_text("\n".join(lines), "utf-8")
    return i + 1


# --- fit and force -------------------------------------------------------------------------------

def test_a_name_within_the_size_limit_that_does_not_fit_the_card_is_refused(
        shipped: Path, tmp_path: Path) -> None:
    po = export(shipped, tmp_path)
    line = set_msgstr(po, "cards/normal-train/name", "Ω" * 26)  # 26 < the 28-character limit
    before = digests(shipped)
    result = run("i18n", "import", "trains", str(po), "--content", str(shipped))
    assert result.exit_code == 1 and digests(shipped) == before, result.output
    errors = [e for e in result.stderr.splitlines() if " error " in e]
    assert len(errors) == 1 and f"trains-el.po:{line}:1: error I18N018" in errors[0], errors
    assert "--force writes them anyway" in result.stderr


def test_force_writes_and_reports_and_check_then_reports_too(shipped: Path,
                                                             tmp_path: Path) -> None:
    po = export(shipped, tmp_path)
    line = set_msgstr(po, "cards/lay-rails/text", "Κατασκευάστε {m} γραμμή.")
    result = run("i18n", "import", "trains", str(po), "--content", str(shipped), "--force")
    assert result.exit_code == 0, result.output
    assert f"trains-el.po:{line}:1: error I18N004" in result.stderr
    assert "updated: cards/lay-rails/text" in result.stdout
    assert "written (--force)" in result.stderr
    check = run("check", "trains", "--content", str(shipped))
    assert check.exit_code == 1 and "I18N004" in check.output


def test_force_does_not_write_a_malformed_file(shipped: Path, tmp_path: Path) -> None:
    po = export(shipped, tmp_path)
    po.write_text(po.read_text("utf-8") + '\nmsgctxt "cards/nope/name"\nmsgid "x"\nmsgstr "y"\n',
                  "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "trains", str(po), "--content", str(shipped), "--force")
    assert result.exit_code == 1 and digests(shipped) == before
    assert "unknown msgctxt 'cards/nope/name'" in result.stderr
    assert "--force writes them anyway" not in result.stderr


def test_dry_run_shows_old_and_new_text_of_each_field(shipped: Path, tmp_path: Path) -> None:
    po = export(shipped, tmp_path)
    lines = po.read_text("utf-8").split("\n")
    old = lines[lines.index('msgctxt "cards/express-train/name"') + 2]
    assert old.startswith('msgstr "') and old != 'msgstr "Ταχεία"'
    set_msgstr(po, "cards/express-train/name", "Ταχεία")
    before = digests(shipped)
    result = run("i18n", "import", "trains", str(po), "--content", str(shipped), "--dry-run")
    assert result.exit_code == 0 and digests(shipped) == before, result.output
    out = result.stdout.splitlines()
    i = out.index("would update: cards/express-train/name")
    assert out[i + 1] == f"  - {old[8:-1]}" and out[i + 2] == "  + Ταχεία"


# --- the PO header -------------------------------------------------------------------------------

def test_a_po_of_another_game_gets_one_error_naming_the_game(tmp_path: Path) -> None:
    po = export(SHIPPED, tmp_path, "terra")
    result = run("i18n", "import", "trains", str(po), "--content", str(SHIPPED), "--dry-run")
    assert result.exit_code == 1
    errors = [e for e in result.stderr.splitlines() if " error " in e]
    assert len(errors) == 1 and "for the game 'terra'" in errors[0], errors
    assert ":4:1:" in errors[0]  # the Project-Id-Version line
    # without the header: one hint, not one error per entry
    po.write_text(po.read_text("utf-8").replace("Project-Id-Version: cardkit terra",
                                                "Project-Id-Version: x"), "utf-8")
    result = run("i18n", "import", "trains", str(po), "--content", str(SHIPPED), "--dry-run")
    errors = [e for e in result.stderr.splitlines() if " error " in e]
    assert len(errors) == 1 and "is the file for another game?" in errors[0], errors


def test_plural_forms_must_fit_the_locale(tmp_path: Path) -> None:
    po = export(SHIPPED, tmp_path, "terra", "pl")
    text = po.read_text("utf-8")
    header = next(line for line in text.splitlines() if line.startswith('"Plural-Forms:'))
    po.write_text(text.replace(header, '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"'),
                  "utf-8")
    line = text.splitlines().index(header) + 1
    result = run("i18n", "import", "terra", str(po), "--content", str(SHIPPED), "--dry-run")
    assert result.exit_code == 1
    assert f"terra-pl.po:{line}:1: error I18N020 Plural-Forms" in result.stderr
    assert "one, few, many" in result.stderr


def test_a_declared_charset_is_honoured(tmp_path: Path) -> None:
    po = export(SHIPPED, tmp_path, "terra")
    blocks = po.read_text("utf-8").replace("charset=UTF-8", "charset=ISO-8859-7").split("\n\n")
    kept = []
    for block in blocks:  # the entries Greek's 8-bit charset can hold
        try:
            block.encode("iso-8859-7")
        except UnicodeEncodeError:
            continue
        kept.append(block)
    assert len(kept) > 100
    po.write_bytes("\n\n".join(kept).encode("iso-8859-7"))
    result = run("i18n", "import", "terra", str(po), "--content", str(SHIPPED), "--dry-run")
    assert result.exit_code == 0, result.output
    assert "0 field(s) to change" in result.stderr  # decoded right: every text as stored


@pytest.mark.parametrize("charset, message", [
    ("latin-1", "the header says charset=latin-1, but the file is UTF-8"),
    ("klingon-8", "unknown charset 'klingon-8'"),
])
def test_a_wrong_or_unknown_charset_is_refused(tmp_path: Path, charset: str,
                                               message: str) -> None:
    po = export(SHIPPED, tmp_path, "terra")
    text = po.read_text("utf-8")
    po.write_text(text.replace("charset=UTF-8", f"charset={charset}"), "utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "charset=" in row)
    result = run("i18n", "import", "terra", str(po), "--content", str(SHIPPED), "--dry-run")
    assert result.exit_code == 1 and f":{line}:1: error I18N020 " in result.stderr
    assert message in result.stderr


# --- the export's header and references ----------------------------------------------------------

def test_the_export_has_a_full_header_and_relative_references(tmp_path: Path) -> None:
    po = export(SHIPPED, tmp_path, "terra")
    text = po.read_text("utf-8")
    for field in ("Project-Id-Version", "PO-Revision-Date", "Last-Translator", "Language-Team",
                  "Language", "Plural-Forms", "Content-Type"):
        assert f'"{field}: ' in text, field
    refs = [line for line in text.splitlines() if line.startswith("#: ")]
    assert refs and all(r.startswith("#: terra/") for r in refs), refs[:3]
    # the same bytes whatever the working folder
    other = tmp_path / "elsewhere"
    other.mkdir()
    again = other / "again.po"
    cwd = os.getcwd()
    try:
        os.chdir(other)
        assert run("i18n", "export", "terra", "--locale", "el", "-o", str(again), "--content",
                   str(SHIPPED)).exit_code == 0
    finally:
        os.chdir(cwd)
    assert again.read_bytes() == po.read_bytes()


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is missing")
def test_msgfmt_finds_no_missing_header_field(tmp_path: Path) -> None:
    po = export(SHIPPED, tmp_path, "terra")
    proc = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(po)],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "missing in header" not in proc.stderr, proc.stderr


def test_an_exported_file_honours_the_umask(tmp_path: Path, umask) -> None:  # type: ignore[no-untyped-def]
    umask(0o022)
    po = export(SHIPPED, tmp_path, "terra")
    assert po.stat().st_mode & 0o777 == 0o644


# --- the PO reader -------------------------------------------------------------------------------

HEAD = 'msgid ""\nmsgstr ""\n"Language: pl\\n"\n\n'


@pytest.mark.parametrize("body, line, col, message", [
    ('msgctxt "a"\nmsgid "x"\nmsgstr "\\q"\n', 7, 9, "unknown escape \\q"),
    ('msgctxt "a"\nmsgstr "y"\nmsgid "x"\n', 6, 1, "msgstr before msgid"),
    ('msgctxt "a"\nmsgid "x"\nmsgstr[0] "y"\n', 7, 1, "msgstr[0] without msgid_plural"),
    ('msgctxt "a"\nmsgid "x"\nmsgid_plural "xs"\nmsgstr "y"\n', 8, 1, "msgstr in a plural"),
    ('msgctxt "a"\nmsgid "x"\nmsgstr "y\n', 7, 1, "unterminated string"),
    ('msgctxt "a"\nmsgid "x"\nmsgstr "y" z\n', 7, 1, "expected a keyword"),
    ('"stray"\n', 5, 1, "a string with no keyword before it"),
    ('msgctxt "a"\nmsgid "x"\n\n', 6, 1, "msgid without msgstr"),
    ('msgctxt "a"\nmsgctxt "b"\nmsgid "x"\nmsgstr "y"\n', 6, 1, "msgctxt out of place"),
    ('msgctxt "a"\nmsgid "x"\nmsgstr "a\u2028b"\n', 7, 10, "U+2028 breaks the line"),
    ('msgctxt "a"\nmsgid "x"\nmsgtsr "y"\n', 7, 1, "unknown keyword 'msgtsr'"),
])
def test_the_reader_locates_what_it_refuses(body: str, line: int, col: int,
                                            message: str) -> None:
    po = parse_po(HEAD + body, 1000)
    assert po.errors, body
    first = po.errors[0]
    assert (first.line, first.col) == (line, col) and message in first.message, first


def test_the_reader_reads_what_gettext_writes() -> None:
    text = (HEAD.replace('msgid ""', '# header comment\nmsgid ""') +
            '# translator note\n#. extracted\n#: a.yaml:1\n#, fuzzy, same\n#| msgid "old"\n'
            'msgctxt "cards/a/name"\nmsgid ""\n"Long "\n"name"\nmsgstr "Tab\\there \\"q\\" '
            '\\101\\x42\\\\"\n\n'
            '#~ msgctxt "gone"\n#~ msgid "x"\n#~ msgstr "y"\n\n'
            'msgctxt "cards/b/text"\r\nmsgid "{n} card"\r\nmsgid_plural "{n} cards"\r\n'
            'msgstr[0] "{n} karta"\r\nmsgstr[1] "{n} karty"\r\nmsgstr[2] "{n} kart"\r\n')
    po = parse_po(text, 1000)
    assert not po.errors, po.errors
    assert po.metadata == {"Language": "pl"}
    a, b = po.entries
    assert (a.msgctxt, a.msgid, a.msgstr) == ("cards/a/name", "Long name", 'Tab\there "q" AB\\')
    assert a.flags == ["fuzzy", "same"] and a.comments == ["translator note"]
    assert a.line == 6 and a.lines["msgctxt"] == 11 and a.lines["msgstr"] == 15
    assert b.msgid_plural == "{n} cards" and b.msgstr_plural == {0: "{n} karta",
                                                                 1: "{n} karty", 2: "{n} kart"}


def test_the_reader_stops_at_a_runaway_string() -> None:
    chunks = "\n".join(f'"{"y" * 400}"' for _ in range(10))
    po = parse_po(HEAD + f'msgctxt "a"\nmsgid "x"\nmsgstr ""\n{chunks}\n', 1000)
    (error,) = po.errors
    assert error.line == 10 and "more than 1,000 characters" in error.message


# --- cardkit pdf and stale translations ----------------------------------------------------------

def test_pdf_warns_for_stale_translations_it_prints_and_strict_refuses(shipped: Path,
                                                                       tmp_path: Path) -> None:
    cards = shipped / "trains" / "cards" / "base.yaml"
    text = cards.read_text("utf-8")
    assert "    text: Lay one rail. Gain a Waste.\n" in text
    cards.write_text(text.replace("    text: Lay one rail. Gain a Waste.\n",
                                  "    text: Lay one rail. Then gain a Waste.\n"), "utf-8")
    out = tmp_path / "base-el.pdf"
    args = ["pdf", "trains", "--locale", "el", "--deck", "base", "--content", str(shipped),
            "--no-calibration", "-o", str(out)]
    strict = run(*args, "--strict")
    assert strict.exit_code == 1 and not out.exists(), strict.output
    assert "warning I18N003" in strict.stderr and "--strict" in strict.stderr
    warned = run(*args)
    assert warned.exit_code == 0 and out.exists(), warned.output
    stale = [line for line in warned.stderr.splitlines() if "I18N003" in line]
    assert len(stale) == 1 and "trains/i18n/el/cards.yaml:" in stale[0], warned.stderr
    assert "1 translation warning(s)" in warned.stdout
    # English prints no translations: nothing to warn about
    english = run("pdf", "trains", "--deck", "base", "--content", str(shipped),
                  "--no-calibration", "-o", str(tmp_path / "base-en.pdf"), "--strict")
    assert english.exit_code == 0, english.output


# --- each damage the issue reproduced is refused, at the msgstr's line ----------------------------

def _damage_first(po: Path, has: str, damage) -> int:  # type: ignore[no-untyped-def]
    """Damage the first single-form msgstr containing ``has``; return its line."""
    lines = po.read_text("utf-8").split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith('msgstr "') and has in line
             and len(line) > 12)
    lines[i] = damage(lines[i])
    po.write_text("\n".join(lines), "utf-8")
    return i + 1


@pytest.mark.parametrize("game, has, damage, code", [
    ("terra", "{n}", lambda s: s.replace("{n}", "", 1), "I18N004"),
    ("terra", "1", lambda s: s.replace("1", "7", 1), "I18N007"),
    ("terra", " ", lambda s: s[:-1] + ' "', "I18N009"),
    ("terra", " ", lambda s: s[:-1] + '\\000"', "I18N015"),
    ("terra", " ", lambda s: 'msgstr "' + "Długi temat " * 25 + '"', "I18N022"),
])
def test_each_damage_is_refused_at_its_line(shipped: Path, tmp_path: Path, game: str, has: str,
                                            damage, code: str) -> None:  # type: ignore[no-untyped-def]
    po = export(shipped, tmp_path, game, "pl")
    line = _damage_first(po, has, damage)
    before = digests(shipped)
    result = run("i18n", "import", game, str(po), "--content", str(shipped))
    assert result.exit_code == 1 and digests(shipped) == before, result.output
    assert f"{game}-pl.po:{line}:1: error {code}" in result.stderr, result.stderr


def test_a_new_overlay_file_honours_the_umask(shipped: Path, tmp_path: Path,
                                              umask) -> None:  # type: ignore[no-untyped-def]
    po = export(shipped, tmp_path, "terra", "pl")
    regions = shipped / "terra" / "i18n" / "pl" / "regions.yaml"
    regions.unlink()
    umask(0o027)
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 0, result.output
    assert regions.exists() and regions.stat().st_mode & 0o777 == 0o640


# --- translator comments ---------------------------------------------------------------------

def test_translator_comments_are_kept_and_exported_again(shipped: Path, tmp_path: Path) -> None:
    po = export(shipped, tmp_path, "terra", "pl")
    text = po.read_text("utf-8")
    anchor = "#. cards eiffel-tower:"
    po.write_text(text.replace(anchor, "# Sprawdzone z Wikipedią.\n# Druga linia.\n" + anchor, 1),
                  "utf-8")
    dry = run("i18n", "import", "terra", str(po), "--content", str(shipped), "--dry-run")
    assert "  (text unchanged; translator comment changed)" in dry.stdout, dry.stdout
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 0 and "updated: cards/eiffel-tower/topic" in result.stdout
    (tmp_path / "again").mkdir()
    again = export(shipped, tmp_path / "again", "terra", "pl")
    assert again.read_text("utf-8") == po.read_text("utf-8")  # kept, and in the same place
    assert run("check", "terra", "--content", str(shipped)).exit_code == 0
    # removed in the file: removed from the overlay
    po.write_text(text, "utf-8")
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 0 and "updated: cards/eiffel-tower/topic" in result.stdout
    assert export(shipped, tmp_path / "again", "terra", "pl").read_text("utf-8") == text


def test_a_comment_an_overlay_cannot_keep_is_refused_at_its_entry(shipped: Path,
                                                                   tmp_path: Path) -> None:
    po = export(shipped, tmp_path, "terra", "pl")
    text = po.read_text("utf-8")
    anchor = "#. cards eiffel-tower:"
    line = text[:text.index(anchor)].count("\n") + 1
    po.write_text(text.replace(anchor, "# " + "x" * 2500 + "\n" + anchor, 1), "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "terra", str(po), "--content", str(shipped))
    assert result.exit_code == 1 and digests(shipped) == before
    assert f"terra-pl.po:{line}:1: error I18N020 cards/eiffel-tower/topic: translator comment" \
        in result.stderr


# --- what pdf does with translations check rejects ---------------------------------------------

def test_pdf_refuses_a_translation_with_an_unknown_token(shipped: Path, tmp_path: Path) -> None:
    cards = shipped / "terra" / "i18n" / "el" / "strings.yaml"
    text = cards.read_text("utf-8")
    assert "      text: Το ξέρατε;\n" in text
    cards.write_text(text.replace("      text: Το ξέρατε;\n", "      text: Το ξέρατε [coins];\n"),
                     "utf-8")
    out = tmp_path / "terra-el.pdf"
    result = run("pdf", "terra", "--locale", "el", "--content", str(shipped), "-o", str(out))
    assert result.exit_code == 1 and not out.exists()
    assert "I18N005" in result.stderr and "nothing was written" in result.stderr


# --- the shipped glossaries hold the rulebooks' rule verbs ----------------------------------------

@pytest.mark.parametrize("locale, english, wrong, right", [
    ("el", "Trash a card.", "Πετάξτε μια κάρτα.", "Αφαιρέστε μια κάρτα."),
    ("el", "Gain a Waste.", "Πάρτε ένα απόβλητο.", "Πάρτε μία κάρτα Σκουπιδιών."),
    ("el", "Reveal this card.", "Δείξτε αυτή την κάρτα.", "Αποκαλύψτε αυτή την κάρτα."),
    ("el", "Draw two cards.", "Σηκώστε δύο κάρτες.", "Τραβήξτε δύο κάρτες."),
    ("pl", "Trash a card.", "Odrzuć kartę.", "Wyrzuć kartę."),
    ("pl", "Discard a card.", "Wyrzuć kartę.", "Odrzuć kartę."),
    ("pl", "Gain a Waste.", "Weź kartę śmieciową.", "Weź kartę Odpadów."),
])
def test_the_shipped_glossary_catches_the_wrong_rule_verb(locale: str, english: str, wrong: str,
                                                           right: str) -> None:
    from cardkit.i18n.api import load
    from cardkit.i18n.checks import Pair, TranslationEnv
    from cardkit.i18n.checks import glossary as glossary_check
    from cardkit.i18n.overlay import Entry, Translation

    data = load("trains", SHIPPED)
    template = next(s for s in data.sources() if s.kind == "cards" and s.key == "text")
    env = TranslationEnv(data.locales[locale], terms=data.translations.glossaries[locale])

    def issues(translation: str) -> list[str]:
        from dataclasses import replace

        src = replace(template, text=english)
        entry = Entry(Translation(text=translation, src=src.fingerprint), "x.yaml",
                      ("entries", src.object_id, "text"))
        return [i.message for i in glossary_check(Pair(src, entry, env))]

    assert issues(wrong), wrong
    assert not issues(right), issues(right)


@pytest.mark.parametrize("fmt, attr", [("xliff", "id"), ("xliff12", "original")])
def test_an_xliff_of_another_game_gets_one_error_naming_the_game(tmp_path: Path, fmt: str,
                                                                 attr: str) -> None:
    out = tmp_path / "terra-pl.xlf"
    assert run("i18n", "export", "terra", "--locale", "pl", "--format", fmt, "-o", str(out),
               "--content", str(SHIPPED)).exit_code == 0
    line = next(i for i, row in enumerate(out.read_text("utf-8").splitlines(), 1)
                if "<file " in row)
    result = run("i18n", "import", "trains", str(out), "--content", str(SHIPPED), "--dry-run")
    errors = [e for e in result.stderr.splitlines() if " error " in e]
    assert result.exit_code == 1 and len(errors) == 1, errors
    assert f"terra-pl.xlf:{line}:" in errors[0] and f"for the game 'terra' (<file {attr}>)" \
        in errors[0]


# --- the readers never crash on a damaged file -----------------------------------------------

_DAMAGE = st.lists(st.tuples(st.sampled_from(["drop", "dup", "swap", "insert", "cut"]),
                             st.integers(0, 10_000), st.text(max_size=8)), min_size=1,
                   max_size=6)


@pytest.fixture(scope="module")
def terra_pl(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from cardkit.i18n.api import load

    data = load("terra", SHIPPED)
    folder = tmp_path_factory.mktemp("po")
    out = export(SHIPPED, folder, "terra", "pl")
    return data, out.read_text("utf-8"), folder


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(damage=_DAMAGE)
def test_a_damaged_po_gives_located_errors_or_a_plan_never_a_crash(terra_pl, damage) -> None:  # type: ignore[no-untyped-def]
    from cardkit.i18n.exchange import plan_po

    data, text, folder = terra_pl
    lines = text.split("\n")
    for what, at, chars in damage:
        i = at % len(lines)
        if what == "drop":
            del lines[i]
        elif what == "dup":
            lines.insert(i, lines[i])
        elif what == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif what == "insert":
            pos = at % (len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + chars + lines[i][pos:]
        elif what == "cut":
            lines[i] = lines[i][: at % (len(lines[i]) + 1)]
    path = folder / "damaged.po"
    path.write_text("\n".join(lines), "utf-8")
    sources = {s.context: s for s in data.sources()}
    plan = plan_po(path, data.locales["pl"], sources, data.overlay("pl"), "terra")
    for error in plan.errors:
        assert error.code == "I18N020" and 1 <= error.line <= len(lines) + 1, error
    for ref in plan.updates:
        assert ref in plan.lines
