"""The content gate: simulate, strength, pdf and i18n export run the checks of ``cardkit check``
on what they use and refuse content with errors (located, exit 1); list and show report what
could not be loaded."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.checking.gate import gate, require_clean
from cardkit.core.errors import ContentBlocked
from cardkit.core.query import list_objects, show_object
from cardkit.core.registry import get_game
from cardkit.sim.api import card_strength, simulate

from .conftest import SHIPPED

BLOCKED = "in the content; run `cardkit check"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert "internal error" not in result.output and "Traceback" not in result.output, \
        result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def shipped(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A copy of the shipped content with optional exact, unique replacements in one file."""

    def make(rel: str | None = None, old: str = "", new: str = "") -> Path:
        dest = tmp_path / "content"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(SHIPPED, dest)
        if rel is not None:
            path = dest / rel
            text = path.read_text("utf-8")
            assert text.count(old) == 1, old
            path.write_text(text.replace(old, new), "utf-8")
        return dest

    return make


START_DECK = ("trains/setup.yaml", "kingdom_piles: 8\n      start_deck: {normal-train: 7, lay-rails: 2, "
              "station-expansion: 1}\n      hand_size: 5\n      rails_per_player: 20\n"
              "      station_tokens: 30\n      empty_piles_to_end: 4\n      city_vp: [0, 2, 4, 8]\n"
              "      box_total: 500",
              "kingdom_piles: 8\n      start_deck: {normal-train: 7, lay-rails: 2, "
              "station-expansion: 200000000}\n      hand_size: 5\n      rails_per_player: 20\n"
              "      station_tokens: 30\n      empty_piles_to_end: 4\n      city_vp: [0, 2, 4, 8]\n"
              "      box_total: 500")
TYPO = ("trains/setup.yaml", "cards: [landfill, conductors-station",
        "cards: [landfil, conductors-station")
RENAMED_SETUP = ("trains/setup.yaml", "  - id: base\n", "  - id: standard\n")
TER006 = ("terra/cards/blue.yaml", "answers: [eastern-siberia]", "answers: [atlantis]")
PL_WHITESPACE = ("terra/i18n/pl/cards.yaml", "text: Wieża Eiffla", "text: Wieża  Eiffla")


def _blocked_output(code: int, err: str, expect: str) -> None:
    assert code == 1, err
    lines = err.strip().splitlines()
    assert any(f" error {expect} " in line and line.split(":")[1].isdigit() for line in lines), err
    assert lines[-1].endswith("; nothing was written") and BLOCKED in lines[-1]


def test_huge_start_deck_is_a_schema_error_and_simulate_refuses(shipped, tmp_path) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*START_DECK)
    code, out, _ = run("check", "trains", "--content", str(content), "--no-cache")
    assert code == 1 and " error SCH004 " in out and "setup.yaml:10:" in out
    code, _, err = run("simulate", "trains", "--content", str(content), "--games", "2",
                       "--backend", "serial")
    _blocked_output(code, err, "SCH004")
    assert "run `cardkit check trains`" in err


def test_unknown_card_in_a_preset_blocks_every_command(shipped, tmp_path) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*TYPO)
    pdf_out, po_out = tmp_path / "x.pdf", tmp_path / "x.po"
    for args in (("simulate", "trains", "--games", "2", "--backend", "serial"),
                 ("strength", "trains", "--games", "2", "--backend", "serial"),
                 ("pdf", "trains", "--deck", "randomizers", "--out", str(pdf_out)),
                 ("pdf", "trains", "--locale", "el", "--deck", "randomizers", "--out",
                  str(pdf_out)),
                 ("i18n", "export", "trains", "--locale", "el", "-o", str(po_out))):
        code, _, err = run(*args, "--content", str(content))
        _blocked_output(code, err, "TRN003")
        assert "setup.yaml:26:17: error TRN003 unknown card 'landfil'" in err
    assert not pdf_out.exists() and not po_out.exists()


def test_library_calls_raise_content_blocked(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*TYPO)
    with pytest.raises(ContentBlocked) as info:
        simulate("trains", content, games=2, backend="serial", cache_dir=None)
    assert info.value.exit_code == 1 and [d.code for d in info.value.diagnostics] == ["TRN003"]
    with pytest.raises(ContentBlocked):
        card_strength("trains", content, games_per_card=2, backend="serial", cache_dir=None)
    with pytest.raises(ContentBlocked):
        require_clean("trains", content, cache_dir=None)


def test_renamed_setup_id_still_simulates_and_prints(shipped, tmp_path) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*RENAMED_SETUP)
    code, out, _ = run("check", "trains", "--content", str(content), "--no-cache")
    assert code == 0, out  # only warnings (orphan translations of 'base')
    report = simulate("trains", content, games=2, seed=1, backend="serial", cache_dir=None)
    assert len(report.result.rows) == 2
    out_pdf = tmp_path / "r.pdf"
    code, out, err = run("pdf", "trains", "--deck", "base", "--content", str(content),
                         "--out", str(out_pdf))
    assert code == 0 and out_pdf.stat().st_size > 0, err


