"""Typographic and number checks of translations (issue 11): number words (I18N023), decades,
centuries and the minus sign in I18N007, doubled words (I18N024), spacing (I18N025), nested
quotes (I18N011) and Greek look-alikes (I18N026).

Most cases run one check on one English/translation pair with the shipped locale data
(content/locales); a few run ``cardkit check`` on the Terra fixture, with the shipped locales,
to see each finding at its line and column.
"""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import ValidationError
from ruamel.yaml import YAML

from cardkit.i18n.checks import PAIR_CHECKS, Pair, TranslationEnv
from cardkit.i18n.locale import Locale, LocalesFile, NumberWords
from cardkit.i18n.overlay import Entry, Translation
from cardkit.i18n.style import number_words
from cardkit.i18n.text import numbers

from .conftest import SHIPPED, TERRA_BASE, check_dir, positions

LOCALE_FILES = {code: SHIPPED / "locales" / f"{code}.yaml" for code in ("en", "el", "pl")}
LOCALES: dict[str, Locale] = {
    code: LocalesFile.model_validate(YAML(typ="safe").load(path.read_text("utf-8"))).locale
    for code, path in LOCALE_FILES.items()}
CHECKS = {c.code: c for c in PAIR_CHECKS}


def run(code: str, english: Any, text: Any, locale: str, *, source: bool = True) -> list[str]:
    """The messages of one check on one pair (``source=False``: no English locale given)."""
    env = TranslationEnv(LOCALES[locale], source_locale=LOCALES["en"] if source else None)
    entry = Entry(Translation(text=text, src="0" * 12), "x.yaml", ("entries", "x", "text"))
    pair = Pair(SimpleNamespace(text=english), entry, env)  # type: ignore[arg-type]
    return [issue.message for issue in CHECKS[code].run(pair)]


def table(code: str, rows: list[tuple[str, str, str, str | None]]) -> Any:
    """Parametrize ``(locale, english, translation, expected message part or None)``."""
    return pytest.mark.parametrize(
        "loc,english,text,expect", rows,
        ids=[f"{code}-{loc}-{'bad' if e else 'ok'}-{i}" for i, (loc, _, _, e) in enumerate(rows)])


def assert_finding(found: list[str], expect: str | None) -> None:
    if expect is None:
        assert found == []
    else:
        assert len(found) == 1 and expect in found[0], found


# --- I18N023 number words ----------------------------------------------------------------------

