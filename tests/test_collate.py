"""Locale collation without ICU: Polish letters after their base, Greek accents secondary."""

from __future__ import annotations

import random

import pytest

from cardkit.i18n.collate import collated, sort_key

POLISH = ["Lublin", "Łódź", "Szczecin", "Śląsk", "Toruń", "Zabrze", "Źródła", "Żory", "Czersk",
          "Ćmielów", "Oława", "Ostróda", "Ósma", "Nysa", "Ńa", "Ełk", "Ęba", "Ada", "Ąb"]
POLISH_SORTED = ["Ada", "Ąb", "Czersk", "Ćmielów", "Ełk", "Ęba", "Lublin", "Łódź", "Nysa", "Ńa",
                 "Oława", "Ostróda", "Ósma", "Szczecin", "Śląsk", "Toruń", "Zabrze", "Źródła",
                 "Żory"]


def test_polish_letters_sort_after_their_base_letter() -> None:
    assert sorted(POLISH) != POLISH_SORTED  # code point order gets Polish wrong
    assert collated(POLISH, "pl") == POLISH_SORTED


def test_polish_examples_from_the_brief() -> None:
    names = collated(["Toruń", "Śląsk", "Szczecin", "Łódź", "Lublin"], "pl")
    assert names.index("Łódź") == names.index("Lublin") + 1
    assert names.index("Szczecin") < names.index("Śląsk") < names.index("Toruń")
    # ź before ż, both after z
    assert collated(["Żagań", "Źrebię", "Zamość"], "pl") == ["Zamość", "Źrebię", "Żagań"]


def test_greek_accents_and_diaeresis_are_secondary() -> None:
    names = ["Ωκεανός", "Έβρος", "Ελλάδα", "Εύβοια", "Ευρώπη", "Άλφα", "Αθήνα", "Ζάκυνθος",
             "Δέλτα", "Ηλεία"]
    want = ["Αθήνα", "Άλφα", "Δέλτα", "Έβρος", "Ελλάδα", "Εύβοια", "Ευρώπη", "Ζάκυνθος",
            "Ηλεία", "Ωκεανός"]
    assert min(names) != "Αθήνα"  # code point order puts the accented capitals apart
    assert collated(names, "el") == want
    # diaeresis: Ϊ sorts with Ι
    assert collated(["Κύπρος", "Ϊκαρος", "Ιθάκη"], "el") == ["Ιθάκη", "Ϊκαρος", "Κύπρος"]


def test_greek_final_sigma_is_sigma() -> None:
    key = sort_key("el")
    assert key("Άρης")[0] == key("αρησ")[0]  # same primary weights
    assert collated(["Ρόδος", "Σάμος", "Πάρος"], "el") == ["Πάρος", "Ρόδος", "Σάμος"]
    # "ς" at the end sorts like "σ": before "τ", after "ρ"
    assert collated(["Αστ", "Ας", "Αρ"], "el") == ["Αρ", "Ας", "Αστ"]


def test_unaccented_before_accented_twin_and_lower_before_upper() -> None:
    assert collated(["Éire", "Eire"], "en") == ["Eire", "Éire"]
    assert collated(["Apple", "apple"], "en") == ["apple", "Apple"]


def test_primary_level_is_case_insensitive() -> None:
    names = ["banana", "Apple", "avocado", "Cherry"]
    assert sorted(names) == ["Apple", "Cherry", "avocado", "banana"]
    assert collated(names, "en") == ["Apple", "avocado", "banana", "Cherry"]


def test_english_accents_do_not_move_a_word_out_of_its_letter() -> None:
    names = ["Eritrea", "Éire", "Egypt", "Zambia"]
    assert max(names) == "Éire"
    assert collated(names, "en") == ["Egypt", "Éire", "Eritrea", "Zambia"]


def test_spaces_sort_before_letters() -> None:
    assert collated(["Newfoundland", "New Zealand"], "en") == ["New Zealand", "Newfoundland"]


@pytest.mark.parametrize("code", ["en", "el", "pl"])
def test_order_is_deterministic_whatever_the_input_order(code: str) -> None:
    names = POLISH + ["Ελλάδα", "ελλάδα", "Έλλαδα", "A", "a", "á", "Á"]
    first = collated(names, code)
    rng = random.Random(7)
    for _ in range(20):
        shuffled = names[:]
        rng.shuffle(shuffled)
        assert collated(shuffled, code) == first
    keys = [sort_key(code)(n) for n in first]
    assert len(set(keys)) == len(keys)  # the tie-break leaves nothing to chance


def test_locale_variants_and_unknown_locales() -> None:
    assert collated(POLISH, "pl-PL") == POLISH_SORTED
    assert collated(["b", "a"], "xx") == ["a", "b"]
