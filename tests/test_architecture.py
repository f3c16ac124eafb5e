"""The layers of docs/ARCHITECTURE.md hold: import-linter's contracts (``[tool.importlinter]`` in
pyproject.toml) are kept by the tree, and they are not decoration — on a copy of the package, an
upward import, a cycle between two sibling modules, a game imported by name, one game importing
another, a game's engine importing its print role and a game module outside the roles each break
the contract that forbids it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from .conftest import ROOT

CONFIG = ROOT / "pyproject.toml"
CONTRACTS = {c["id"]: c["name"] for c in
             tomllib.loads(CONFIG.read_text("utf-8"))["tool"]["importlinter"]["contracts"]}


def lint_imports(package_parent: Path, cwd: Path) -> tuple[int, str]:
    """``lint-imports`` (the venv's) on the ``cardkit`` package found in ``package_parent``."""
    exe = Path(sys.executable).parent / "lint-imports"
    if not exe.exists():
        found = shutil.which("lint-imports")
        if found is None:
            pytest.fail("lint-imports is not installed (the dev extra: pip install -e '.[dev]')")
        exe = Path(found)
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    done = subprocess.run([str(exe), "--no-cache", str(CONFIG)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout + done.stderr


def verdicts(output: str) -> dict[str, str]:
    """Contract id -> ``KEPT`` or ``BROKEN``, from lint-imports' summary lines."""
    out = {}
    for cid, name in CONTRACTS.items():
        for word in ("KEPT", "BROKEN"):
            if f"{name} {word}" in output:
                out[cid] = word
    return out


def test_the_contracts_are_declared() -> None:
    """The order of docs/ARCHITECTURE.md, games independent, none imported by name, no cycles."""
    section = tomllib.loads(CONFIG.read_text("utf-8"))["tool"]["importlinter"]
    assert section["exclude_type_checking_imports"] is True
    by_id = {c["id"]: c for c in section["contracts"]}
    assert by_id["layers"]["layers"] == ["cli", "lsp", "site", "games", "sim", "export",
                                         "checking", "pdf", "i18n", "text", "core"]
    assert by_id["layers"]["exhaustive"] is True
    assert by_id["games-independent"]["type"] == "independence"
    assert by_id["no-game-by-name"]["forbidden_modules"] == ["cardkit.games"]
    roles = by_id["game-roles"]
    assert roles["layers"] == ["(report) | (score) | (render) | (bots)", "(checks)",
                               "(engine) | (build)", "model", "(terms)"]
    assert roles["exhaustive"] is True
    assert len(roles["containers"]) == len(list((ROOT / "cardkit" / "games").glob("*/__init__.py")))
    assert by_id["acyclic"] == {**by_id["acyclic"], "type": "acyclic_siblings",
                                "ancestors": ["cardkit"]}
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text("utf-8")
    for layer in by_id["layers"]["layers"]:
        assert f"`{layer.strip('()')}`" in doc, layer


def test_the_tree_keeps_every_contract() -> None:
    code, output = lint_imports(ROOT, ROOT)
    assert code == 0, output
    assert verdicts(output) == {cid: "KEPT" for cid in CONTRACTS}, output


PLANTED = {
    "upward": ({"core/errors.py": "from ..site import api  # noqa"}, {"layers", "acyclic"}),
    "cycle": ({"core/version.py": "from . import suggest  # noqa",
               "core/suggest.py": "from . import version  # noqa"}, {"acyclic"}),
    "cycle-inside-a-function": ({"pdf/fit.py": "def f():\n    from . import layout  # noqa",
                                 "pdf/layout.py": "from . import fit  # noqa"}, {"acyclic"}),
    "game-by-name": ({"site/search.py": "def f():\n    from ..games import terra  # noqa"},
                     {"no-game-by-name"}),
    "game-to-game": ({"games/trains/engine/world.py": "from ...terra import model  # noqa"},
                     {"games-independent"}),
    "role-upward": ({"games/mars_dice/engine/scoring.py": "from ..render import theme  # noqa"},
                    {"game-roles"}),
    "module-outside-the-roles": ({"games/terra/helpers.py": '"""A module with no role."""'},
                                 {"game-roles"}),
}


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, str]]:
    """Each case of :data:`PLANTED` on its own copy of the cardkit package (sources only, a
    line appended to each module named), linted in parallel: case -> (exit code, output)."""
    from concurrent.futures import ThreadPoolExecutor

    roots = {}
    for case, (edits, _) in PLANTED.items():
        root = tmp_path_factory.mktemp(case)
        shutil.copytree(ROOT / "cardkit", root / "cardkit",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "fonts", "assets",
                                                      "starter"))
        for rel, line in edits.items():
            path = root / "cardkit" / rel
            before = path.read_text("utf-8") if path.exists() else ""
            path.write_text(before + "\n" + line + "\n", "utf-8")
        roots[case] = root
    with ThreadPoolExecutor(len(roots)) as pool:
        done = {case: pool.submit(lint_imports, root, root) for case, root in roots.items()}
        return {case: future.result() for case, future in done.items()}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_planted_violation_breaks_its_contract(case: str,
                                                 planted: dict[str, tuple[int, str]]) -> None:
    code, output = planted[case]
    assert code == 1, output
    assert verdicts(output) == {cid: "BROKEN" if cid in PLANTED[case][1] else "KEPT"
                                for cid in CONTRACTS}, output


def test_the_font_files_are_read_through_the_text_layer_only() -> None:
    """A path into another package's files is an import the linter cannot see: the card fonts
    are opened by :mod:`cardkit.text.fonts` alone (i18n takes the glyphs a translation may use
    from it, not from ``../pdf/fonts``)."""
    from cardkit.i18n import translations
    from cardkit.text import fonts

    owner = ROOT / "cardkit" / "text" / "fonts.py"
    for path in sorted((ROOT / "cardkit").rglob("*.py")):
        source = path.read_text("utf-8")
        if path != owner:
            assert '/ "fonts"' not in source and '.ttf"' not in source, path
    assert translations.card_font_glyphs is fonts.card_font_glyphs
    assert all((fonts.FONT_DIR / name).is_file() for name in fonts.FILES.values())
    assert {ord("ł"), ord("λ")} <= fonts.card_font_glyphs()
