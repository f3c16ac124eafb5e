"""The Pebbles plug-in: its rules, its engine's conformance to cardkit's state protocol, its
checks (a failing and a passing fixture each, through cardkit's own checking API), its starter
content, and, once installed, its discovery through the ``cardkit.games`` entry point.

Run: ``python -m pytest -q examples/plugin/tests`` (with cardkit and this package installed).
"""

from __future__ import annotations

import importlib.resources
import json
import os
import subprocess
import sys
import textwrap
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from cardkit.core.loading import run_game_checks
from cardkit.core.content import GameContent, load_content
from cardkit.core.diagnostics import Diagnostic
from cardkit.core.discovery import discover
from cardkit.core.modeline import modeline_for
from cardkit.checking.schemas import kind_schema, render
from cardkit.core.sourcemap import resolve_locations
from cardkit.core.spec import parse_code_doc
from cardkit.sim.protocol import BotSpec, IllegalAction, InvariantError
from cardkit.sim.seeding import rng

from cardkit_pebbles import SPEC
from cardkit_pebbles.engine import BANK, DRAW, PebblesEngine, PebblesState, make_engine

GAME = "pebbles"
DRAW_ONLY = [DRAW]
#: Twelve cards, three of each colour (values: grey 1, red 2, blue 5, white 0).
DECK = """\
pebbles:
  - {id: flint, name: Flint, colour: grey, value: 1, copies: 3}
  - {id: ember, name: Ember, colour: red, value: 2, copies: 3}
  - {id: lapis, name: Lapis, colour: blue, value: 5, copies: 3}
  - {id: chalk, name: Chalk, colour: white, value: 0, copies: 3}
"""


# -- helpers (small copies of what cardkit's own tests do) -------------------------------------

def write_schema(root: Path) -> Path:
    """The JSON Schema of the ``pebbles`` kind at ``root/schemas/pebbles/`` (where the
    modelines of ``root/content`` lead); returns its path."""
    kind = SPEC.kind("pebbles")
    schema = root / "schemas" / GAME / kind.schema_name
    schema.parent.mkdir(parents=True, exist_ok=True)
    schema.write_text(render(kind_schema(GAME, kind)), encoding="utf-8")
    return schema


def make_content(root: Path, text: str) -> Path:
    """A project at ``root``: ``content/pebbles/pebbles.yaml`` holding ``text`` (after its
    modeline) and the kind's JSON Schema in ``schemas/pebbles/``, so that no CK003 warning
    is due. Returns the content folder."""
    schema = write_schema(root)
    path = root / "content" / GAME / "pebbles.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(modeline_for(path, schema) + "\n" + text, encoding="utf-8")
    return root / "content"


def load(content_dir: Path) -> tuple[GameContent, list[Diagnostic]]:
    """Load the Pebbles content of ``content_dir`` with cardkit's loader (no registry needed)."""
    files = discover(content_dir, GAME)
    return load_content(SPEC, files)


def check(content_dir: Path) -> list[Diagnostic]:
    """Every diagnostic ``cardkit check`` gives the Pebbles content: loading, validation and
    the game's checks, located (``file:line:col``), without the registry or a cache."""
    files = discover(content_dir, GAME)
    content, diags = load_content(SPEC, files)
    if content.complete:
        diags += run_game_checks(content)
    texts = {s.display: s for s in files}
    return resolve_locations(diags, lambda f: texts[f].text() if f in texts else None)


def positions(diags: list[Diagnostic], code: str) -> list[str]:
    """``line:col`` of every diagnostic with ``code``."""
    return [f"{d.line}:{d.col}" for d in diags if d.code == code]


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    """The twelve-card test deck."""
    return make_content(tmp_path, DECK)


@pytest.fixture
def engine(content_dir: Path) -> PebblesEngine:
    """The engine of the twelve-card test deck."""
    content, diags = load(content_dir)
    assert diags == [] and content.complete
    return make_engine(content)


