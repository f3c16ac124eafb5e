"""The fixes a fluent review asked for (issue 11, item 8) stay in the shipped translations.

Each case is one finding of the review, written as what the text must (or must not) say; every
one failed on the translations before the fix. The Greek rule terms are the Greek Trains:
Rising Sun rulebook's («Αφαίρεση» for Trash, «κάρτα Σκουπιδιών» for a Waste card, «ΕΠΙΘΕΣΗ»).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from ruamel.yaml import YAML

from .conftest import SHIPPED


@cache
def overlay(game: str, locale: str, kind: str) -> dict[str, Any]:
    data = YAML(typ="safe").load((SHIPPED / game / "i18n" / locale / f"{kind}.yaml")
                                 .read_text("utf-8"))
    return data["entries"]  # type: ignore[no-any-return]


def text(game: str, locale: str, kind: str, obj_id: str, key: str) -> str:
    value = overlay(game, locale, kind)[obj_id][key]["text"]
    return " ".join(value.values()) if isinstance(value, dict) else str(value)


def all_texts(game: str, locale: str) -> list[tuple[str, str]]:
    out = []
    for path in sorted((SHIPPED / game / "i18n" / locale).glob("*.yaml")):
        for obj_id, fields in overlay(game, locale, path.stem).items():
            for key in fields:
                out.append((f"{path.stem}/{obj_id}/{key}", text(game, locale, path.stem, obj_id,
                                                                key)))
    return out


CASES = [
    # Greek Trains: the rulebook's Trash, and Waste as a card
    ("trains", "el", "cards", "holiday-timetable", "text", ["αφαιρέσετε"], ["πετά"]),
    ("trains", "el", "cards", "wagon-factory", "text",
     ["Αφαιρέστε", "έως 3 χρήματα περισσότερα από αυτήν"], ["Πετάξτε"]),
    ("trains", "el", "cards", "lay-rails", "text", ["μία κάρτα Σκουπιδιών"], ["ένα Σκουπίδι"]),
    ("trains", "el", "cards", "station-crew", "text", [", ή "], ["· ή"]),
    ("trains", "el", "cards", "yardmaster", "text", [", ή "], ["· ή"]),
    ("trains", "el", "cards", "legal-counsel", "text", ["ΕΠΙΘΕΣΗ"], ["Επίθεση"]),
    # Greek Terra
    ("terra", "el", "cards", "yellowstone-national-park", "info", ["Βρίσκεται πάνω σε"], []),
    ("terra", "el", "cards", "aoraki-mount-cook", "info", ["κατολίσθηση"], ["χιονοστιβάδα"]),
    ("terra", "el", "cards", "taj-mahal", "info", ["ολοκληρώθηκαν", "γύρω στο 1653"], []),
    ("terra", "el", "cards", "brandenburg-gate", "info", ["πήρε το Τέθριππο", "ως λάφυρο"], []),
    ("terra", "el", "strings", "info", "text", ["Το ξέρατε;"], ["ήξερες"]),
    ("terra", "el", "strings", "unit-short-ton", "text", ["βραχείς τόνοι"], []),
    # the Greek Terra rulebook (seed 000) writes unit symbols in Latin letters (m², m³, h)
    ("terra", "el", "strings", "unit-tonne", "text", ["t"], ["τ."]),
    ("terra", "el", "strings", "unit-hour", "text", ["h"], ["ώρ."]),
    # Polish Terra
    ("terra", "pl", "cards", "panama-canal", "info", ["w latach 80. XIX wieku"], []),
    ("terra", "pl", "cards", "burj-khalifa", "info", ["został", "otwarty", "i zdobył"],
     ["otwarto go"]),
    ("terra", "pl", "cards", "mount-washington-wind-record", "info", ["po tym, jak"], []),
    ("terra", "pl", "cards", "kilimanjaro", "bars.1.question", ["szczyt Uhuru"],
     ["Uhuru Peak"]),
    ("terra", "pl", "cards", "iguazu-falls", "info",
     ["Za pierwszego Europejczyka, który je ujrzał", "uważa się"], []),
    ("terra", "pl", "cards", "akashi-kaikyo-bridge", "info",
     ["Tym mostem", "biegnie droga ekspresowa"], []),
    # Polish Trains
    ("trains", "pl", "cards", "ironworks", "text", ["zyskujesz", "gdy zagrywasz"], []),
    ("trains", "pl", "cards", "extra-laborers", "text", ["zyskujesz", "gdy zagrywasz"], []),
]


@pytest.mark.parametrize("game, locale, kind, obj_id, key, must, must_not", CASES,
                         ids=[f"{c[1]}-{c[3]}" for c in CASES])
def test_the_reviewed_text_reads_as_the_review_asked(game: str, locale: str, kind: str,
                                                    obj_id: str, key: str, must: list[str],
                                                    must_not: list[str]) -> None:
    value = text(game, locale, kind, obj_id, key)
    for phrase in must:
        assert phrase in value, (phrase, value)
    for phrase in must_not:
        assert phrase not in value, (phrase, value)


def test_no_greek_trains_text_gains_a_bare_waste() -> None:
    bad = [(ref, t) for ref, t in all_texts("trains", "el")
           if re.search(r"\bένα Σκουπίδι\b", t, re.IGNORECASE)]
    assert not bad, bad


def test_greek_terra_topics_have_no_leading_article() -> None:
    articles = ("Ο ", "Η ", "Το ", "Οι ", "Τα ", "Τον ", "Την ", "Της ", "Του ")
    bad = [(obj_id, f["topic"]["text"]) for obj_id, f in overlay("terra", "el", "cards").items()
           if "topic" in f and f["topic"]["text"].startswith(articles)]
    assert not bad, bad


def test_krakatoa_has_one_greek_spelling() -> None:
    spellings = {m.group() for _, t in all_texts("terra", "el")
                 for m in re.finditer(r"Κρακατ\w+", t)}
    assert spellings == {"Κρακατόα"}, spellings


@pytest.mark.parametrize("game, locale", [("terra", "el"), ("terra", "pl"), ("trains", "el"),
                                          ("trains", "pl")])
def test_negative_numbers_use_the_minus_sign(game: str, locale: str) -> None:
    bad = [(ref, t) for ref, t in all_texts(game, locale) if re.search(r"(?<![\w\d])-\d", t)]
    assert not bad, bad
    if (game, locale) in (("terra", "el"), ("terra", "pl")):
        assert "−67,8" in text(game, locale, "cards", "klinck-cold-record", "info")


def test_greek_trains_card_names_are_the_editions_english_names() -> None:
    """The Greek edition prints card names in English (its rulebook names them so): kept as
    names, marked same, except Waste, the game term every card text uses."""
    names = {obj_id: f["name"] for obj_id, f in overlay("trains", "el", "cards").items()
             if "name" in f}
    english = {k: v for k, v in names.items() if v.get("same")}
    assert len(english) >= 60
    assert names["bullet-train"]["text"] == "Bullet Train" and names["bullet-train"]["same"]
    assert not names["waste"].get("same") and names["waste"]["text"] == "Σκουπίδια"
