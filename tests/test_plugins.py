"""Game plug-ins: found through the ``cardkit.games`` entry-point group, listed by ``cardkit
games`` and ``cardkit --help``, checked like a built-in game; a plug-in that fails to load, is
not a game, or names another id is a clear usage error that does not break the other games;
a plug-in cannot replace a built-in game. The example package (examples/plugin, installed by
``make``) is exercised for real when it is installed."""

from __future__ import annotations

import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from cardkit.core import registry
from cardkit.core.registry import PluginError, get_game, origin

from .conftest import SHIPPED, run

MODULE = '''
from pydantic import BaseModel, ConfigDict, Field
from cardkit.core.spec import Check, FileKind, Finding, Game


class Thing(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: str
    size: int = Field(ge=1, le=5)


class ThingsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    things: list[Thing]


def no_big(content):
    """Things are small.

    Bad:
        things: [{id: a, size: 5}]

    Good:
        things: [{id: a, size: 1}]
    """
    for rec in content.of("things"):
        if rec.obj.size == 5:
            yield Finding("too big", rec, ("size",))


SPEC = Game(id="{id}", title="Things", kinds=(FileKind("things", "things.yaml", ThingsFile,
            "things"),), checks=(Check("THG001", "things are small", no_big),))
'''


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """``install(name, body)``: a module on sys.path and an entry point naming it."""
    found: dict[str, EntryPoint] = dict(registry._plugins())
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_plugins", lambda: found)
    registry._plugin.cache_clear()

    def install(name: str, body: str, value: str | None = None, module: str | None = None) -> None:
        module = module or f"ck_test_{name.replace('-', '_')}"
        (tmp_path / f"{module}.py").write_text(textwrap.dedent(body), "utf-8")
        found[name] = EntryPoint(name=name, value=value or f"{module}:SPEC",
                                 group=registry.ENTRY_POINT_GROUP)
    yield install
    registry._plugin.cache_clear()