def stacked(engine: PebblesEngine, top_first: list[str], players: int = 2) -> PebblesState:
    """A new game whose deck is ``top_first`` from the top, then the rest of the cards (the
    same cards as ever: only the order is chosen)."""
    state = engine.new_game(players, rng(1, "chance"))
    rest = list(engine.deck)
    for card in top_first:
        rest.remove(card)
    state.deck = list(reversed(top_first + rest))  # the top card is the last one
    return state


def play(state: PebblesState, *actions: tuple[str]) -> None:
    """Apply ``actions`` in turn, checking the invariants after each."""
    for action in actions:
        state.apply(action)
        state.check_invariants()


# -- (a) the rules ------------------------------------------------------------------------------

def test_seat_0_begins_and_an_empty_row_cannot_be_banked(engine: PebblesEngine) -> None:
    state = engine.new_game(3, rng(2, "chance"))
    assert state.current_player() == 0 and state.turns == 0 and not state.is_terminal()
    assert list(state.legal_actions()) == DRAW_ONLY
    with pytest.raises(IllegalAction):
        state.apply(BANK)
    play(state, DRAW)
    assert state.current_player() == 1  # one action per turn, then the next seat
    play(state, DRAW, DRAW)
    assert state.current_player() == 0
    assert list(state.legal_actions()) == [DRAW, BANK]


def test_a_second_pebble_of_a_colour_busts_the_row(engine: PebblesEngine) -> None:
    # seat 0 draws flint (grey), ember (red), then flint again: the row busts
    state = stacked(engine, ["flint", "lapis", "ember", "chalk", "flint"])
    play(state, DRAW, DRAW, DRAW, DRAW)
    assert sorted(state.rows[0]) == ["ember", "flint"]
    play(state, DRAW)
    assert state.rows[0] == []  # the whole row is discarded, the card just drawn too
    assert state.scores()[0] == 0 and state.banks[0] == 0 and state.busts[0] == 1
    assert sorted(state.discard) == ["ember", "flint", "flint"]
    assert state.rows[1] == ["lapis", "chalk"]  # the other row is untouched
    play(state, DRAW)
    assert state.current_player() == 0 and list(state.legal_actions()) == DRAW_ONLY


def test_banking_scores_the_row_and_empties_it(engine: PebblesEngine) -> None:
    state = stacked(engine, ["flint", "chalk", "lapis", "ember", "flint"])
    play(state, DRAW, DRAW, DRAW, DRAW)  # seat 0: flint + lapis; seat 1: chalk + ember
    play(state, BANK)
    assert state.scores() == [6.0, 0.0] and state.rows[0] == [] and state.banks[0] == 1
    play(state, BANK)
    assert state.scores() == [6.0, 2.0] and state.rows[1] == []
    play(state, DRAW)  # a banked grey does not bust a new row with a grey in it
    assert state.rows[0] == ["flint"] and state.busts[0] == 0


def test_the_game_ends_when_the_deck_is_empty(engine: PebblesEngine) -> None:
    state = engine.new_game(2, rng(3, "chance"))
    for _ in range(len(engine.deck) - 1):
        play(state, DRAW)
        assert not state.is_terminal()
    play(state, DRAW)
    assert state.is_terminal() and state.end_reason == "deck" and state.deck == []
    assert list(state.legal_actions()) == []
    with pytest.raises(IllegalAction):
        state.apply(DRAW)
    # nothing was banked: cards left in a row score nothing
    assert state.scores() == [0.0, 0.0]


def test_the_game_ends_after_the_round_cap(content_dir: Path) -> None:
    content, _ = load(content_dir)
    state = make_engine(content, round_cap="2").new_game(2, rng(4, "chance"))
    play(state, DRAW, DRAW, DRAW)
    assert not state.is_terminal()
    play(state, BANK if BANK in state.legal_actions() else DRAW)
    assert state.is_terminal() and state.end_reason == "rounds"
    with pytest.raises(ValueError):
        make_engine(content, round_cap=0)


