"""Locale files and translation files under hostile or careless edits (issue 31).

* A plural rule is parsed by a bounded parser and checked against CLDR (Babel): every hostile
  rule gives one located I18N032/I18N033 and never an exception; a PO header only ever holds a
  rule that passed.
* One root cause, one finding: a translation file that does not parse, a missing
  ``locales/`` folder, a misnamed overlay or locale folder, a broken locale file — each is
  reported once, with what to do, and its fields are not reported as missing too.
* A YAML syntax error names where the unclosed bracket or quote began.
* ``cardkit i18n status`` without any locale to translate into says so in words; a translation
  file it cannot use is listed after the table as ``cardkit check`` reports it (exit 1).
* A locale a command needs but the content does not define (``pdf``, ``export``, ``i18n
  export``): the located I18N019 when ``cardkit check`` reports the cause (exit 1), else a usage
  error naming the locale folder and the files to create in it (exit 2).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.core.diagnostics import Report, Severity
from cardkit.core.loader import parse_text
from cardkit.i18n.plural import PluralExpressionError, parse_plural_forms, plural_category
from cardkit.i18n.placement import PLACEMENT_CODES
from cardkit.i18n.plural_check import PLURAL_CODES, PluralRuleRejected, plural_problem

from .conftest import FIXTURES, TERRA_BASE, check_dir, run

PL_RULE = ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
           "? 1 : 2);")
EN_RULE = "nplurals=2; plural=(n != 1);"
PL_CATS = ("one", "few", "many")
EL_CATS = ("one", "other")

# (locale, gettext value, categories, expected code, words the message must hold)
HOSTILE = {
    "division by constant zero": ("el", "nplurals=2; plural=(n/0);", EL_CATS, "I18N032",
                                  "division by zero"),
    "modulo by constant zero": ("el", "nplurals=2; plural=(n%(2-2));", EL_CATS, "I18N032",
                                "division by zero"),
    "10,000 nested parentheses": ("el", "nplurals=2; plural=" + "(" * 10_000 + "n != 1"
                                  + ")" * 10_000 + ";", EL_CATS, "I18N032", "longer than"),
    "100 nested parentheses": ("el", "nplurals=2; plural=" + "(" * 100 + "n != 1" + ")" * 100
                               + ";", EL_CATS, "I18N032", "nested deeper than 40"),
    "10,000 negations": ("el", "nplurals=2; plural=" + "!" * 10_000 + "n;", EL_CATS, "I18N032",
                         "longer than"),
    "unfinished ternary": ("el", "nplurals=2; plural=n ? 1 : 2 ? 3;", EL_CATS, "I18N032",
                           "expected ':'"),
    "non-ASCII operator": ("el", "nplurals=2; plural=(n ≠ 1);", EL_CATS, "I18N032",
                           "U+2260"),
    "non-ASCII digit": ("el", "nplurals=٢; plural=(n != 1);", EL_CATS, "I18N032",
                        "expected `nplurals"),
    "nplurals disagrees with the categories": ("pl", "nplurals=2; plural=(n != 1);", PL_CATS,
                                               "I18N032", "nplurals=2, but categories lists 3"),
    "empty rule": ("el", "", EL_CATS, "I18N032", "empty"),
    "empty expression": ("el", "nplurals=2; plural=;", EL_CATS, "I18N032", "empty"),
    "number too big": ("el", "nplurals=2; plural=(n > 99999999999999999999999);", EL_CATS,
                       "I18N032", "too big"),
    "nplurals too big": ("el", "nplurals=99999999999999999999; plural=(n != 1);", EL_CATS,
                         "I18N032", "nplurals must be 1 to 6"),
    "value below zero": ("el", "nplurals=2; plural=(n - 1);", EL_CATS, "I18N032",
                         "unsigned"),
    "index past nplurals": ("el", "nplurals=2; plural=(n + 5) % 3;", EL_CATS, "I18N032",
                            "gives form 2"),
    "Polish with the English rule": ("pl", "nplurals=3; plural=(n != 1);", PL_CATS, "I18N033",
                                     "CLDR's Polish rule says many"),
    "Polish with English categories": ("pl", EN_RULE, ("one", "other"), "I18N033",
                                       "CLDR gives Polish the categories one, few, many"),
    "Greek categories reversed": ("el", EN_RULE, ("other", "one"), "I18N033", "in that order"),
}


# --- the plural rule: the library ------------------------------------------------------------

@pytest.mark.parametrize("case", list(HOSTILE.values()), ids=list(HOSTILE))
def test_hostile_rule_gives_one_problem_never_an_exception(case: tuple[str, ...]) -> None:
    code, gettext, cats, want, words = case
    problem = plural_problem(code, gettext, cats)
    assert problem is not None and problem.code == want
    assert words in problem.message


@pytest.mark.parametrize("code,gettext,cats", [("el", EN_RULE, EL_CATS), ("en", EN_RULE, EL_CATS),
                                               ("pl", PL_RULE, PL_CATS)])
def test_shipped_rules_pass(code: str, gettext: str, cats: tuple[str, ...]) -> None:
    assert plural_problem(code, gettext, cats) is None


def test_the_parser_is_bounded_and_locates() -> None:
    for text in ("nplurals=2; plural=" + "(" * 50_000 + "n;",
                 "nplurals=2; plural=" + "-n" * 300 + ";",
                 "nplurals=2; plural=" + "n?" * 300 + "n;"):
        with pytest.raises(PluralExpressionError):
            parse_plural_forms(text)
    with pytest.raises(PluralExpressionError) as err:
        parse_plural_forms("nplurals=2; plural=(n/0);")
    assert err.value.offset == "nplurals=2; plural=(n/0);".index("/")


def test_polish_forms() -> None:
    cats = list(PL_CATS)
    got = {n: plural_category(PL_RULE, cats, n) for n in (0, 1, 2, 4, 5, 12, 14, 21, 22, 25, 112,
                                                             122, 1_000_002)}
    assert got == {0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 12: "many", 14: "many",
                   21: "many", 22: "few", 25: "many", 112: "many", 122: "few",
                   1_000_002: "few"}


def test_po_header_only_holds_a_checked_rule() -> None:
    from cardkit.i18n.exchange import po_metadata
    from cardkit.i18n.locale import Locale, Plural

    base = Locale(code="el", name="Greek", native_name="Ελληνικά", scripts=["Greek"],
                  plural=Plural(categories=["one", "other"], gettext=EN_RULE), decimal=",",
                  group=["."], quotes=[["«", "»"]])
    assert po_metadata("terra", base)["Plural-Forms"] == EN_RULE
    bad = base.model_copy(update={"plural": Plural(categories=["one", "other"],
                                                   gettext="nplurals=2; plural=(n/0);")})
    with pytest.raises(PluralRuleRejected, match="I18N032"):
        po_metadata("terra", bad)


def test_new_codes_are_documented() -> None:
    _, out, _ = _cli("codes", "I18N032", "I18N033", "I18N034")
    for code in ("I18N032", "I18N033", "I18N034"):
        assert f"{code} " in out
    assert out.count("Bad:") == 3 and out.count("Good:") == 3
    assert [c.code for c in PLURAL_CODES] == ["I18N032", "I18N033"]


# --- the fixtures of each code (tests/fixtures/locale_cases.yaml) ----------------------------

CASES: list[dict[str, Any]] = YAML(typ="safe").load(
    (FIXTURES / "locale_cases.yaml").read_text("utf-8"))["cases"]


def _apply(content: Path, edits: list[dict[str, str]]) -> Path:
    for edit in edits:
        path = content / edit["file"]
        if "move" in edit:
            path.rename(content / edit["move"])
            continue
        text = path.read_text("utf-8")
        assert text.count(edit["old"]) == 1, edit["old"]
        path.write_text(text.replace(edit["old"], edit["new"]), "utf-8")
    return content


def _where(report: Report, content: Path) -> list[tuple[str, str]]:
    return [(d.code, f"{Path(d.file).resolve().relative_to(content.resolve()).as_posix()}:"
                     f"{d.line}:{d.col}") for d in report.diagnostics]


def test_every_locale_code_has_a_case() -> None:
    codes = {c.code for c in PLURAL_CODES} | {c.code for c in PLACEMENT_CODES}
    assert codes == {case["code"] for case in CASES}


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_failing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _apply(terra_content(), case["fail"])
    found = _where(check_dir(content, "terra"), content)
    assert found == [(case["code"], where) for where in case["expect"]]  # and nothing else


@pytest.mark.parametrize("case", CASES, ids=[c["code"] for c in CASES])
def test_passing_fixture(case: dict[str, Any], terra_content) -> None:  # type: ignore[no-untyped-def]
    content = _apply(terra_content(), case.get("pass") or [])
    assert check_dir(content, "terra").diagnostics == []


# --- the plural rule: `cardkit check` --------------------------------------------------------

def _with_rule(content: Path, code: str, gettext: str, cats: tuple[str, ...]) -> Path:
    path = content / "locales" / f"{code}.yaml"
    text = path.read_text("utf-8")
    text = re.sub(r"    categories: .*\n", f"    categories: [{', '.join(cats)}]\n", text)
    text = re.sub(r"    gettext: (?:'[^']*'|.*)\n", "    gettext: '" + gettext.replace("'", "''")
                  + "'\n", text)
    path.write_text(text, "utf-8")
    return path


@pytest.mark.parametrize("name", ["division by constant zero", "10,000 nested parentheses",
                                  "unfinished ternary", "non-ASCII operator", "empty rule",
                                  "empty expression", "number too big",
                                  "nplurals disagrees with the categories",
                                  "Polish with the English rule"])
def test_check_reports_a_bad_rule_once_at_the_rule(terra_content, name: str) -> None:  # type: ignore[no-untyped-def]
    code, gettext, cats, want, words = HOSTILE[name]
    if name.startswith("empty"):  # the schema's pattern (`nplurals=N; plural=...;`) stops it
        want, words = "SCH004", "nplurals=2; plural=(n != 1);"
    content = terra_content()
    path = _with_rule(content, code, gettext, cats)
    report = check_dir(content, "terra")
    (diag,) = report.diagnostics  # one root cause, one finding; nothing about the overlays
    line = next(i for i, row in enumerate(path.read_text("utf-8").splitlines(), 1)
                if "gettext:" in row)
    assert (diag.code, diag.severity, diag.line, diag.col) == (want, Severity.ERROR, line, 14)
    assert diag.file.endswith(f"locales/{code}.yaml") and words in diag.message


def test_check_passes_the_shipped_rules(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content()
    _with_rule(content, "pl", PL_RULE, PL_CATS)
    assert check_dir(content, "terra").diagnostics == []


def test_export_refuses_a_bad_rule(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = terra_content()
    _with_rule(content, "pl", "nplurals=3; plural=(n/0);", PL_CATS)
    out = tmp_path / "pl.po"
    code, _, err = _cli("i18n", "export", "terra", "--locale", "pl", "-o", str(out), "--content",
                        str(content))
    assert code == 1 and "I18N032" in err and not out.exists()


# --- one root cause, one finding --------------------------------------------------------------

def _overlay(name: str) -> str:
    return (TERRA_BASE / "terra" / "i18n" / "el" / name).read_text("utf-8")


def test_unclosed_bracket_in_an_overlay_is_one_error_naming_the_bracket(terra_content) -> None:  # type: ignore[no-untyped-def]
    text = _overlay("cards.yaml").replace("text: Γέφυρα", "text: [Γέφυρα", 1)
    content = terra_content({"i18n/el/cards.yaml": text})
    (diag,) = check_dir(content, "terra").diagnostics  # was 1 error and 8 "no translation"
    assert diag.code == "YML001" and diag.file.endswith("i18n/el/cards.yaml")
    assert (diag.line, diag.col) == (7, 10)  # where the parser gave up ...
    assert "the '[' opened at line 6, column 13 is never closed" in diag.message  # ... and why


def test_syntax_errors_name_where_the_construct_began() -> None:
    cases = {  # content, locale and sheet files all go through the one loader
        "cards:\n  - id: a\n    answers: [nile, congo\n    hint: x\n":
            "the '[' opened at line 3, column 14 is never closed",
        'locale:\n  name: "Greek\n  code: el\n': "the '\"' opened at line 2, column 9",
        "grid: {rows: 11, cols: 11\nsize: 3\n": "the '{' opened at line 1, column 7",
        "a:\n  b: 1\n c: 2\n": "(while parsing a block mapping that starts at line 1, column 1)",
    }
    for text, words in cases.items():
        (diag,) = parse_text(text, "f.yaml").diagnostics
        assert diag.code == "YML001" and words in diag.message, diag.message


def test_a_valid_overlay_is_silent(terra_content) -> None:  # type: ignore[no-untyped-def]
    assert check_dir(terra_content(), "terra").diagnostics == []


def test_missing_locales_folder_is_one_error(terra_content) -> None:  # type: ignore[no-untyped-def]
    import shutil

    content = terra_content()
    shutil.rmtree(content / "locales")
    (diag,) = check_dir(content, "terra").diagnostics  # was one I18N019 per translation file
    assert diag.code == "I18N019" and "locales/ does not exist" in diag.message
    assert "el.yaml" in diag.message and "pl.yaml" in diag.message


def test_misnamed_overlay_is_one_error_naming_the_kind(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content({"i18n/el/cards.yaml": None,
                             "i18n/el/card.yaml": _overlay("cards.yaml")})
    (diag,) = check_dir(content, "terra").diagnostics  # was a CK001 warning + 8 I18N001
    assert diag.code == "I18N034" and diag.severity is Severity.ERROR
    assert diag.file.endswith("i18n/el/card.yaml") and "i18n/el/cards.yaml" in diag.message


def test_unknown_locale_folder_is_one_error_saying_where(terra_content) -> None:  # type: ignore[no-untyped-def]
    files: dict[str, str | None] = {}
    for name in ("bars.yaml", "cards.yaml", "regions.yaml", "strings.yaml"):
        files[f"i18n/el/{name}"] = None
        files[f"i18n/gr/{name}"] = _overlay(name)
    (diag,) = check_dir(terra_content(files), "terra").diagnostics  # was 4 I18N019 + 11 I18N001
    assert diag.code == "I18N019" and "'gr' is not defined" in diag.message
    assert "4 translation files" in diag.message and "move them to i18n/el/" in diag.message
    files = {f"i18n/gr/{n}": _overlay(n).replace("locale: el", "locale: gr") for n in
             ("bars.yaml", "cards.yaml", "regions.yaml", "strings.yaml")}
    files.update({f"i18n/el/{n}": None for n in ("bars.yaml", "cards.yaml", "regions.yaml",
                                                  "strings.yaml")})
    (diag,) = check_dir(terra_content(files), "terra").diagnostics
    assert "country code of Greece" in diag.message and "i18n/el/" in diag.message


def test_broken_locale_file_is_one_error(terra_content) -> None:  # type: ignore[no-untyped-def]
    content = terra_content()
    path = content / "locales" / "el.yaml"
    path.write_text(path.read_text("utf-8").replace("  name: Greek", "  name: [Greek"), "utf-8")
    (diag,) = check_dir(content, "terra").diagnostics  # was YML001 + one I18N019 per el file
    assert diag.code == "YML001" and diag.file.endswith("locales/el.yaml")
    assert "never closed" in diag.message


# --- i18n status without locales --------------------------------------------------------------

def test_status_without_locales_says_so(terra_content) -> None:  # type: ignore[no-untyped-def]
    import shutil

    content = terra_content()
    for code in ("el", "pl"):
        (content / "locales" / f"{code}.yaml").unlink()
        (content / "terra" / "glossary" / f"{code}.yaml").unlink()
    shutil.rmtree(content / "terra" / "i18n")
    code, out, _ = _cli("i18n", "status", "--content", str(content))
    assert code == 0 and "no locale to translate into" in out and "locale" in out
    assert "defines no locale besides the source, English (en)" in out
    shutil.rmtree(content / "locales")
    code, out, _ = _cli("i18n", "status", "--content", str(content))
    assert code == 0 and "locales/ does not exist" in out


def test_status_with_locales_is_a_table(terra_content) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = _cli("i18n", "status", "--content", str(terra_content()))
    assert code == 0 and out.splitlines()[0].split()[:2] == ["game", "locale"]
    assert len(out.splitlines()) == 3


def _cli(*args: str) -> tuple[int, str, str]:
    result = run(*args)
    return result.exit_code, result.stdout, result.stderr


# --- i18n status names a translation file it cannot use (D7) ---------------------------------

def _gr_folder() -> dict[str, str | None]:
    files: dict[str, str | None] = {}
    for name in ("bars.yaml", "cards.yaml", "regions.yaml", "strings.yaml"):
        files[f"i18n/el/{name}"] = None
        files[f"i18n/gr/{name}"] = _overlay(name)
    return files


STATUS_CASES = {  # what breaks -> (files, code, file and position, words of the message)
    "unclosed bracket": ({"i18n/el/cards.yaml": _overlay("cards.yaml").replace(
        "text: Γέφυρα", "text: [Γέφυρα", 1)}, "YML001", "terra/i18n/el/cards.yaml:7:10",
        "is never closed"),
    "misnamed overlay": ({"i18n/el/cards.yaml": None,
                          "i18n/el/card.yaml": _overlay("cards.yaml")},
                         "I18N034", "terra/i18n/el/card.yaml:1:1",
                         "rename it to i18n/el/cards.yaml"),
    "wrong locale folder": (_gr_folder(), "I18N019", "terra/i18n/gr/bars.yaml:",
                            "move them to i18n/el/"),
}


@pytest.mark.parametrize("case", list(STATUS_CASES.values()), ids=list(STATUS_CASES))
def test_status_names_a_translation_file_it_cannot_use(case, terra_content) -> None:  # type: ignore[no-untyped-def]
    files, want, where, words = case
    content = terra_content(files)
    (diag,) = check_dir(content, "terra").diagnostics  # what `cardkit check` reports ...
    code, out, err = _cli("i18n", "status", "--content", str(content))
    assert code == 1, (out, err)  # was exit 0 and only "8 missing" (19 for i18n/gr/)
    assert out.splitlines()[0].split()[:2] == ["game", "locale"]  # the table is still there
    (line,) = [x for x in err.splitlines() if f" {want} " in x]
    assert line == f"{diag.file}:{diag.line}:{diag.col}: error {want} {diag.message}"  # ... same
    assert where in line and words in line
    assert "1 error in translation files" in err
    code, out, err = _cli("i18n", "status", "--content", str(content), "--format", "json")
    assert code == 1 and len(json.loads(out)) == 2 and want in err


def test_status_of_clean_translations_exits_0(terra_content) -> None:  # type: ignore[no-untyped-def]
    code, _, err = _cli("i18n", "status", "--content", str(terra_content()))
    assert code == 0 and err == ""


def test_status_names_the_missing_locales_folder(terra_content) -> None:  # type: ignore[no-untyped-def]
    import shutil

    content = terra_content()
    shutil.rmtree(content / "locales")
    code, out, err = _cli("i18n", "status", "--content", str(content))
    assert code == 1 and "locales/ does not exist" in out
    assert " I18N019 " in err and "create " in err and "en.yaml" in err
    code, _, err = _cli("i18n", "status", "--content", str(content), "--locale", "el")
    assert code == 1 and " I18N019 " in err and "el.yaml, pl.yaml" in err


# --- a locale a command needs is not defined (D8) -----------------------------------------------

def _no_locales(content: Path, translations: bool) -> Path:
    import shutil

    shutil.rmtree(content / "locales")
    if not translations:
        shutil.rmtree(content / "terra" / "i18n")
        shutil.rmtree(content / "terra" / "glossary")
    return content


@pytest.mark.parametrize("command", [("pdf", "terra"), ("export", "terra", "--dpi", "50")],
                         ids=["pdf", "export"])
def test_missing_locales_folder_is_named_by_print_commands(command, terra_content,  # type: ignore[no-untyped-def]
                                                           tmp_path: Path) -> None:
    content = _no_locales(terra_content(), translations=False)
    folder = f"{content}/locales"
    out = tmp_path / "out"
    code, _, err = _cli(*command, "--content", str(content), "-o", str(out))
    assert code == 2 and not out.exists()  # nothing `cardkit check` reports: a usage error
    assert err.strip() == (f"cardkit: unknown locale 'en': {folder}/ does not exist, so no "
                           f"locale is defined; create {folder}/ with a file per language: "
                           "en.yaml (the source; `cardkit init` writes one)")  # was "defined: "
    code, _, err = _cli(*command, "--content", str(content), "-o", str(out), "--locale", "el")
    assert code == 2 and err.strip().endswith("en.yaml (the source; `cardkit init` writes one) "
                                              "and el.yaml")


@pytest.mark.parametrize("locale", ["en", "el"])
def test_missing_locales_folder_with_translations_blocks_with_the_finding(  # type: ignore[no-untyped-def]
        locale: str, terra_content, tmp_path: Path) -> None:
    content = _no_locales(terra_content(), translations=True)
    (diag,) = check_dir(content, "terra").diagnostics
    out = tmp_path / "x.pdf"
    code, _, err = _cli("pdf", "terra", "--content", str(content), "-o", str(out),
                        "--locale", locale)  # en: was "unknown locale 'en'; defined: " (exit 2)
    assert code == 1 and not out.exists()
    assert f"{diag.file}:{diag.line}:{diag.col}: error I18N019 {diag.message}" in err.splitlines()


def test_i18n_commands_name_the_missing_locales_folder(terra_content, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    content = _no_locales(terra_content(), translations=False)
    out = tmp_path / "el.po"
    code, _, err = _cli("i18n", "export", "terra", "--locale", "el", "-o", str(out),
                        "--content", str(content))
    assert code == 2 and not out.exists()
    assert "unknown target locale 'el': " in err and f"{content}/locales/ does not exist" in err
    assert "and el.yaml" in err


def test_unknown_locale_messages() -> None:
    from cardkit.core.errors import UsageProblem
    from cardkit.i18n.locale import LocaleTable
    from cardkit.i18n.placement import unknown_locale

    table = LocaleTable("content/locales", exists=True)
    table.update({"en": object(), "el": object()})  # type: ignore[dict-item]
    problem = unknown_locale(table, "gr")
    assert isinstance(problem, UsageProblem) and str(problem) == (
        "unknown locale 'gr': there is no content/locales/gr.yaml (defined: el, en); add "
        "content/locales/gr.yaml, or use a defined locale")
    assert "'en' is the source locale" in str(unknown_locale(table, "en", target=True))
    table.broken.add("pl")
    assert str(unknown_locale(table, "pl")) == ("locale 'pl' cannot be used: content/locales/"
                                                "pl.yaml has an error; run `cardkit check`")