def test_unknown_region_blocks_printing(shipped, tmp_path) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*TER006)
    out = tmp_path / "t.pdf"
    code, _, err = run("pdf", "terra", "--content", str(content), "--out", str(out))
    _blocked_output(code, err, "TER006")
    assert "[lake-baikal]" in err and not out.exists()


def test_translation_errors_block_only_their_locale(shipped, tmp_path) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*PL_WHITESPACE)
    with pytest.raises(ContentBlocked) as info:
        gate("terra", content, "pl", None)
    assert {d.code for d in info.value.diagnostics} == {"I18N009"}
    gate("terra", content, "el", None)  # the Polish overlay does not concern Greek
    gate("terra", content, None, None)  # nor the engine
    out = tmp_path / "t.pdf"
    code, _, err = run("pdf", "terra", "--locale", "pl", "--content", str(content),
                       "--out", str(out))
    _blocked_output(code, err, "I18N009")
    assert "i18n/pl/cards.yaml:" in err and not out.exists()
    code, _, err = run("pdf", "terra", "--locale", "el", "--content", str(content),
                       "--out", str(out))
    assert code == 0 and out.is_file(), err
    report = simulate("terra", content, games=2, backend="serial", cache_dir=None)
    assert len(report.result.rows) == 2


def test_gate_on_unchanged_content_answers_from_the_check_cache(tmp_path: Path,
                                                                monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The second gate of unchanged content runs no check at all: the cached report answers
    (measured as work done, not as seconds)."""
    from cardkit.checking import run as checking

    cache = tmp_path / "cache"
    gate("trains", SHIPPED, None, cache)
    assert list((cache / "results").iterdir())

    def no_check(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("the content was checked again")

    monkeypatch.setattr(checking, "_check_uncached", no_check)
    assert [d for d in gate("trains", SHIPPED, "el", cache) if d.severity.value == "error"] == []
    with pytest.raises(AssertionError):  # the patch bites: a cold cache does check
        gate("trains", SHIPPED, "el", tmp_path / "cold")


def test_warnings_do_not_block(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*RENAMED_SETUP)
    found = gate("trains", content, "el", None)
    assert found and {d.severity.value for d in found} == {"warning"}


# -- assumptions engines made that check did not know -------------------------------------

NO_WASTE_PILE = ("trains/setup.yaml", "skyscraper, tower, waste]", "skyscraper, tower]")


def test_missing_waste_pile_is_a_check_error_not_a_key_error(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*NO_WASTE_PILE)
    code, _, err = run("simulate", "trains", "--content", str(content), "--games", "3",
                       "--backend", "serial", "--bots", "random,random")
    _blocked_output(code, err, "TRN017")
    assert "setup.yaml:7:20: error TRN017 the fixed piles have no Waste pile" in err


def test_too_few_randomizers_is_a_check_error_not_a_value_error(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped()
    setup = content / "trains/setup.yaml"
    text = re.sub(r"randomizers: \[[^]]*\]", "randomizers: [amusement-park, bullet-train]",
                  setup.read_text("utf-8"), count=1)  # the base rules set's
    setup.write_text(text, "utf-8")
    with pytest.raises(ContentBlocked) as info:
        simulate("trains", content, games=2, backend="serial", cache_dir=None)
    assert [d.code for d in info.value.diagnostics] == ["TRN017"]
    assert "randomizers hold 2 different kingdom cards of the sets base; a game draws 8" in \
        info.value.diagnostics[0].message


def test_the_waste_card_id_is_content_not_code(shipped) -> None:  # type: ignore[no-untyped-def]
    # "wreckage" sorts where "waste" does, so the options of every choice keep their order
    content = shipped("trains/cards/base.yaml", "  - id: waste\n", "  - id: wreckage\n")
    setup = content / "trains/setup.yaml"
    setup.write_text(setup.read_text("utf-8").replace(" waste]", " wreckage]"), "utf-8")
    renamed = simulate("trains", content, games=4, seed=2, bots=["random", "baseline"],
                       backend="serial", cache_dir=None)
    original = simulate("trains", SHIPPED, games=4, seed=2, bots=["random", "baseline"],
                        backend="serial", cache_dir=None)
    assert renamed.summary == original.summary


def test_cards_the_engine_cannot_play_are_refused_in_the_supply(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped("trains/cards/base.yaml",
                      "    effect:\n      - {do: lay_rail}\n      - {do: gain_waste}\n  - id: station",
                      "    effect:\n      - {do: hook, name: tunnel-boring}\n      - {do: lay_rail}\n"
                      "      - {do: gain_waste}\n  - id: station")
    code, _, err = run("simulate", "trains", "--content", str(content), "--games", "2",
                       "--backend", "serial")
    _blocked_output(code, err, "TRN018")
    assert "'lay-rails' cannot be simulated: the engine does not implement hook " \
        "'tunnel-boring'" in err


def test_every_card_the_engine_accepts_can_be_played() -> None:
    """Each card ``unplayable`` lets through is played with each of its play actions, every
    choice it asks answered with each option in turn, without an error (before v2 Trail Blazer
    raised TypeError, Distant Partners KeyError, Upgrade KeyError)."""
    import random

    from cardkit.core.loading import load_game
    from cardkit.games.trains.engine import make_engine, unplayable
    from cardkit.games.trains.engine.effects import play_actions

    content, _ = load_game("trains", SHIPPED)
    played = set()
    for rec in content.of("cards"):
        assert unplayable(rec.obj) is None, rec.id  # the engine implements every shipped card
        engine = make_engine(content, setup=rec.obj.set if rec.obj.set != "base" else None)
        state = engine.new_game(3, random.Random(1))
        while state.setup_left:
            state.apply(state.legal_actions()[0])
        state.me.hand.append(rec.id)
        state.total_cards += 1
        state.coins = 20
        for option in play_actions(state, rec.id):
            for pick in range(3):  # answer each choice with its first, second, last option
                trial = state.copy()
                trial.apply(option)
                steps = 0
                while trial.pending is not None and steps < 50:
                    legal = trial.legal_actions()
                    trial.apply(legal[min(pick, len(legal) - 1) if pick < 2 else -1])
                    steps += 1
                assert trial.pending is None and not trial.work, rec.id
                trial.check_invariants()
                played.add(rec.id)
        if rec.obj.cost is not None and rec.id in state.supply and state.supply[rec.id]:
            trial = state.copy()
            trial.apply(("buy", rec.id))
            trial.check_invariants()
    playable = {r.id for r in content.of("cards")
                if "waste" not in r.obj.types and "victory" not in r.obj.types}
    assert played == playable


# -- list and show --------------------------------------------------------------------------

BROKEN_SYNTAX = ("terra/cards/blue.yaml", "answers: [venezuela-guianas]",
                 "answers: [venezuela-guianas")
def test_list_and_show_report_a_file_with_a_syntax_error(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped(*BROKEN_SYNTAX)
    code, out, err = run("show", "terra", "lake-baikal", "--content", str(content))
    assert code == 1 and out == ""
    assert "cards/blue.yaml:10:" in err and " error YML001 " in err
    assert "no object 'lake-baikal' among the objects that loaded" in err
    assert "1 file(s) could not be loaded" in err
    code, out, err = run("list", "terra", "--content", str(content))
    assert code == 1 and " error YML001 " in err and "could not be loaded" in err
    assert "eiffel-tower " in out and "lake-baikal " not in out  # what loaded is still listed
    listing = list_objects("terra", content)
    assert not listing.complete and [d.code for d in listing.problems] == ["YML001"]


def test_show_reports_an_object_that_failed_validation(shipped) -> None:  # type: ignore[no-untyped-def]
    content = shipped("terra/cards/blue.yaml",
                      "    art: {path: art/contours.png, bleed: true}\n    difficulty: blue",
                      "    art: {path: art/contours.png, bleed: true}\n    difficulty: purple")
    shown = show_object("terra", content, "lake-baikal")
    assert shown.data is None and shown.broken
    code, _, err = run("show", "terra", "lake-baikal", "--content", str(content))
    assert code == 1 and " error SCH004 " in err and "'lake-baikal' could not be loaded" in err
    code, out, err = run("show", "terra", "eiffel-tower", "--content", str(content))
    assert code == 1 and "id: eiffel-tower" in out and " error SCH004 " in err


def test_show_of_an_unknown_id_in_clean_content_is_still_a_usage_error() -> None:
    code, _, err = run("show", "terra", "no-such-card", "--content", str(SHIPPED))
    assert code == 2 and "no object 'no-such-card'" in err


@pytest.mark.parametrize("game", ["terra", "trains"])
def test_list_and_show_work_for_every_kind(game: str) -> None:
    code, out, err = run("list", game, "--content", str(SHIPPED))
    assert code == 0 and err == ""
    for kind in get_game(game).kinds:
        code, out, err = run("list", game, kind.name, "--content", str(SHIPPED))
        assert code == 0 and err == "", (kind.name, err)
        rows = out.splitlines()
        assert rows and all(line.split()[1] == kind.name for line in rows), kind.name
        first = rows[0].split()[0]
        for fmt in ("yaml", "json"):
            code, shown, err = run("show", game, first, "--content", str(SHIPPED),
                                   "--format", fmt)
            assert code == 0 and err == "" and first in shown, (kind.name, first, err)