def test_equal_scores_go_to_fewer_banked_rows(engine: PebblesEngine) -> None:
    # seat 0 banks flint + chalk (1 point, one row); seat 1 banks flint, then chalk (1, two)
    state = stacked(engine, ["flint", "flint", "chalk", "chalk", "ember"])
    play(state, DRAW, DRAW, DRAW, BANK, BANK, DRAW, DRAW, BANK)
    assert state.scores()[:2] == [1.0, 1.0] and state.banks == [1, 2]
    assert state.tiebreak()[0] > state.tiebreak()[1]


def test_a_game_replays_from_its_seed(engine: PebblesEngine) -> None:
    def record(seed: int) -> list[object]:
        state = engine.new_game(3, rng(seed, "chance"))
        bot, r, out = SPEC.sim.make_bot(BotSpec.parse("random"), engine), rng(seed, "bot"), []
        while not state.is_terminal():
            action = bot.choose(state, state.current_player(), r)
            out.append(state.describe(action))
            state.apply(action)
        return [*out, state.scores()]

    assert record(7) == record(7)
    assert record(7) != record(8)


# -- (b) random games keep the invariants -------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "cautious", "cautious:1:0", "cautious:4:1"])
def test_random_games_keep_the_invariants(engine: PebblesEngine, players: int, bot: str) -> None:
    for seed in range(40):
        state = engine.new_game(players, rng(seed, "chance"))
        bots = [SPEC.sim.make_bot(BotSpec.parse(bot), engine) for _ in range(players)]
        rngs = [rng(seed, "bot", s) for s in range(players)]
        while not state.is_terminal():
            assert state.turns < 1000, "the game does not end"
            seat = state.current_player()
            action = bots[seat].choose(state, seat, rngs[seat])
            assert action in state.legal_actions()
            state.apply(action)
            state.check_invariants()
        assert state.end_reason in ("deck", "rounds")
        # cards are conserved: every card is in the deck, a row, a banked pile or the discard
        everywhere = state.deck + state.discard + sum(state.rows, []) + sum(state.banked, [])
        assert sorted(everywhere) == sorted(engine.deck)
        assert state.scores() == [float(sum(engine.cards[c].value for c in b))
                                  for b in state.banked]


def test_a_broken_state_fails_its_invariants(engine: PebblesEngine) -> None:
    state = engine.new_game(2, rng(1, "chance"))
    state.deck.pop()  # a card vanishes
    with pytest.raises(InvariantError):
        state.check_invariants()


# -- (c) illegal actions and copies ---------------------------------------------------------------

@pytest.mark.parametrize("action", [("no-such-action",), "draw", ("bank", 1), None])
def test_unknown_actions_are_refused(engine: PebblesEngine, action: object) -> None:
    state = engine.new_game(3, rng(5, "chance"))
    with pytest.raises(IllegalAction):
        state.apply(action)  # type: ignore[arg-type]
    assert state.turns == 0


def test_copies_are_independent(engine: PebblesEngine) -> None:
    state = engine.new_game(3, rng(5, "chance"))
    play(state, DRAW, DRAW)
    before = (list(state.deck), [list(r) for r in state.rows], state.turns)
    clone = state.copy()
    bot, r = SPEC.sim.make_bot(BotSpec.parse("random"), engine), rng(5, "bot")
    while not clone.is_terminal():
        clone.apply(bot.choose(clone, clone.current_player(), r))
    assert clone.is_terminal() and not state.is_terminal()
    assert (state.deck, state.rows, state.turns) == before


