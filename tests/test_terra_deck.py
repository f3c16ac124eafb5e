"""The shipped Terra deck as the issue asks for it: 150 topics like the original game, two
independent reputable sources on every card, spread over the world, the eras and the subjects."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from cardkit.core.loading import load_game
from cardkit.games.terra.checks.sources import independent_count

from .conftest import SHIPPED

#: Continents and oceans by region id (written from the map: content/terra/regions.yaml).
CONTINENT = {
    "Africa": "maghreb western-sahara eastern-sahara sahel gulf-of-guinea horn-of-africa "
              "congo-basin east-africa zambezi southern-africa madagascar",
    "Asia": "anatolia caucasus levant arabia iran central-asia western-siberia eastern-siberia "
            "afghanistan-pakistan northern-india southern-india tibet mongolia northern-china "
            "southern-china korea japan indochina malay-archipelago philippines",
    "Europe": "british-isles scandinavia iberia western-europe central-europe italy balkans "
              "eastern-europe european-russia",
    "North America": "alaska northern-canada western-canada eastern-canada greenland west-coast "
                     "rocky-mountains midwest the-south us-northeast mexico central-america",
    "South America": "northern-andes venezuela-guianas amazonia central-andes brazilian-highlands "
                     "rio-de-la-plata chile patagonia",
    "Oceania": "new-guinea western-australia victoria-desert northern-australia "
               "murray-darling-basin australian-highlands new-zealand",
    "Antarctica": "antarctica",
    "oceans and seas": "arctic-ocean north-atlantic south-atlantic caribbean mediterranean "
                       "north-sea black-sea north-indian-ocean south-indian-ocean south-china-sea "
                       "northwest-pacific northeast-pacific southwest-pacific southeast-pacific "
                       "southern-ocean",
}


@cache
def _cards() -> list[Any]:
    content, diags = load_game("terra", SHIPPED)
    assert content.complete, diags
    return [r.obj for r in content.of("cards")]


def test_the_deck_has_150_topics_in_four_even_colours() -> None:
    cards = _cards()
    assert len(cards) == 150
    assert len({c.id for c in cards}) == 150
    per_colour = Counter(c.difficulty for c in cards)
    assert set(per_colour) == {"yellow", "green", "blue", "red"}
    assert all(37 <= n <= 38 for n in per_colour.values()), per_colour


def test_every_card_has_two_independent_reputable_sources() -> None:
    weak = [c.id for c in _cards() if independent_count(c.sources) < 2]
    assert weak == []


def test_the_deck_covers_every_continent_and_the_oceans() -> None:
    where = {r: k for k, ids in CONTINENT.items() for r in ids.split()}
    seen = Counter(where[r] for c in _cards() for r in c.regions.answers)
    for place in CONTINENT:
        assert seen[place] >= (2 if place == "Antarctica" else 8), (place, seen)


def test_subjects_and_eras_are_spread() -> None:
    cards = _cards()
    subjects = Counter(c.subject for c in cards)
    assert all(subjects[s] >= 10 for s in ("nature", "structures", "people", "events",
                                          "records")), subjects
    years = [q.answer.value for c in cards for q in c.bars if q.bar == "year"]
    assert sum(y < 1800 for y in years) >= len(years) // 4  # not only recent history
    assert sum(y < 0 for y in years) >= 3  # and some BCE
    bars = Counter(q.bar for c in cards for q in c.bars)
    assert max(bars.values()) - min(bars.values()) <= 30, bars
