"""The Tabletop Simulator save of every game passes a structural test.

:func:`problems` reads a save as TTS would and checks it against the game's print decks (read
here from the game's ``print_decks``, not from the exporter): one object per pile (a ``Card``
for a one-card pile), sheet grids at most 10 x 7, sheet images at most 4096 px a side and of
exactly grid x card pixels (opened with Pillow), card counts equal to the quantities, every
``CardID`` inside its sheet's grid, ``CustomDeck`` keys unique across the save, every URL
resolving to an exported file, and no exported image left unused. The checker is proven on
planted faults (:data:`PLANTS`): each must be caught.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from cardkit.export.api import ExportJob, export_game
from cardkit.pdf.deck import PrintDeck

from .conftest import ROOT, SHIPPED

BASE = "https://cardkit.test/files"
EXAMPLES = ROOT / "examples" / "content"
GAMES = [("terra", SHIPPED), ("trains", SHIPPED), ("cartographers", SHIPPED),
         ("terra-futura", SHIPPED), ("mars-dice", SHIPPED), ("lantern-road", EXAMPLES)]


def game_decks(game: str, content: Path, locale: str = "en") -> list[PrintDeck]:
    from cardkit.core.registry import get_game, use_content
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer

    use_content(content)  # the declared game's folder (as the command line does)

    data = load(game, content)
    overlay = data.translations.overlays.get(locale) if locale != "en" else None
    loc = Localizer(data.content, data.locales[locale], overlay)
    return get_game(game).print_decks(data.content, loc, "metric")


def _file(url: str, out: Path) -> Path | None:
    """The exported file a URL names (a --base-url address or a file:// URL), or None."""
    if url.startswith(BASE + "/"):
        path = out / url.removeprefix(BASE + "/")
    elif url.startswith("file://"):
        path = Path(unquote(urlparse(url).path))
    else:
        return None
    return path if path.is_file() and out.resolve() in path.resolve().parents else None


def problems(save: dict[str, Any], out: Path, decks: list[PrintDeck], dpi: float = 150.0
             ) -> list[str]:
    """Everything wrong with a save for these decks (empty when it loads as it should)."""
    from cardkit.export.raster import face_size_px

    found: list[str] = []
    piles = [(d, pid, cards) for d in decks for pid, _, cards in d.piles()]
    objects = save.get("ObjectStates", [])
    if len(objects) != len(piles):
        return [f"{len(objects)} objects for {len(piles)} piles"]
    keys: dict[str, dict[str, Any]] = {}
    used: set[Path] = set()
    for obj, (deck, pid, cards) in zip(objects, piles, strict=True):
        where = f"{deck.id}/{pid}"
        card_px = face_size_px(deck.size_mm, 0.0, dpi)
        physical = sum(c.count for c in cards)
        if physical == 1:
            if obj.get("Name") != "Card" or obj.get("GMNotes") != cards[0].id:
                found.append(f"{where}: a one-card pile is not its Card")
            contained = [obj]
        else:
            if obj.get("Name") != "DeckCustom" or obj.get("GMNotes") != where:
                found.append(f"{where}: not a DeckCustom of the pile")
            contained = obj.get("ContainedObjects", [])
            if obj.get("DeckIDs") != [o.get("CardID") for o in contained]:
                found.append(f"{where}: DeckIDs differ from the contained cards")
        counts = Counter(o.get("GMNotes") for o in contained)
        if counts != Counter({c.id: c.count for c in cards}):
            found.append(f"{where}: counts {dict(counts)} are not the quantities")
        entries = dict(obj.get("CustomDeck", {}))
        for o in contained:  # each card carries its own sheet's entry, as the deck has it
            if any(entries.get(k) != e for k, e in o.get("CustomDeck", {}).items()):
                found.append(f"{where}: {o.get('GMNotes')}'s CustomDeck differs from the deck's")
        for key, entry in entries.items():
            if keys.setdefault(key, entry) != entry:
                found.append(f"{where}: CustomDeck key {key} names two sheets")
            found += _sheet_problems(where, key, entry, out, card_px, used)
        for o in contained:
            key, slot = divmod(o.get("CardID", -1), 100)
            entry = entries.get(str(key))
            if entry is None or slot >= entry["NumWidth"] * entry["NumHeight"]:
                found.append(f"{where}: CardID {o.get('CardID')} is off its sheet")
    images = {p.resolve() for p in out.rglob("*.png")}
    if images - used:
        found.append(f"{len(images - used)} exported image(s) no object uses")
    return found


def _sheet_problems(where: str, key: str, entry: dict[str, Any], out: Path,
                    card_px: tuple[int, int], used: set[Path]) -> list[str]:
    found = []
    cols, rows = entry.get("NumWidth", 0), entry.get("NumHeight", 0)
    if not (1 <= cols <= 10 and 1 <= rows <= 7):
        found.append(f"{where}: sheet {key} grid {cols} x {rows} is not within 10 x 7")
    sizes = {"FaceURL": (cols * card_px[0], rows * card_px[1]),
             "BackURL": (cols * card_px[0], rows * card_px[1]) if entry.get("UniqueBack")
             else card_px}
    for field, size in sizes.items():
        path = _file(entry.get(field, ""), out)
        if path is None:
            found.append(f"{where}: sheet {key} {field} {entry.get(field)!r} resolves to no "
                         "exported file")
            continue
        used.add(path.resolve())
        with Image.open(path) as im:
            if max(im.size) > 4096:
                found.append(f"{where}: {path.name} is {im.size[0]} x {im.size[1]} px, over 4096")
            if im.size != size or im.mode != "RGB":
                found.append(f"{where}: {path.name} is {im.size} {im.mode}, not {size} RGB")
    return found


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    cache = tmp_path_factory.mktemp("cache")
    out = {}
    from cardkit.core.registry import use_content

    for game, content in GAMES:
        use_content(content)
        folder = tmp_path_factory.mktemp(game) / "tts"
        export_game(ExportJob(game, "tts", content, out=folder, cache_dir=cache,
                              base_url=BASE))
        out[game] = folder
    return out


@pytest.mark.parametrize("game,content", GAMES, ids=[g for g, _ in GAMES])
def test_every_game_save_is_structurally_sound(exports: dict[str, Path], game: str,
                                               content: Path) -> None:
    out = exports[game]
    save = json.loads((out / f"{game}.json").read_text("utf-8"))
    decks = game_decks(game, content)
    assert problems(save, out, decks) == []
    assert set(save) >= {"SaveName", "ObjectStates"} and save["SaveName"] == ""


def test_piles_are_the_games_piles(exports: dict[str, Path]) -> None:
    """The piles the games declare (render/): one object each."""
    def names(game: str) -> list[str]:
        save = json.loads((exports[game] / f"{game}.json").read_text("utf-8"))
        return [o["Nickname"] for o in save["ObjectStates"]]

    assert names("cartographers") == ["Setup", "Explore", "Ambush", "Season", "Edict", "Forest",
                                      "Farm and water", "Village", "Spatial"]  # scoring order
    assert names("terra-futura") == ["Start", "Level I", "Level II", "Scoring", "Help"]
    assert names("mars-dice") == ["Projects", "Corporations", "Bonus cards", "Milestones",
                                  "Awards"]
    trains = names("trains")
    assert trains[:2] == ["Normal Train", "Express Train"] and "Trains randomizers" in trains
    assert len(names("terra")) == 1


def test_several_sheets_when_a_pile_outgrows_one(exports: dict[str, Path]) -> None:
    save = json.loads((exports["terra"] / "terra.json").read_text("utf-8"))
    (deck,) = save["ObjectStates"]
    grids = [(e["NumWidth"], e["NumHeight"]) for e in deck["CustomDeck"].values()]
    # tarot at 150 dpi: 413 x 713 px; 10 wide would be 4130 px, so 9 x 5 (3717 x 3565 px)
    assert grids == [(9, 5), (9, 5), (9, 5), (9, 2)]
    assert all(e["UniqueBack"] for e in deck["CustomDeck"].values())  # answers on the backs


def test_names_and_descriptions_are_in_the_locale(tmp_path: Path) -> None:
    out = tmp_path / "el"
    export_game(ExportJob("terra-futura", "tts", SHIPPED, locale="el", dpi=50, out=out,
                          cache_dir=tmp_path / "cache"))
    save = json.loads((out / "terra-futura.json").read_text("utf-8"))
    decks = game_decks("terra-futura", SHIPPED, "el")
    names = [name for d in decks for _, name, _ in d.piles()]
    first = save["ObjectStates"][0]
    assert [o["Nickname"] for o in save["ObjectStates"]] == names
    assert names[1] == "Επίπεδο I" or not names[1].isascii()
    assert first["Description"].startswith("Κάρτες") and "/" in first["Description"]
    card = first["ContainedObjects"][0]
    assert card["Nickname"] == decks[0].cards[0].label and not card["Nickname"].isascii()
    # no base URL: absolute file:// URLs of the exported files
    url = next(iter(first["CustomDeck"].values()))["FaceURL"]
    assert url.startswith("file:///") and _file(url, out) is not None


# --- the checker, proven on planted faults ---------------------------------------------------

def _first_deck(save: dict[str, Any]) -> dict[str, Any]:
    return next(o for o in save["ObjectStates"] if o["Name"] == "DeckCustom")


def _entry(save: dict[str, Any]) -> dict[str, Any]:
    return next(iter(_first_deck(save)["CustomDeck"].values()))


def _wide_grid(save: dict[str, Any], out: Path) -> None:
    _entry(save)["NumWidth"] = 11


def _tall_grid(save: dict[str, Any], out: Path) -> None:
    _entry(save)["NumHeight"] = 8


def _bad_url(save: dict[str, Any], out: Path) -> None:
    _entry(save)["FaceURL"] = BASE + "/nowhere/sheet.png"


def _bare_name(save: dict[str, Any], out: Path) -> None:  # the bug: no base URL
    entry = _entry(save)
    entry["FaceURL"] = entry["FaceURL"].rsplit("/", 1)[-1]


def _huge_sheet(save: dict[str, Any], out: Path) -> None:
    path = _file(_entry(save)["FaceURL"], out)
    assert path is not None
    Image.new("RGB", (4130, 4991), (255, 255, 255)).save(path)  # Terra Futura's old sheets


def _copy_lost(save: dict[str, Any], out: Path) -> None:
    deck = _first_deck(save)
    deck["ContainedObjects"].pop()
    deck["DeckIDs"].pop()


def _ids_out_of_step(save: dict[str, Any], out: Path) -> None:
    _first_deck(save)["DeckIDs"][0] += 1


def _off_the_grid(save: dict[str, Any], out: Path) -> None:
    deck = _first_deck(save)
    deck["ContainedObjects"][0]["CardID"] = int(next(iter(deck["CustomDeck"]))) * 100 + 69
    deck["DeckIDs"][0] = deck["ContainedObjects"][0]["CardID"]


def _one_deck_for_all(save: dict[str, Any], out: Path) -> None:  # the bug
    del save["ObjectStates"][1:]


def _key_reused(save: dict[str, Any], out: Path) -> None:
    decks = [o for o in save["ObjectStates"] if o["Name"] == "DeckCustom"]
    first, second = decks[0], decks[1]
    (k1,) = first["CustomDeck"]
    (k2,) = second["CustomDeck"]
    second["CustomDeck"] = {k1: second["CustomDeck"][k2]}
    for o in second["ContainedObjects"]:
        o["CardID"] = int(k1) * 100 + o["CardID"] % 100
        o["CustomDeck"] = second["CustomDeck"]
    second["DeckIDs"] = [o["CardID"] for o in second["ContainedObjects"]]


def _wrong_back_size(save: dict[str, Any], out: Path) -> None:
    path = _file(_entry(save)["BackURL"], out)
    assert path is not None
    Image.new("RGB", (100, 100)).save(path)


PLANTS: dict[str, Callable[[dict[str, Any], Path], None]] = {
    "grid 11 wide": _wide_grid, "grid 8 high": _tall_grid, "URL to no file": _bad_url,
    "bare file name": _bare_name, "sheet over 4096 px": _huge_sheet, "a copy lost": _copy_lost,
    "DeckIDs out of step": _ids_out_of_step, "CardID off the grid": _off_the_grid,
    "one deck for the game": _one_deck_for_all, "CustomDeck key reused": _key_reused,
    "back of the wrong size": _wrong_back_size,
}


@pytest.mark.parametrize("plant", PLANTS)
def test_the_checker_catches_each_planted_fault(exports: dict[str, Path], tmp_path: Path,
                                                plant: str) -> None:
    out = tmp_path / "cartographers"
    shutil.copytree(exports["cartographers"], out)
    save = json.loads((out / "cartographers.json").read_text("utf-8"))
    decks = game_decks("cartographers", SHIPPED)
    assert problems(copy.deepcopy(save), out, decks) == []  # the passing fixture
    PLANTS[plant](save, out)
    assert problems(save, out, decks), plant  # the failing fixture


# --- piles and URLs ----------------------------------------------------------------------------

def test_a_pile_is_named_by_the_deck_its_card_or_the_game() -> None:
    from cardkit.pdf.deck import PrintCard

    from .test_export import _face

    face = _face((0.5, 0.5, 0.5), "X")
    cards = [PrintCard("a", "A", face), PrintCard("b", "B", face),  # the deck's own pile
             PrintCard("c", "C", face, pile="solo"),  # one kind of card: named after it
             PrintCard("d", "D", face, pile="named"), PrintCard("e", "E", face, pile="named")]
    deck = PrintDeck("deck", "The deck", (63.5, 88.9), cards, pile_names={"named": "Named"})
    assert [(pid, name, [c.id for c in cs]) for pid, name, cs in deck.piles()] == \
        [("deck", "The deck", ["a", "b"]), ("solo", "C", ["c"]), ("named", "Named", ["d", "e"])]


def test_urls_use_the_base_url_or_the_absolute_file(tmp_path: Path) -> None:
    from cardkit.export.ttsexport import file_url

    assert file_url(tmp_path, "https://h.test/x/")("d/a b.png") == "https://h.test/x/d/a%20b.png"
    local = file_url(tmp_path / "my export", None)("d/s.png")
    assert local == (tmp_path / "my export" / "d" / "s.png").as_uri() and "%20" in local
    assert _file(local, tmp_path / "my export") is None  # not written: resolves to nothing