def test_bots_are_parsed_like_the_shipped_games_do(engine: PebblesEngine) -> None:
    make = SPEC.sim.make_bot
    assert set(SPEC.sim.bots) == {"random", "cautious"}
    for name in SPEC.sim.default_bots:
        make(BotSpec.parse(name), engine)
    assert make(BotSpec.parse("cautious:2:0.25"), engine).name == "cautious:2:0.25"
    with pytest.raises(KeyError):
        make(BotSpec.parse("greedy"), engine)
    for bad in ("cautious:0", "cautious:5", "cautious:2:1.5", "cautious:x", "random:1"):
        with pytest.raises(ValueError):
            make(BotSpec.parse(bad), engine)


def test_cautious_banks_at_n_cards_or_a_high_risk(engine: PebblesEngine) -> None:
    two = SPEC.sim.make_bot(BotSpec.parse("cautious:2:1"), engine)
    state = stacked(engine, ["flint", "chalk", "lapis"])
    play(state, DRAW, DRAW)
    assert two.choose(state, 0, rng(1, "bot")) == DRAW  # one card in the row
    play(state, DRAW, DRAW)
    assert two.choose(state, 0, rng(1, "bot")) == BANK  # two cards
    wary = SPEC.sim.make_bot(BotSpec.parse("cautious:4:0.1"), engine)
    assert state.bust_risk(0) > 0.1 and wary.choose(state, 0, rng(1, "bot")) == BANK


def test_a_run_does_not_depend_on_the_string_hash_seed(content_dir: Path) -> None:
    script = textwrap.dedent(f"""
        import json
        from pathlib import Path
        from cardkit.core.content import load_content
        from cardkit.core.discovery import discover
        from cardkit.sim.protocol import BotSpec
        from cardkit.sim.seeding import rng
        from cardkit_pebbles import SPEC
        content, _ = load_content(SPEC, discover(Path({str(content_dir)!r}), "pebbles"))
        engine = SPEC.sim.make_engine(content)
        out = []
        for game in range(6):
            state = engine.new_game(3, rng(game, "chance"))
            bots = [SPEC.sim.make_bot(BotSpec.parse(b), engine)
                    for b in ("random", "cautious", "cautious:2:0.3")]
            rngs = [rng(game, "bot", s) for s in range(3)]
            while not state.is_terminal():
                s = state.current_player()
                state.apply(bots[s].choose(state, s, rngs[s]))
            out.append([state.scores(), state.tiebreak(), state.details()])
        print(json.dumps(out))
    """)
    outs = []
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              timeout=120, env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        outs.append(json.loads(done.stdout))
    assert outs[0] == outs[1]


# -- (d) the checks --------------------------------------------------------------------------------

def test_every_check_documents_a_bad_and_a_good_example() -> None:
    assert [c.code for c in SPEC.checks] == ["PEB001", "PEB002"]
    for c in SPEC.checks:
        doc = parse_code_doc(c.info.doc)
        assert doc.text and doc.bad and doc.good, c.code


def test_the_test_deck_is_clean(content_dir: Path) -> None:
    assert check(content_dir) == []


def test_peb001_fails_on_a_repeated_id(tmp_path: Path) -> None:
    diags = check(make_content(tmp_path, DECK.replace("id: lapis", "id: ember")))
    # line 1 is the modeline: the repeated id is the third pebble, line 5, its id at col 10
    assert positions(diags, "PEB001") == ["5:10"]
    assert "first defined at" in next(d.message for d in diags if d.code == "PEB001")


def test_peb001_passes_on_distinct_ids(tmp_path: Path) -> None:
    diags = check(make_content(tmp_path, DECK.replace("id: lapis", "id: lapis-lazuli")))
    assert positions(diags, "PEB001") == [] and diags == []


def test_peb002_fails_on_a_short_deck(tmp_path: Path) -> None:
    diags = check(make_content(tmp_path, DECK.replace("copies: 3}", "copies: 2}", 2)))
    assert positions(diags, "PEB002") == ["3:3"]  # the `pebbles:` list of the file
    finding = next(d for d in diags if d.code == "PEB002")
    assert finding.file.endswith("pebbles/pebbles.yaml") and "10 cards" in finding.message


