"""Balance verdicts that go stale and cover every player count: the engine fingerprint, the
stale-report checks (TF011, MD013), the suite of ``cardkit balance`` and a fresh-seed rerun that
agrees within the stated intervals."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardkit.checking.run import CheckOptions, run_check
from cardkit.core.loading import load_game
from cardkit.games.terra_futura.report import balance as tf_balance
from cardkit.sim import balance as sim_balance
from cardkit.sim.api import simulate
from cardkit.sim.suite import Run, balance_suite, differences

from .conftest import SHIPPED, check_dir

GAME = "terra-futura"


# -- the engine fingerprint ------------------------------------------------------------------------

def _package(where: Path, engine: str, bots: str = "def bot(): pass\n") -> Path:
    root = where / "game"  # the same package name in every checkout
    (root / "engine").mkdir(parents=True, exist_ok=True)
    (root / "engine" / "__init__.py").write_bytes(engine.encode())
    (root / "bots.py").write_text(bots, "utf-8")
    return root


def test_the_engine_fingerprint_follows_the_code_not_the_checkout(tmp_path: Path) -> None:
    first = sim_balance.engine_fingerprint(_package(tmp_path / "a", "x = 1\ny = 2\n"))
    # another folder, Windows line endings, trailing spaces: the same code
    assert first == sim_balance.engine_fingerprint(
        _package(tmp_path / "b", "x = 1  \r\ny = 2\r\n"))
    assert first != sim_balance.engine_fingerprint(_package(tmp_path / "c", "x = 1\ny = 3\n"))
    assert first != sim_balance.engine_fingerprint(
        _package(tmp_path / "d", "x = 1\ny = 2\n", bots="def bot(): return 1\n"))


def test_the_engine_fingerprint_names_cardkits_version(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    package = _package(tmp_path / "a", "x = 1\n")
    before = sim_balance.engine_fingerprint(package)
    monkeypatch.setattr(sim_balance, "__version__", "9.9.9")
    assert sim_balance.engine_fingerprint(package) != before


def test_the_shipped_games_have_distinct_engine_fingerprints() -> None:
    from cardkit.games.mars_dice.report import balance as md_balance

    assert tf_balance.engine() != md_balance.engine()


# -- a stale report is flagged ---------------------------------------------------------------------

def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(SHIPPED / GAME, dest / GAME)
    shutil.copytree(SHIPPED / "locales", dest / "locales")
    return dest


def _report(content: Path, rules: str, engine: str) -> Path:
    path = content / GAME / "balance.md"
    path.write_text(f"{sim_balance.BEGIN}\n\nMade by `cardkit balance {GAME} --games 9` on "
                    f"{sim_balance.made_from(rules, engine)}.\n\n{sim_balance.END}\n", "utf-8")
    return path


def _stale(content: Path) -> list[str]:
    return [f"{Path(d.file).name}:{d.line}:{d.col} {d.message}"
            for d in check_dir(content, GAME).diagnostics if d.code == "TF011"]


def test_a_current_report_passes_and_no_report_is_no_finding(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    loaded, _ = load_game(GAME, content)
    rules, engine = tf_balance.fingerprints(loaded)
    _report(content, rules, engine)
    assert _stale(content) == []
    (content / GAME / "balance.md").unlink()
    assert _stale(content) == []


def test_a_rules_change_makes_the_report_stale_at_its_fingerprint(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    loaded, _ = load_game(GAME, content)
    _report(content, *tf_balance.fingerprints(loaded))
    cards = content / GAME / "cards" / "territory" / "level-1.yaml"
    text = cards.read_text("utf-8")
    cards.write_text(text.replace("      - {gain: {red: 1, money: 1}}",
                                  "      - {gain: {red: 1, money: 2}}", 1), "utf-8")
    found = _stale(content)
    assert len(found) == 1 and found[0].startswith("balance.md:3:")
    assert "stale: the rules changed" in found[0] and "engine" not in found[0].split("(")[0]
    assert "rerun `cardkit balance terra-futura --games 9`" in found[0]


def test_an_engine_change_makes_the_report_stale(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    loaded, _ = load_game(GAME, content)
    rules, _ = tf_balance.fingerprints(loaded)
    _report(content, rules, "0" * 16)  # made by another engine, bots or cardkit version
    found = _stale(content)
    assert len(found) == 1 and "the engine, bots or cardkit version changed" in found[0]


def test_a_report_without_fingerprints_is_flagged(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    (content / GAME / "balance.md").write_text("# Balance\n\nAll good, trust me.\n", "utf-8")
    found = _stale(content)
    assert len(found) == 1 and "names no rules and engine fingerprint" in found[0]


def test_the_check_cache_sees_a_report_change(tmp_path: Path) -> None:
    content = _copy(tmp_path)
    loaded, _ = load_game(GAME, content)
    rules, engine = tf_balance.fingerprints(loaded)
    _report(content, rules, engine)
    options = CheckOptions(games=(GAME,), content_dir=content, cache_dir=tmp_path / "cache")
    assert not [d for d in run_check(options).diagnostics if d.code == "TF011"]
    _report(content, rules, "f" * 16)
    assert [d for d in run_check(options).diagnostics if d.code == "TF011"]


def test_the_shipped_reports_are_current() -> None:
    report = check_dir(SHIPPED, GAME, "mars-dice")
    assert not [d for d in report.diagnostics if d.code in ("TF011", "MD013")]
    for game in (GAME, "mars-dice"):
        assert sim_balance.made_from.__name__  # the phrase below is the one made_from writes
        assert re.search(r"rules fingerprint `[0-9a-f]{16}`, engine fingerprint `[0-9a-f]{16}`",
                         (SHIPPED / game / "balance.md").read_text("utf-8"))


# -- the suite: every player count, both bots ------------------------------------------------------

def test_the_suite_runs_every_player_count_under_both_bots(tmp_path: Path) -> None:
    suite = balance_suite(GAME, SHIPPED, games=4, seed=3, search="mcts:1", search_games=1,
                          backend="serial", workers=1, command="cardkit balance test",
                          cache_dir=None)
    assert [(r.players, r.bot) for r in suite.runs] == [
        (n, bot) for n in (2, 3, 4, 5) for bot in ("greedy", "mcts:1")]
    assert len({r.seed for r in suite.runs}) == 8  # a seed of its own per run
    text = suite.markdown
    loaded, _ = load_game(GAME, SHIPPED)
    assert sim_balance.made_from(*tf_balance.fingerprints(loaded)) in text
    assert "| players | greedy | mcts:1 |" in text and "### Where the verdicts differ" in text
    for n in (2, 3, 4, 5):
        assert f"### {n} players, greedy" in text and f"### {n} players, mcts:1" in text
    assert text.count(sim_balance.BEGIN) == 1 and text.count(sim_balance.END) == 1


def test_differences_name_items_outside_in_one_run_and_inside_in_another() -> None:
    runs = [Run(2, "greedy", 1, 100, outside={"a": "a: win-rate delta +12.0 pp is outside ±8 pp"}),
            Run(2, "mcts", 2, 100),
            Run(3, "greedy", 3, 100, outside={"a": "a: win-rate delta +11.0 pp is outside ±8 pp",
                                              "b": "b: win-rate delta -9.5 pp is outside ±8 pp"}),
            Run(3, "mcts", 4, 100, outside={"b": "b: win-rate delta -9.9 pp is outside ±8 pp"},
                undecided={"a": "a: ...; undecided: ..."})]
    lines = differences(runs)
    assert lines == ["- `a`: outside at 2 players under greedy (win-rate delta +12.0 pp is "
                     "outside ±8 pp); 3 players under greedy (win-rate delta +11.0 pp is "
                     "outside ±8 pp); inside at 2/mcts.",  # undecided at 3/mcts: not "inside"
                     "- `b`: outside at 3 players under greedy (win-rate delta -9.5 pp is "
                     "outside ±8 pp); 3 players under mcts (win-rate delta -9.9 pp is outside "
                     "±8 pp); inside at 2/greedy, 2/mcts."]


def test_a_point_outside_whose_interval_reaches_inside_is_undecided() -> None:
    cards = {"a": {"delta": 0.12, "ci95": [0.05, 0.19]}, "b": {"delta": 0.12,
                                                            "ci95": [0.09, 0.15]}}
    lines = sim_balance.delta_violations(cards, 0.08, "picked")
    assert sim_balance.is_undecided(lines[0]) and not sim_balance.is_undecided(lines[1])
    assert "its 95 % interval +5.0 to +19.0 pp reaches inside the bound" in lines[0]
    # a 1-of-1 record is never a verdict, whatever its interval
    few = sim_balance.delta_violations({"c": {"delta": 0.9, "ci95": [0.2, 1.0], "picked": 1}},
                                       0.08, "picked")
    assert sim_balance.is_undecided(few[0]) and "only 1 player-games" in few[0]


def test_a_fresh_seed_agrees_within_the_stated_intervals() -> None:
    # two runs of the same balance measurement on different seeds: a card's delta (or a scoring
    # card's win rate) agrees when the difference is within the two 95 % half-widths. With
    # honest intervals two runs of the same truth disagree for ~0.6 % of the items (both
    # errors beyond 1.96 sigma in opposite directions, sqrt(2) of one interval); at least 95 %
    # must agree, or the stated intervals are too narrow to trust
    runs = [simulate(GAME, SHIPPED, games=300, seed=seed, workers=1, backend="serial",
                     cache_dir=None).extras for seed in (11, 12)]
    compared = agree = 0
    for kind, value in (("cards", lambda r: r), ("scoring_cards", lambda r: r["held"])):
        for item in runs[0][kind]:
            a, b = value(runs[0][kind][item]), value(runs[1][kind].get(item, {}))
            if not a.get("ci95") or not b.get("ci95"):
                continue
            key = "delta" if kind == "cards" else "win_rate"
            half = (a["ci95"][1] - a["ci95"][0] + b["ci95"][1] - b["ci95"][0]) / 2
            agree += abs(a[key] - b[key]) <= half
            compared += 1
    assert compared >= 50 and agree >= 0.95 * compared, (agree, compared)


def test_an_unknown_search_bot_is_refused_before_any_game(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cardkit.cli import main

    result = CliRunner().invoke(main, ["balance", GAME, "--content", str(SHIPPED), "--games",
                                       "2", "--search", "mcst:4", "-o", str(tmp_path / "b.md")])
    assert result.exit_code == 2 and "unknown bot 'mcst'" in result.output
    assert "players, greedy..." not in result.output  # no run started
    assert not (tmp_path / "b.md").exists()
