"""Language and script of translations: locales declare their scripts (I18N027 wrong script),
common words tell languages of one script apart (I18N028 wrong language), and an import whose
texts are not in the file's declared language is refused whole (I18N020)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from cardkit.core.diagnostics import Severity
from cardkit.core.spec import Record, TextField
from cardkit.export.exchange import import_file
from cardkit.i18n import api
from cardkit.i18n.checks import PAIR_CHECKS, Pair, TranslationEnv, pair_diagnostics
from cardkit.i18n.language import (file_language_problem, foreign_language, looks_like,
                                   wrong_script_share)
from cardkit.i18n.locale import Locale, LocalesFile
from cardkit.i18n.overlay import Entry, Translation
from cardkit.i18n.sources import SourceText, fingerprint

from .conftest import ROOT, SHIPPED

SCHEMAS = ROOT / "schemas"
LOCALE_DIR = SHIPPED / "locales"


def _locale(code: str) -> Locale:
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load((LOCALE_DIR / f"{code}.yaml").read_text("utf-8"))
    return LocalesFile.model_validate(data, strict=False).locale


LOCALES = {code: _locale(code) for code in ("en", "el", "pl")}
EL, PL, EN = LOCALES["el"], LOCALES["pl"], LOCALES["en"]
CHECKS = [c for c in PAIR_CHECKS if c.code in ("I18N027", "I18N028")]


def pair(locale: Locale, english: Any, text: Any, same: bool = False) -> Pair:
    """A pair of the shipped content, checked with the shipped locales."""
    record = Record("cards", None, str(SHIPPED / "terra" / "cards" / "x.yaml"), ("cards", 0))
    source = SourceText("cards", "x", "info", english, TextField("info", 400), record)
    entry = Entry(Translation(text=text, src=fingerprint(english), same=same),
                  f"content/terra/i18n/{locale.code}/cards.yaml", ("entries", "x", "info"))
    return Pair(source, entry, TranslationEnv(locale, locales=LOCALES))


def codes(p: Pair) -> list[str]:
    return [d.code for d in pair_diagnostics(p, CHECKS)]


# --- the locale model --------------------------------------------------------------------------

def test_shipped_locales_declare_their_scripts_and_common_words() -> None:
    assert (EL.scripts, PL.scripts, EN.scripts) == (["Greek"], ["Latin"], ["Latin"])
    for loc in LOCALES.values():
        assert 30 <= len(loc.common_words) <= 60, loc.code
        assert len(set(loc.common_words)) == len(loc.common_words), loc.code
        assert all(w == w.lower() and " " not in w for w in loc.common_words)
    assert {"the", "of", "and", "is"} <= set(EN.common_words)
    assert {"i", "w", "się", "że", "jest"} <= set(PL.common_words)
    assert {"και", "το", "του", "να", "για"} <= set(EL.common_words)


def test_the_old_single_script_field_is_refused_and_scripts_are_checked() -> None:
    base = EL.model_dump()
    del base["scripts"]
    with pytest.raises(ValidationError, match="scripts"):
        Locale.model_validate({**base, "script": "Greek"})
    for bad in ([], ["Klingon"], "Greek"):
        with pytest.raises(ValidationError):
            Locale.model_validate({**base, "scripts": bad})
    assert Locale.model_validate({**base, "scripts": ["Greek", "Latin"]}).scripts == \
        ["Greek", "Latin"]


def test_schema_documents_scripts() -> None:
    schema = (SCHEMAS / "locales.schema.json").read_text("utf-8")
    assert '"scripts"' in schema and '"common_words"' in schema
    assert not re.search(r'"script"\s*:', schema)


# --- I18N027 wrong script ----------------------------------------------------------------------

def test_polish_text_in_the_greek_overlay_is_the_wrong_script() -> None:
    p = pair(EL, "Gain 2 [coin] and draw a card.", "Zyskaj 2 [coin] i dobierz kartę.")
    found = list(pair_diagnostics(p, CHECKS))
    assert [d.code for d in found] == ["I18N027"]
    assert found[0].severity is Severity.ERROR
    assert "100% of the letters are Latin" in found[0].message
    assert found[0].pointer == ("entries", "x", "info", "text")


def test_greek_text_in_the_polish_overlay_is_the_wrong_script() -> None:
    assert codes(pair(PL, "Draw a card.", "Τραβήξτε μια κάρτα.")) == ["I18N027"]


def test_one_english_brand_name_in_greek_is_fine() -> None:
    # "Coca-Cola" is not in the English source: it still counts, but it is a minority
    assert codes(pair(EL, "The bottle dates from 1915.",
                      "Το μπουκάλι της Coca-Cola χρονολογείται από το 1915.")) == []


def test_words_of_the_english_source_are_not_counted() -> None:
    english = "Golden Gate Bridge VP"
    # mostly Latin letters, but all of them are the English's own words (names, acronyms)
    assert codes(pair(EL, english, "Γέφυρα Golden Gate Bridge VP")) == []
    assert codes(pair(EL, english, "Γέφυρα GOLDEN gate bridge vp")) == []  # any case
    # the same letters, not from the source, are counted
    assert codes(pair(EL, "The bridge", "Γέφυρα Golden Gate Bridge VP")) == ["I18N027"]


def test_a_name_kept_in_english_is_not_the_wrong_script() -> None:
    assert codes(pair(EL, "Ironworks", "Ironworks", same=True)) == []
    assert codes(pair(EL, "Ironworks", "Ironworks")) == []


def test_more_than_half_is_the_threshold() -> None:
    assert wrong_script_share(EL, "abcd αβγδ") is None           # exactly half: fine
    assert wrong_script_share(EL, "abcde αβγδ") == (5 / 9, "LATIN")
    assert wrong_script_share(EL, "abcd αβγδε") is None


def test_tokens_markup_and_numbers_are_not_letters() -> None:
    # {coin}, [coin], <b> are Latin letters that are not text
    assert wrong_script_share(EL, "<b>Κέρδισε</b> {n} [coin] [coin] {coin_count} 2 850") is None
    assert wrong_script_share(EL, "{n} [coin] <br/> 1937") is None
    assert codes(pair(EL, "{n} [coin]", "{n} [coin]")) == []


def test_other_scripts_count_as_foreign() -> None:
    assert wrong_script_share(PL, "Примерный текст") == (1.0, "CYRILLIC")
    assert wrong_script_share(EL, "漢字漢字 αβ") == (4 / 6, "OTHER")
    both = EL.model_copy(update={"scripts": ["Greek", "Latin"]})
    assert wrong_script_share(both, "Zyskaj dwie monety") is None


def test_a_plural_form_in_the_wrong_script_is_reported_on_that_form() -> None:
    english = {"one": "{n} card", "other": "{n} cards"}
    p = pair(EL, english, {"one": "{n} κάρτα", "other": "{n} karty"})
    found = list(pair_diagnostics(p, CHECKS))
    assert [(d.code, d.pointer[-1]) for d in found] == [("I18N027", "other")]


# --- I18N028 wrong language --------------------------------------------------------------------

def test_english_sentence_in_the_polish_overlay_is_the_wrong_language() -> None:
    p = pair(PL, "Lay one rail.", "Lay one rail and gain a Waste for each of your stations.")
    found = list(pair_diagnostics(p, CHECKS))
    assert [d.code for d in found] == ["I18N028"]
    assert "English (en)" in found[0].message and found[0].severity is Severity.ERROR


def test_the_copied_english_source_is_the_wrong_language_unless_marked_same() -> None:
    english = "Which of the regions is it in?"
    assert codes(pair(PL, english, english)) == ["I18N028"]
    assert codes(pair(PL, english, english, same=True)) == []


def test_polish_translations_are_polish() -> None:
    for text in ("Połóż jeden tor i weź Odpady za każdą ze swoich stacji.",
                 "W którym regionie się znajduje? To nie jest łatwe.",
                 "Jak długie jest przęsło mostu, który zwą Gate of the West?",  # 2 en vs 3 pl
                 "Kot a pies to nie to samo, a on by wiedział."):  # a/to/on/by: both languages
        assert codes(pair(PL, "Lay one rail.", text)) == [], text


def test_wrong_language_needs_four_words_and_two_foreign_ones() -> None:
    assert foreign_language(PL, LOCALES, "of the and") is None            # 3 words
    assert foreign_language(PL, LOCALES, "Karta of the Gods") == ("en", 2, 0)
    assert foreign_language(PL, LOCALES, "Karta of Gods Tower") is None   # only 1 English
    assert foreign_language(PL, LOCALES, "The Lord of Karta jest w grze") is None  # 2 = 2
    assert foreign_language(PL, LOCALES, "THE LORD OF THE RINGS") == ("en", 3, 0)


def test_words_both_languages_share_count_for_neither() -> None:
    # to, a, on, by, i are Polish and English words: no verdict either way
    assert foreign_language(PL, LOCALES, "to a on by i to a on") is None


def test_markup_and_tokens_are_not_words() -> None:
    assert foreign_language(PL, LOCALES, "<the> {of} [the] [and] Zyskaj") is None


def test_a_locale_alone_in_its_script_has_no_wrong_language() -> None:
    # Greek text in English words is the wrong script (I18N027), never I18N028
    assert foreign_language(EL, LOCALES, "Lay one rail and gain a Waste of the city.") is None
    assert codes(pair(EL, "Lay one rail.", "Lay one rail and gain a Waste of the city.")) == \
        ["I18N027"]


def test_without_other_locales_the_check_is_silent(tmp_path: Path) -> None:
    assert foreign_language(PL, {}, "Lay one rail and gain a Waste of the city.") is None


def test_shipped_translations_pass_both_checks() -> None:
    for game in ("terra", "trains"):
        data = api.load(game, SHIPPED)
        for code in ("el", "pl"):
            env = TranslationEnv(data.locales[code], locales=data.locales)
            overlay = data.overlay(code)
            for src in data.sources():
                entry = overlay.get(src.kind, src.object_id, src.key)
                if entry is not None:
                    found = list(pair_diagnostics(Pair(src, entry, env), CHECKS))
                    assert found == [], (game, code, src.object_id, src.key)


# --- the language of a whole file --------------------------------------------------------------

POLISH = ["Zyskaj dwie monety.", "Połóż jeden tor na planszy.", "Weź kartę Odpadów.",
          "Dobierz 2 karty, a potem odrzuć jedną.", "Ile lat ma ta budowla?", "Huta"]
GREEK = ["Πάρτε δύο χρήματα.", "Τοποθετήστε μια γραμμή στο ταμπλό.", "Τραβήξτε 2 κάρτες.",
         "Πόσο ψηλό είναι το κτίριο;", "Ironworks"]
ENGLISH = ["Gain two coins.", "Lay one rail on the board.", "Draw 2 cards, then discard one.",
           "How old is the building?", "Which of the regions is it in?"]


def test_a_polish_file_marked_greek_is_refused_with_one_clear_line() -> None:
    message = file_language_problem(EL, LOCALES, POLISH)
    assert message is not None and "\n" not in message
    assert message.startswith("the file says el but 6 of 6 texts look like pl (Polish)")


def test_a_file_in_its_own_language_passes() -> None:
    assert file_language_problem(PL, LOCALES, POLISH) is None
    assert file_language_problem(EL, LOCALES, GREEK) is None


def test_a_greek_file_marked_polish_or_english_is_refused() -> None:
    for locale in (PL, EN):
        message = file_language_problem(locale, LOCALES, GREEK)
        assert message is not None and "look like el (Greek)" in message
        assert f"the file says {locale.code} but 4 of 5" in message


def test_an_english_file_marked_polish_is_refused() -> None:
    message = file_language_problem(PL, LOCALES, ENGLISH)
    assert message is not None and "look like en (English)" in message


def test_a_few_foreign_texts_do_not_refuse_a_file() -> None:
    assert file_language_problem(PL, LOCALES, POLISH + ENGLISH[:2]) is None
    assert file_language_problem(EL, LOCALES, GREEK * 3 + POLISH[:2]) is None


def test_texts_that_say_nothing_about_their_language_are_not_counted() -> None:
    assert file_language_problem(EL, LOCALES, []) is None
    assert file_language_problem(EL, LOCALES, ["", "  ", "1937", "{n} [coin]"]) is None
    # Latin names in a Polish file: English or Polish? Undecided, so not held against it
    assert file_language_problem(PL, LOCALES, ["Ironworks", "Golden Gate", "Sahel"]) is None


def test_names_kept_from_the_english_do_not_refuse_a_greek_file() -> None:
    names = ["Ironworks", "Golden Gate Bridge", "Central Station", "Sahel"]
    greek = names + GREEK[:2]
    assert file_language_problem(EL, LOCALES, greek) is not None   # mostly Latin letters...
    assert file_language_problem(EL, LOCALES, greek, names + ["Gain coins.", "Lay rail."]) \
        is None                                                     # ...but all from the source


def test_looks_like() -> None:
    assert looks_like("Πάρτε δύο χρήματα.", LOCALES) == ("GREEK", "el")
    assert looks_like("Połóż tor.", LOCALES) == ("LATIN", "pl")      # Polish letters
    assert looks_like("Lay one rail on the board.", LOCALES) == ("LATIN", "en")
    assert looks_like("Ironworks", LOCALES) == ("LATIN", None)
    assert looks_like("1937", LOCALES) is None


def _xliff(data: api.GameI18n, code: str) -> str:
    from cardkit.i18n.xliff import export_xliff

    return export_xliff("terra", data.locales[code], data.sources(), data.overlay(code))


@pytest.fixture(scope="module")
def polish_xliff_marked_greek(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("lang")
    content = root / "content"
    shutil.copytree(SHIPPED, content)
    data = api.load("terra", content)
    text = _xliff(data, "pl")
    assert 'trgLang="pl"' in text
    path = root / "terra-pl.xlf"
    path.write_text(text.replace('trgLang="pl"', 'trgLang="el"'), "utf-8")
    return content, path


def _digests(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.yaml"))}


@pytest.mark.parametrize("force", [False, True])
def test_importing_a_polish_xliff_marked_greek_writes_nothing(
        polish_xliff_marked_greek: tuple[Path, Path], force: bool) -> None:
    content, path = polish_xliff_marked_greek
    before = _digests(content)
    result = import_file("terra", path, content, SCHEMAS, force=force)
    errors = result.plan.errors
    assert [(d.code, d.line, d.col) for d in errors] == [("I18N020", 1, 1)]
    assert re.match(r"the file says el but (\d+) of (\d+) texts look like pl \(Polish\)",
                    errors[0].message)
    assert result.blocked and result.written is None
    assert _digests(content) == before


def test_an_int_is_printed_with_every_digit() -> None:
    """A big ``int`` is formatted with integer arithmetic (through a float, an outside review
    saw 123456789012345678901234567890 printed as 123,456,789,012,345,677,877,719,597,056)."""
    from cardkit.pdf.fitcheck import ENGLISH

    assert ENGLISH.format_number(123456789012345678901234567890) == \
        "123,456,789,012,345,678,901,234,567,890"
    assert ENGLISH.format_number(-1234) == "-1,234" and ENGLISH.format_number(7) == "7"
    assert ENGLISH.format_number(2.5) == "2.5" and ENGLISH.format_number(1e20) == \
        "100,000,000,000,000,000,000"