def test_peb002_passes_on_exactly_twelve_cards(tmp_path: Path) -> None:
    text = DECK.replace("copies: 3}", "copies: 2}", 2).replace("value: 0, copies: 3",
                                                               "value: 0, copies: 5")
    assert positions(check(make_content(tmp_path, text)), "PEB002") == []


def test_peb002_waits_for_every_card_to_validate(tmp_path: Path) -> None:
    # a broken card is the schema's finding, not also a short deck
    diags = check(make_content(tmp_path, DECK.replace("copies: 3}", "copies: 9}", 1)))
    assert diags and positions(diags, "PEB002") == []


# -- the starter content ---------------------------------------------------------------------------

def test_the_starter_deck_is_shipped_and_clean(tmp_path: Path) -> None:
    starter = importlib.resources.files("cardkit_pebbles") / "starter"
    text = (starter / GAME / "pebbles.yaml").read_text("utf-8")
    assert (starter / "locales" / "en.yaml").is_file()
    content_dir = make_content(tmp_path, text)
    assert check(content_dir) == []
    content, _ = load(content_dir)
    pebbles = content.of("pebbles")
    assert len(pebbles) >= 8 and sum(r.obj.copies for r in pebbles) >= 24


# -- (e) discovery through the entry point ---------------------------------------------------------

def _installed() -> bool:
    return any(ep.name == GAME for ep in entry_points(group="cardkit.games"))


needs_install = pytest.mark.skipif(
    not _installed(), reason="cardkit-example-pebbles is not installed (pip install -e "
                             "examples/plugin): no `cardkit.games` entry point named pebbles")


def _registered() -> None:
    """Skip unless this cardkit discovers plug-ins (the entry point alone is not enough)."""
    from cardkit.core.registry import UnknownGameError, get_game

    try:
        get_game(GAME)
    except UnknownGameError:
        pytest.skip("this cardkit does not discover `cardkit.games` entry points yet")


@needs_install
def test_get_game_returns_the_plugin_spec() -> None:
    from cardkit.core.registry import game_ids, get_game

    _registered()
    assert get_game(GAME) is SPEC
    assert GAME in game_ids()


@needs_install
def test_cardkit_check_finds_the_plugin_checks(tmp_path: Path) -> None:
    from cardkit.checking import CheckOptions, run_check

    _registered()
    content_dir = make_content(tmp_path, DECK.replace("id: lapis", "id: ember"))
    report = run_check(CheckOptions(games=(GAME,), content_dir=content_dir, cache_dir=None))
    assert positions(report.diagnostics, "PEB001") == ["5:10"] and report.exit_code() == 1


@needs_install
def test_cardkit_simulate_plays_pebbles(content_dir: Path) -> None:
    _registered()
    args = [sys.executable, "-m", "cardkit", "simulate", GAME, "--content", str(content_dir),
            "--games", "20", "--seed", "3", "--backend", "serial", "--format", "json",
            "--bots", "random,cautious,cautious:2"]
    outs = []
    for seed in ("1", "2"):
        done = subprocess.run(args, capture_output=True, text=True, timeout=300,
                              cwd=content_dir.parent,  # its result cache goes there
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    assert outs[0] == outs[1]


@needs_install
def test_cardkit_init_writes_the_starter(tmp_path: Path) -> None:
    from cardkit.checking.scaffold import ScaffoldProblem, init_content

    _registered()
    dest = tmp_path / "content"
    try:
        init_content(dest, GAME, schemas_dir=tmp_path / "schemas")
    except ScaffoldProblem as exc:
        if "no starter content" in str(exc):
            pytest.skip(f"this cardkit's `init` does not read plug-in starters yet ({exc})")
        raise
    assert (dest / GAME / "pebbles.yaml").is_file()
    write_schema(tmp_path)  # where the modelines `init` wrote lead
    assert check(dest) == []