@table("I18N023", [
    ("pl", "Look at the top three cards.", "Przejrzyj cztery wierzchnie karty.", "3 ('three')"),
    ("pl", "Look at the top three cards.", "Przejrzyj trzy wierzchnie karty.", None),
    ("pl", "Look at the top three cards.", "Przejrzyj 3 wierzchnie karty.", None),
    ("pl", "Look at the top three cards.", "Przejrzyj wierzchnie karty.", "3 ('three')"),
    ("pl", "It beat three rivals.", "Pokonał trzech rywali.", None),
    ("pl", "with three others", "z trzema innymi", None),
    ("pl", "to three players", "trzem graczom", None),
    ("pl", "Two cards.", "Dwie karty.", None),
    ("pl", "two of them", "dwóch z nich", None),
    ("pl", "Hold two cards.", "Trzymaj dwie karty.", None),        # trzymaj is no "trzy"
    ("pl", "Hold three cards.", "Trzymaj karty.", "3 ('three')"),
    ("pl", "five ovens", "pięć pieców", None),
    ("pl", "five ovens", "piec", "5 ('five')"),                     # piec (oven) is not pięć
    ("pl", "the third attempt", "trzecia próba", None),
    ("pl", "the third attempt", "trzeciej próby", None),
    ("pl", "the third attempt", "druga próba", "3 ('third')"),
    ("pl", "four days into her voyage", "w czwartym dniu rejsu", None),
    ("pl", "three hundred people", "trzysta osób", None),
    ("pl", "three hundred people", "dwieście osób", "300"),
    ("pl", "a third of its people", "jedna trzecia ludności", None),
    ("pl", "THREE CARDS", "TRZY KARTY", None),
    # collective numerals (people of mixed sex, children, young animals), in any case
    ("pl", "five children", "pięcioro dzieci", None),
    ("pl", "with five children", "z pięciorgiem dzieci", None),
    ("pl", "of their seven children", "z ich siedmiorga dzieci", None),
    ("pl", "two of them", "dwojga z nich", None),
    ("pl", "five children", "sześcioro dzieci", "5 ('five')"),
    ("el", "Draw two cards.", "Τραβήξτε τρεις κάρτες.", "2 ('two'); the translation has 3"),
    ("el", "Draw two cards.", "Τραβήξτε δύο κάρτες.", None),
    ("el", "Draw two cards.", "ΤΡΑΒΗΞΤΕ ΔΥΟ ΚΑΡΤΕΣ.", None),      # capitals drop the accent
    ("el", "four cards", "τρεις κάρτες", "4 ('four')"),
    ("el", "three of them", "τρία από αυτά", None),
    ("el", "the third attempt", "η τρίτη προσπάθεια", None),
    ("el", "the third attempt", "η δεύτερη προσπάθεια", "3 ('third')"),
    ("el", "three hundred people", "τριακόσιοι άνθρωποι", None),
    ("el", "for twenty years", "για είκοσι χρόνια", None),
])
def test_number_words(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N023", english, text, loc), expect)


@table("I18N023", [
    # one, the article and "first" are loose: never a finding on their own
    ("el", "Draw a card.", "Τραβήξτε μία κάρτα.", None),
    ("el", "Choose one:", "Επιλέξτε ένα:", None),
    ("el", "one of the largest", "από τα μεγαλύτερα", None),
    ("pl", "Choose one Train card.", "Wybierz kartę Pociągu.", None),
    ("pl", "Choose a Train card.", "Wybierz jedną kartę Pociągu.", None),
    ("pl", "the first to confirm", "jako pierwsi potwierdzili", None),
    ("pl", "the First World War", "I wojna światowa", None),
    # vague or idiomatic words excuse a number but never cause a finding
    ("pl", "The two climbers", "Obaj wspinacze", None),
    ("el", "from both ends", "και από τις δύο άκρες", None),
    ("el", "for the summit pair", "για τους δύο ορειβάτες", None),
    ("pl", "second only to Lake Baikal", "ustępujące tylko Bajkałowi", None),
    ("pl", "Hundreds of workers", "Setki robotników", None),
    ("el", "Print two-sided.", "Εκτυπώστε διπλής όψης.", None),  # a compound is loose
    ("pl", "twenty-three cards", "dwadzieścia trzy karty", None),
    ("pl", "twenty-three cards", "dwadzieścia cztery karty", "3 ('three')"),
    # a number the translation spells out on its own is not reported
    ("el", "The crews from each end met.", "Τα συνεργεία από τα δύο άκρα συναντήθηκαν.", None),
    ("pl", "For a century", "Przez sto lat", None),
])
def test_number_words_loose(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N023", english, text, loc), expect)


def test_number_words_in_plural_forms() -> None:
    english = {"one": "Draw a card and two coins.", "other": "Draw {n} cards and two coins."}
    good = {"one": "Dobierz kartę i dwie monety.", "few": "Dobierz {n} karty i dwie monety.",
            "many": "Dobierz {n} kart i dwie monety."}
    assert run("I18N023", english, good, "pl") == []
    bad = dict(good, few="Dobierz {n} karty i trzy monety.")
    assert run("I18N023", english, bad, "pl") == [
        ("number words differ from the English: the English has 2 ('two'); the translation has "
         "3 ('trzy')")]


def test_number_words_come_from_the_english_locale_file() -> None:
    """One source of English number words: content/locales/en.yaml (none given: no check)."""
    assert LOCALES["en"].number_words.cardinal[3] == ["three"]
    assert run("I18N023", "three cards", "cztery karty", "pl") != []
    assert run("I18N023", "three cards", "cztery karty", "pl", source=False) == []


def test_stems_take_only_the_locales_endings() -> None:
    data = NumberWords(endings=["y", "a", "ego"], ordinal={5: ["piąt*"]})
    found = [v for _, v, _ in number_words("piąty piąta piątego piąt piątek piątkowy", data)]
    assert found == [5, 5, 5, 5]  # not piątek (Friday), not piątkowy
    assert number_words("anything", NumberWords()) == []


# --- I18N007 numbers: decades, centuries, the minus sign ---------------------------------------

@table("I18N007", [
    ("pl", "in the early 1900s", "na początku XX wieku", None),
    ("pl", "in the early 1900s", "na początku 1900 roku", None),
    ("pl", "in the early 1900s", "na początku XIX wieku", "missing 1900"),
    ("pl", "in the 1880s", "w latach 80. XIX wieku", None),
    ("pl", "in the 1880s", "w latach 80. 19. wieku", None),
    ("pl", "in the 1880s", "w latach po 1880 roku", None),
    ("pl", "in the 1880s", "w latach 80. XX wieku", "missing 1880"),
    ("pl", "in the 1880s", "w XIX wieku", "missing 1880"),
    ("pl", "in the 1880s", "w latach 90. XIX wieku", "missing 1880"),
    ("el", "in the 1880s", "τη δεκαετία του 1880", None),
    ("el", "in the 1880s", "τη δεκαετία του 1890", "missing 1880"),
    ("pl", "It fell to -3 C.", "Spadła do −3 °C.", None),           # U+2212 MINUS SIGN
    ("el", "It fell to -67.8 C.", "Έπεσε στους −67,8 °C.", None),
    ("pl", "It fell to -3 C.", "Spadła do -3 °C.", None),           # hyphen-minus: accepted
    ("pl", "It fell to -3 C.", "Spadła do 3 °C.", "missing -3"),
    ("pl", "It rose to 3 C.", "Wzrosła do −3 °C.", "unexpected -3"),
    ("pl", "from 1992 to 1996", "w latach 1992−1996", None),        # a dash, not a sign
    ("pl", "Look at three cards.", "Przejrzyj 3 karty.", None),
    ("pl", "Look at 3 cards.", "Przejrzyj trzy karty.", None),
    ("el", "Gain 1 coin.", "Κερδίστε ένα νόμισμα.", None),
    ("pl", "Look at 3 cards.", "Przejrzyj cztery karty.", "missing 3"),
    ("pl", "Look at 3 cards.", "Przejrzyj 4 karty.", "missing 3; unexpected 4"),
])
def test_number_parity(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N007", english, text, loc), expect)


def test_numbers_read_signs() -> None:
    found = sorted(numbers("−67,8 i -3, (−5), A-10, 1992-1996, 5−3", ",", ["."]).elements())
    assert found == [Decimal(x) for x in ("-67.8", "-5", "-3", "3", "5", "10", "1992", "1996")]


# --- I18N024 doubled words ---------------------------------------------------------------------

@table("I18N024", [
    ("pl", "x", "Dobierz kartę i i zyskaj 2 monety.", "'i i'"),
    ("pl", "x", "Na na stole.", "'Na na'"),
    ("el", "x", "Τραβήξτε και και κερδίστε.", "'και και'"),
    ("el", "x", "Το το τρένο.", "'Το το'"),
    ("pl", "x", "Połóż kartę na\nna stosie.", "'na na'"),
    ("pl", "x", "na <b>na</b> stole", "'na na'"),
    ("el", "x", "Προχωρήστε σιγά σιγά.", None),
    ("el", "x", "Δίπλα δίπλα.", None),
    ("pl", "x", "Ledwo ledwo zdążył.", None),
    ("pl", "x", "Tak, tak.", None),
    ("pl", "x", "Zyskaj [coin] [coin].", None),
    ("pl", "x", "na [coin] na", None),
    ("pl", "x", "Atol Bora Bora.", None),
    ("pl", "x", "Zyskaj 1 1 monetę.", None),
    ("pl", "They had had enough.", "Mieli mieli dość.", "'Mieli mieli'"),
    ("pl", "Say it: no no.", "Powiedz: no no.", None),  # the English doubles it too
])
def test_doubled_words(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N024", english, text, loc), expect)


# --- I18N025 spacing ---------------------------------------------------------------------------

@table("I18N025", [
    ("pl", "x", "Zyskaj 2 monety , potem dobierz.", "space before ','"),
    ("pl", "x", "Dobierz kartę .", "space before '.'"),
    ("pl", "x", "Uwaga : karta.", "space before ':'"),
    ("pl", "x", "Czy wiesz ?", "space before '?'"),
    ("pl", "x", "Brawo !", "space before '!'"),
    ("el", "x", "Πόσο μακρύ είναι ;", "space before ';'"),
    ("el", "x", "Επιλέξτε ένα : τραβήξτε μία κάρτα · ή όχι", "space before ':'"),
    ("el", "x", "Τραβήξτε μία κάρτα · ή όχι", "space before '·'"),
    ("pl", "x", "Dobierz ( jeśli chcesz) kartę.", "space after '('"),
    ("pl", "x", "Dobierz (jeśli chcesz ) kartę.", "space before ')'"),
    ("pl", "x", "tzw. „ Wieszak”", "space after '„'"),
    ("pl", "x", "tzw. „Wieszak ”", "space before '”'"),
    ("el", "x", "η « Κρεμάστρα»", "space after '«'"),
    ("el", "x", "η «Κρεμάστρα »", "space before '»'"),
    ("pl", "x", "12\u00a0 000 osób", "no-break space next to a space"),
    ("pl", "x", "12 \u202f000 osób", "no-break space next to a space"),
    ("pl", "x", "Dobierz kartę (jeśli chcesz).", None),
    ("pl", "x", "Zysk: 2 monety; potem „Wieszak”.", None),
    ("pl", "x", "12\u00a0000 osób", None),
    ("pl", "x", "liczba .5 i 3", None),
    ("el", "x", "Πόσο μακρύ είναι;", None),
    ("pl", "x", "Zyskaj 2 monety,potem dobierz.", None),  # a missing space: not in scope
])
def test_spacing(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N025", english, text, loc), expect)


def test_spacing_before_punctuation_can_be_the_locales_rule() -> None:
    french = LOCALES["pl"].model_copy(update={"space_before": [";", ":", "!", "?"]})
    env = TranslationEnv(french)
    entry = Entry(Translation(text="Vraiment ? Oui !", src="0" * 12), "x", ("entries", "x"))
    pair = Pair(SimpleNamespace(text="Really? Yes!"), entry, env)  # type: ignore[arg-type]
    assert list(CHECKS["I18N025"].run(pair)) == []
    assert run("I18N025", "Really? Yes!", "Naprawdę ? Tak !", "pl") != []


# --- I18N011 quotation marks -------------------------------------------------------------------

@table("I18N011", [
    ("pl", "x", "tzw. „Złote Wrota”", None),
    ("pl", "x", "tzw. „most «Golden Gate» w San Francisco”", None),
    ("pl", "x", "O’Higgins i „Złote Wrota”", None),             # ’ is the apostrophe
    ("pl", "x", "tzw. \"Złote Wrota\"", "quotation mark(s) \""),
    ("pl", "x", "tzw. »Złote Wrota«", "» closes a quotation that was never opened"),
    ("pl", "x", "tzw. ”Złote Wrota„", "” closes a quotation that was never opened"),
    ("pl", "x", "tzw. ,,Złote Wrota''", "made of ASCII"),
    ("pl", "x", "tzw. ‘Złote Wrota’", "quotation mark(s) ‘"),
    ("pl", "x", "tzw. “Złote Wrota”", "quotation mark(s) “"),
    ("pl", "x", "tzw. «Złote Wrota»", "«…» is for quotes inside quotes here"),
    ("pl", "x", "tzw. „most „Golden Gate” w SF”", "quotes inside quotes are «…»"),
    ("pl", "x", "tzw. „most «Golden Gate” w SF»", "” closes «…; it closes with »"),
    ("pl", "x", "tzw. „Złote Wrota", "„ is never closed with ”"),
    ("pl", "x", "tzw. „Złote Wrota” (w San Francisco", "unbalanced ()"),
    ("el", "x", "«η Κρεμάστρα»", None),
    ("el", "x", "«η “Κρεμάστρα” του Σίδνεϊ»", None),
    ("el", "x", "γι’ αυτό «η Κρεμάστρα»", None),
    ("el", "x", "»η Κρεμάστρα«", "» closes a quotation that was never opened"),
    ("el", "x", "“η Κρεμάστρα”", "“…” is for quotes inside quotes here"),
    ("el", "x", "«η «Κρεμάστρα» του»", "quotes inside quotes are “…”"),
    ("el", "x", "„η Κρεμάστρα“", "quotation mark(s) „"),
    ("el", "x", "«η Κρεμάστρα", "« is never closed"),
])
def test_quotes(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N011", english, text, loc), expect)


def test_quote_levels_in_the_locale_model() -> None:
    flat = LOCALES["pl"].model_dump() | {"quotes": ["„", "”"], "forbidden_quotes": ["«"]}
    assert Locale.model_validate(flat).quotes == [["„", "”"]]  # a flat pair is one level
    nested = LOCALES["pl"].model_dump() | {"forbidden_quotes": ["\"", "«"]}
    with pytest.raises(ValidationError, match="forbidden_quotes lists «"):
        Locale.model_validate(nested)
    for loc in ("el", "pl"):
        legal = {q for level in LOCALES[loc].quotes for q in level}
        assert len(LOCALES[loc].quotes) == 2 and not legal & set(LOCALES[loc].forbidden_quotes)


# --- I18N026 look-alikes -----------------------------------------------------------------------

@table("I18N026", [
    ("el", "x", "TO τρένο φτάνει.", "look Greek: TO"),
    ("el", "x", "Πάρτε μία κάρτα KAI κερδίστε.", "look Greek: KAI"),
    ("el", "x", "OI παίκτες.", "look Greek: OI"),
    ("el", "x", "A. Τραβήξτε μία κάρτα.", "look Greek: A"),
    ("el", "A third, larger set", "A τρίτο σύστημα", "look Greek: A"),  # "A" is an English word
    ("el", "x", "ΤΟ τρένο φτάνει.", None),                          # Greek capitals
    ("el", "x", "Οι VP και η TV των USA.", None),                   # V, U, S have no double
    ("el", "x", "Λουδοβίκος XIV και XI", None),                     # Roman numerals
    ("el", "IKEA sells it.", "Η IKEA το πουλά.", None),              # a name from the English
    ("el", "Move X and Y.", "Μετακινήστε τα X και Y.", None),
    ("el", "x", "Ένα µικρό τρένο.", "micro sign"),
    ("el", "x", "Ένα μικρό τρένο.", None),
    ("el", "x", "Πάχος 5 µm.", None),                                # a unit, not a Greek word
    ("el", "x", "Τραβήξτε μία κάρτα; κερδίστε 2 χρήματα.", "mid-sentence"),
    ("el", "x", "Τραβήξτε μία κάρτα· κερδίστε 2 χρήματα.", None),
    ("el", "x", "Πότε άνοιξε;", None),                               # the question mark
    ("el", "x", "Πότε άνοιξε; Το 1937.", None),
    ("el", "x", "«Πότε άνοιξε;» ρώτησε.", None),
    ("pl", "x", "TO jest test; i koniec.", None),                     # Latin locale
])
def test_lookalikes(loc: str, english: str, text: str, expect: str | None) -> None:
    assert_finding(run("I18N026", english, text, loc), expect)


def test_lookalikes_and_mixed_scripts_do_not_overlap() -> None:
    """A word mixing scripts is I18N014's; a whole Latin word is I18N026's."""
    assert run("I18N026", "x", "Αθηνa", "el") == []
    assert run("I18N014", "x", "Αθηνa", "el") != []
    assert run("I18N014", "x", "TO τρένο", "el") == []


# --- every new check: documented, located, fast ------------------------------------------------

@pytest.mark.parametrize("code", ["I18N007", "I18N011", "I18N023", "I18N024", "I18N025",
                                  "I18N026"])
def test_documented(code: str) -> None:
    doc = CHECKS[code].info.doc
    assert "Bad:" in doc and "Good:" in doc and doc.index("Bad:") < doc.index("Good:")


def _terra_with_shipped_locales(terra_content: Any, files: dict[str, str]) -> Path:
    for code, path in LOCALE_FILES.items():
        head = (TERRA_BASE / "locales" / f"{code}.yaml").read_text("utf-8").split("\n", 1)[0]
        body = path.read_text("utf-8").split("\n", 1)[1]
        files[f"../locales/{code}.yaml"] = head + "\n" + body
    return terra_content(files)  # type: ignore[no-any-return]


def _edit(rel: str, old: str, new: str, files: dict[str, str] | None = None) -> dict[str, str]:
    files = files if files is not None else {}
    text = files.get(rel) or (TERRA_BASE / "terra" / rel).read_text("utf-8")
    assert text.count(old) == 1
    files[rel] = text.replace(old, new)
    return files


PL_INFO = "    info:\n      text: Karta testowa.\n      src: 23f360b53aa4\n  pyramids"
EL_INFO = "    info:\n      text: Μια δοκιμαστική κάρτα.\n      src: 23f360b53aa4\n  pyramids"
EN_INFO = "    info: A test card.\n    sources: [{publisher: Encyclopaedia Britannica, title: Golden Gate Bridge}"


def _english_info(text: str, pl: str, el: str) -> dict[str, str]:
    from cardkit.i18n.sources import fingerprint

    src = fingerprint(text)
    files = _edit("cards/base.yaml", EN_INFO, EN_INFO.replace("A test card.", text))
    _edit("i18n/pl/cards.yaml", PL_INFO,
          f"    info:\n      text: {pl}\n      src: {src}\n  pyramids", files)
    return _edit("i18n/el/cards.yaml", EL_INFO,
                 f"    info:\n      text: {el}\n      src: {src}\n  pyramids", files)


def test_located_in_cardkit_check(terra_content) -> None:  # type: ignore[no-untyped-def]
    bad = _english_info("Draw two cards in the 1880s, at -3 C.",
                        "Dobierz trzy karty w latach 80. XIX wieku, przy −3 °C.",
                        "Τραβήξτε τρεις κάρτες τη δεκαετία του 1880, στους −3 °C.")
    _edit("i18n/pl/cards.yaml", "text: Most Golden Gate", "text: Most „Golden «Gate” »", bad)
    _edit("i18n/el/cards.yaml", "text: Πότε άνοιξε;", "text: Πότε άνοιξε και και TO;", bad)
    content = _terra_with_shipped_locales(terra_content, bad)
    report = check_dir(content, "terra")
    root = content / "terra"
    assert positions(report, "I18N023", root) == ["i18n/el/cards.yaml:15:13",
                                                  "i18n/pl/cards.yaml:15:13"]
    assert positions(report, "I18N011", root) == ["i18n/pl/cards.yaml:6:13"]
    assert positions(report, "I18N025", root) == ["i18n/pl/cards.yaml:6:13"]
    assert positions(report, "I18N024", root) == ["i18n/el/cards.yaml:9:13"]
    assert positions(report, "I18N026", root) == ["i18n/el/cards.yaml:9:13"]
    assert positions(report, "I18N007", root) == []


def test_silent_in_cardkit_check(terra_content) -> None:  # type: ignore[no-untyped-def]
    good = _english_info("Draw two cards in the early 1900s, at -3 C.",
                         "Dobierz dwie karty na początku XX wieku, przy −3 °C.",
                         "Τραβήξτε δύο κάρτες στις αρχές της δεκαετίας του 1900, στους −3 °C.")
    _edit("i18n/pl/cards.yaml", "text: Most Golden Gate", "text: Most „Golden «Gate»”", good)
    _edit("i18n/el/cards.yaml", "text: Πότε άνοιξε;", "text: Πότε άνοιξε η «“Χρυσή” Πύλη»;",
          good)
    report = check_dir(_terra_with_shipped_locales(terra_content, good), "terra")
    assert [d for d in report.diagnostics if d.severity.value != "info"] == []


def test_fast_on_hostile_text() -> None:
    """Thousands of texts and one huge text with nothing but quotes, spaces and numbers."""
    codes = ["I18N007", "I18N011", "I18N023", "I18N024", "I18N025", "I18N026"]
    start = time.perf_counter()
    for i in range(300):
        english = f"Draw {i} cards, then three more; the 1880s saw -{i} C."
        for loc, text in (("pl", f"Dobierz {i} kart, potem trzy kolejne; −{i} °C."),
                          ("el", f"Τραβήξτε {i} κάρτες και τρεις ακόμη· −{i} °C.")):
            for code in codes:
                run(code, english, text, loc)
    huge = ("„«" * 5000) + (" ," * 5000) + ("trzy " * 5000) + ("-1 " * 5000) + ("TO ; a " * 5000)
    for code in codes:
        run(code, "three", huge, "pl")
        run(code, "three", huge, "el")
    # a guard against a backtracking pattern (minutes on the huge text), not a benchmark: about
    # 0.3 s on a quiet 2-core machine, 5.6 s once under a full CI run beside other work, so
    # the bound leaves room for load and still fails a quadratic pattern
    assert time.perf_counter() - start < 30