def test_a_plug_in_is_found_listed_and_checked(plugins, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    plugins("things", MODULE.replace("{id}", "things"))
    assert "things" in registry.game_ids() and origin("things") == "plug-in"
    assert get_game("things").title == "Things"
    content = tmp_path / "content"
    (content / "things").mkdir(parents=True)
    (content / "things" / "things.yaml").write_text(
        "things:\n  - {id: a, size: 1}\n  - {id: b, size: 5}\n", "utf-8")
    done = run("check", "things", "--content", str(content), "--no-cache")
    assert done.exit_code == 1
    assert "things/things.yaml:3:19: error THG001 too big [b]" in done.output, done.output
    done = run("games", "--content", str(content))
    assert "* things" in done.output and "plug-in" in done.output
    done = run("--help")
    assert "things (plug-in)" in " ".join(done.output.split())
    done = run("codes", "THG001")
    assert done.exit_code == 0 and "things are small" in done.output


@pytest.mark.parametrize(("body", "value", "words"), [
    ("raise RuntimeError('the plug-in is broken')\n", None,
     "failed to load: RuntimeError: the plug-in is broken"),
    ("SPEC = 42\n", None, "is not a game spec"),
    (MODULE.replace("{id}", "other"), None, "says its id is 'other'"),
    ("x = 1\n", "ck_test_nowhere_at_all:SPEC", "failed to load: ModuleNotFoundError"),
], ids=["raises", "not-a-game", "wrong-id", "missing-module"])
def test_a_broken_plug_in_is_a_usage_error_and_the_rest_works(plugins, body: str,  # type: ignore[no-untyped-def]
                                                              value: str | None,
                                                              words: str) -> None:
    plugins("broken", body, value, module=f"ck_test_broken_{abs(hash(body)) % 10**8}")
    with pytest.raises(PluginError, match=words):
        get_game("broken")
    done = run("check", "broken", "--content", str(SHIPPED), "--no-cache")
    assert done.exit_code == 2 and words in done.output and "Traceback" not in done.output
    done = run("games")
    assert done.exit_code == 0 and "cannot load:" in done.output and "terra" in done.output
    assert run("check", "terra", "--content", str(SHIPPED)).exit_code == 0


def test_a_plug_in_cannot_replace_a_built_in_game(plugins) -> None:  # type: ignore[no-untyped-def]
    plugins("terra", MODULE.replace("{id}", "terra"), module="ck_test_fake_terra")
    assert get_game("terra").checks[0].code.startswith("TER")
    assert any("plug-in 'terra'" in line for line in registry.shadowed())
    assert "terra" not in registry.plugin_ids()


def test_the_example_plug_in_when_installed(tmp_path: Path) -> None:
    if "pebbles" not in registry.plugin_ids():
        pytest.skip("examples/plugin is not installed (make installs it: pip install -e "
                    "examples/plugin)")
    assert origin("pebbles") == "plug-in"
    assert "pebbles (plug-in)" in " ".join(run("--help").output.split())
    content = tmp_path / "content"
    done = run("init", str(content), "--game", "pebbles")
    assert done.exit_code == 0, done.output
    done = run("check", "--content", str(content), "--no-cache")
    assert done.exit_code == 0 and "0 errors, 0 warnings" in done.output, done.output
    done = run("simulate", "pebbles", "--content", str(content), "--games", "20", "--seed", "1",
               "--backend", "serial")
    assert done.exit_code == 0 and "20" in done.output, done.output


def test_checking_the_shipped_content_does_not_scan_for_plug_ins(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    """The scan of the installed packages (entry points) costs ~25 ms, a fifth of a cached
    ``check``: it happens only for a content folder with a folder that is neither a built-in
    nor a declared game."""
    from cardkit.core.loading import select_games

    calls: list[int] = []
    monkeypatch.setattr(registry, "_plugins", lambda: calls.append(1) or {})
    assert select_games((), SHIPPED) == registry.builtin_ids()
    assert calls == []
    (tmp_path / "terra").mkdir()
    (tmp_path / "something-else").mkdir()
    assert select_games((), tmp_path) == ("terra",)
    assert calls  # an unknown folder: the plug-ins were asked


@pytest.mark.parametrize("broken", ["folder", "dangling link"])
def test_a_declaration_that_is_not_a_file_is_reported_not_lost(tmp_path: Path, broken: str) -> None:
    """A ``game.yaml`` that is a folder or a dangling link still declares the game, so ``check``
    says what is wrong with it, located (before, the game vanished: "unknown game")."""
    import shutil

    content = tmp_path / "content"
    shutil.copytree(SHIPPED.parent / "examples" / "content", content)
    decl = content / "lantern-road" / "game.yaml"
    decl.unlink()
    if broken == "folder":
        decl.mkdir()
    else:
        decl.symlink_to("nowhere.yaml")
    result = run("check", "lantern-road", "--content", str(content), "--no-cache")
    assert result.exit_code == 1, result.output
    assert "unknown game" not in result.output and "Traceback" not in result.output
    want = "lantern-road/game.yaml:1:1: error YML013" if broken != "folder" else \
        "lantern-road:1:1: error CK002 no 'game' file: expected 'game.yaml'"
    assert want in result.output


def test_built_in_games_are_registered_by_entry_point_like_plug_ins() -> None:
    """cardkit's own ``cardkit.games`` entry points name exactly the game packages that define a
    ``SPEC`` (the declared-game factory excepted), each under its spec's id; the registry holds
    no list of names."""
    import importlib
    import re

    import cardkit.core.registry as module

    source = Path(module.__file__).read_text("utf-8")
    assert "cardkit.games." not in source and not re.search(r"\bGAMES\b", source)
    games_dir = Path(module.__file__).parents[1] / "games"
    packages = {p.name for p in games_dir.iterdir() if (p / "__init__.py").is_file()}
    with_spec = {p for p in packages if hasattr(importlib.import_module(f"cardkit.games.{p}"),
                                                "SPEC")}
    entries = registry._builtins()
    assert {ep.value for ep in entries.values()} == {f"cardkit.games.{p}:SPEC" for p in with_spec}
    for name in entries:
        assert get_game(name).id == name and origin(name) == "built-in"
    assert registry.declared_factory().__name__ == "cardkit.games.declared"
    assert "declared" not in with_spec


def test_a_broken_built_in_game_goes_through_the_plug_in_validation(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A built-in game has no privilege a plug-in lacks: its entry point is loaded and checked
    by the same code."""
    broken = EntryPoint(name="terra", value="cardkit.games.trains:SPEC",
                        group=registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "_builtins", lambda: {"terra": broken})
    registry._builtin.cache_clear()
    try:
        with pytest.raises(PluginError, match="built-in game 'terra'.*says its id is 'trains'"):
            get_game("terra")
    finally:
        registry._builtin.cache_clear()


def test_metadata_without_the_entry_points_is_a_clear_usage_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stale ``cardkit.egg-info`` or an uninstalled source tree: no silent empty game list."""
    import importlib.metadata

    class Stale:
        entry_points = importlib.metadata.EntryPoints(())

    monkeypatch.setattr(importlib.metadata, "distribution", lambda name: Stale())
    registry._builtins.cache_clear()
    registry.declared_factory.cache_clear()
    try:
        with pytest.raises(registry.NotRegistered, match="not registered.*reinstall"):
            registry.game_ids()
        with pytest.raises(registry.NotRegistered, match="'cardkit.declared'"):
            registry.declared_factory()
        done = run("games")
        assert done.exit_code == 2 and "pip install -e ." in done.output, done.output
    finally:
        registry._builtins.cache_clear()
        registry.declared_factory.cache_clear()
