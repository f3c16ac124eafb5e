"""The content-truth checks measured by what they catch on the shipped deck: every card's
answer region planted in its question is found (TER028, TER029), a verification record taken
away or pointed at a missing source is found (TER030), and the bar designer's lines meet the
spread rule (TER031) that the shipped lines are held to."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from cardkit.core.loading import load_game
from cardkit.games.terra.checks.giveaway import phrase_in, words
from cardkit.games.terra.report.barstats import design_lines
from cardkit.games.terra.terms.bars import side_value
from cardkit.games.terra.terms.spread import MAX_SHARE, MAX_SPAN, fair_share, spaces

from .conftest import SHIPPED, check_dir


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(SHIPPED, dest)
    return dest


def _codes(content: Path, code: str) -> set[str]:
    return {d.object_id or "" for d in check_dir(content, "terra").diagnostics if d.code == code}


def test_the_shipped_deck_is_clean_of_the_truth_codes() -> None:
    found = [d for d in check_dir(SHIPPED, "terra").diagnostics
             if d.code in {"TER028", "TER029", "TER030", "TER031"}]
    assert found == []


def test_a_region_name_planted_in_every_question_is_caught(tmp_path: Path) -> None:
    """Append the first answer region's English name to each card's first question: all 150
    cards are caught; the same in Polish, with the name in the text's inflection left as it is
    (nominative), is caught on every card too."""
    content = _copy(tmp_path)
    yaml = YAML()
    regions = {r["id"]: r
               for r in yaml.load((content / "terra/regions.yaml").read_text())["regions"]}
    planted = set()
    for path in sorted((content / "terra/cards").glob("*.yaml")):
        data = yaml.load(path.read_text())
        for card in data["cards"]:
            first = card["regions"]["answers"][0]
            card["bars"][0]["question"] = (card["bars"][0]["question"].rstrip("?")
                                           + f" in {regions[first]['name']}?")
            planted.add(card["id"])
        with path.open("w") as f:
            yaml.dump(data, f)
    assert _codes(content, "TER028") == planted
    assert len(planted) == 150


@pytest.mark.parametrize("locale", ["pl", "el"])
def test_a_translated_region_name_planted_is_caught(tmp_path: Path, locale: str) -> None:
    """The last answer region's translated name planted in every translated topic: every
    card of the locale is caught."""
    content = _copy(tmp_path)
    yaml = YAML()
    names = yaml.load((content / f"terra/i18n/{locale}/regions.yaml").read_text())["entries"]
    cards_path = content / f"terra/i18n/{locale}/cards.yaml"
    data = yaml.load(cards_path.read_text())
    answers = {}
    for path in (content / "terra/cards").glob("*.yaml"):
        for card in yaml.load(path.read_text())["cards"]:
            answers[card["id"]] = card["regions"]["answers"][-1]
    for card_id, fields in data["entries"].items():
        fields["topic"]["text"] += f" ({names[answers[card_id]]['name']['text']})"
    with cards_path.open("w") as f:
        yaml.dump(data, f)
    assert _codes(content, "TER029") == set(data["entries"])


def _reference_pattern(phrase: str, lang: str) -> list[tuple[str, bool]]:
    """The matching rule as the module docstring states it: per word of the phrase, the whole
    word (English) or its stem (the word less its final vowels and Greek final ς, when four
    letters or more remain), and whether an ending may follow."""
    inflected = lang != "en"
    out = []
    for w in words(phrase):
        stem = w.rstrip("aeiouyąęóαεηιουωσ") if inflected else w
        out.append((stem if inflected and len(stem) >= 4 else w, inflected))
    return out


def _reference_in(text_words: list[str], pattern: list[tuple[str, bool]]) -> bool:
    """The rule applied word by word, with nothing ruled out first (the check rules out a
    phrase whose words the text does not contain; this is what it must agree with)."""
    for i in range(len(text_words) - len(pattern) + 1):
        if all((text_words[i + j] in (want, want + "s")) if not open_end else
               (text_words[i + j].startswith(want) and len(text_words[i + j]) - len(want) <= 6)
               for j, (want, open_end) in enumerate(pattern)):
            return True
    return False


def test_the_phrase_matcher_agrees_with_the_word_by_word_rule() -> None:
    """Every tenth shipped card text (English, Greek, Polish) against every region name and
    alias, and crafted edges (an ending of six letters and of seven, a plural ``s`` and two, a
    phrase at the start and the end, its words run together, repeated words): the same verdict
    as the rule applied word by word."""
    yaml = YAML(typ="safe")
    texts: dict[str, list[str]] = {"en": [], "el": [], "pl": []}
    terms: dict[str, set[str]] = {"en": set(), "el": set(), "pl": set()}
    for path in (SHIPPED / "terra" / "cards").glob("*.yaml"):
        for card in yaml.load(path.read_text("utf-8"))["cards"]:
            texts["en"] += [card["topic"], *(b["question"] for b in card["bars"])]
    for region in yaml.load((SHIPPED / "terra" / "regions.yaml").read_text("utf-8"))["regions"]:
        terms["en"].add(region["name"])
        for lang, aliases in (region.get("aliases") or {}).items():
            terms[lang].update(aliases)
    for lang in ("el", "pl"):
        i18n = SHIPPED / "terra" / "i18n" / lang
        for fields in yaml.load((i18n / "cards.yaml").read_text("utf-8"))["entries"].values():
            texts[lang] += [entry["text"] for entry in fields.values()]
        for fields in yaml.load((i18n / "regions.yaml").read_text("utf-8"))["entries"].values():
            terms[lang].add(fields["name"]["text"])
    crafted = {"pl": (["sycyliabcdef wyspa", "sycyliabcde", "sycyliabcdefg", "na sycylii", "x sycyl"],
                      {"Sycylia", "na Sycylii", "Wyspa"}),
               "en": (["japans highest", "japanss", "japan", "the japan japan", "japanese", "new japan",
                      "newjapan peak"],
                      {"Japan", "New Japan", "japan japan"})}
    checked = 0
    for lang in ("en", "el", "pl"):
        extra_texts, extra_terms = crafted.get(lang, ([], set()))
        patterns = {t: _reference_pattern(t, lang) for t in sorted(terms[lang] | extra_terms)}
        for text in texts[lang][::10] + extra_texts:  # a tenth of the texts: 0.1 M pairs
            folded = words(text)
            for term, pattern in patterns.items():
                if phrase_in(folded, term, lang) != _reference_in(folded, pattern):
                    raise AssertionError((lang, text, term))
                checked += 1
    assert checked > 100_000 and min(map(len, terms.values())) > 100, \
        {k: len(v) for k, v in terms.items()}


def test_inflected_forms_match_in_greek_and_polish_but_not_english() -> None:
    assert phrase_in(words("Rekord upału na Sycylii"), "Sycylia", "pl")
    assert phrase_in(words("Η ανάβαση στην Ιαπωνίας"), "Ιαπωνία", "el")
    assert phrase_in(words("Kiedy otwarto go na Zachodnim Wybrzeżu?"), "Zachodnie Wybrzeże", "pl")
    assert not phrase_in(words("Japanese gardens"), "Japan", "en")  # an alias says Japanese
    assert phrase_in(words("Japan's highest peak"), "Japan", "en")
    assert not phrase_in(words("Wybrzeże zachodnie"), "Zachodnie Wybrzeże", "pl")  # word order


def test_a_verification_record_taken_away_is_caught(tmp_path: Path) -> None:
    """Take the record off one answer of every card of a file (and, in another file, point
    each first answer's record at a sixth source no card there lists): every card is caught."""
    content = _copy(tmp_path)
    blue = content / "terra/cards/blue.yaml"
    text = blue.read_text()
    record = r", checked: \{on: '[\d-]+', by: \[[^\]]*\]\}"
    gone = re.sub(r"(?m)^( +answer: \{value: [^\n]*?)" + record + r"\}$", r"\1}", text)
    gone = re.sub(r"(?m)^ +checked: \{on: '[\d-]+', by: \[[^\]]*\]\}\n", "", gone)
    blue.write_text(gone)
    red = content / "terra/cards/red.yaml"
    red_text = red.read_text()
    red_ids = {c["id"] for c in YAML().load(red_text)["cards"] if len(c["sources"]) < 6}
    red.write_text(re.sub(r"by: \[", "by: [6, ", red_text))
    blue_ids = {c["id"] for c in YAML().load(text)["cards"]}
    assert _codes(content, "TER030") == blue_ids | red_ids


def test_designed_lines_meet_the_spread_rule_on_the_shipped_answers() -> None:
    content, _ = load_game("terra", SHIPPED)
    for bar in ("length", "number", "year"):
        for side in ("metric", "imperial"):
            values = [side_value(q.answer, side)  # type: ignore[arg-type]
                      for r in content.of("cards") for q in r.obj.bars if q.bar == bar]
            lines = design_lines(values, 19, bar, frozenset(values))
            assert lines is not None
            fair = fair_share(values, lines)
            for sp in spaces(bar, lines, values):
                assert 1 <= sp.answers <= max(MAX_SHARE * fair, 2)
                assert sp.span is None or sp.span <= MAX_SPAN


def test_the_designer_says_none_when_the_rule_cannot_be_met() -> None:
    # three answers spread over twelve orders of magnitude cannot fill two spaces of <= 20x
    assert design_lines([1.0, 1e6, 1e12], 2, "length") is None
