"""``cardkit new`` and ``cardkit init``: skeletons for a designer's first object and folder.

``new GAME KIND ID`` adds one schema-valid object of a kind, generated from the kind's model: the
required fields only, with placeholder values that are clearly marked (texts ``TODO ...``, ids
``todo``, numbers at their lowest allowed value) and a ``# TODO`` comment on the new object. A
kind kept in one file (``regions.yaml``) gets the object appended, keeping the file's comments
(the round-trip loader of ``cardkit fmt``); a kind of many files (``cards/*.yaml``) gets a new
file ``cards/<id>.yaml`` unless ``into`` names an existing one. Existing content is never
overwritten: an id that is already defined, or a file that does not load, is refused.

``init DIR`` writes a new content folder: ``locales/en.yaml`` and the starter content of one game
(the small, consistent example world kept in ``cardkit/games/<game>/starter/``), the JSON Schemas
in ``DIR/.schemas/`` and modelines pointing there, relative to each file, so the folder works
wherever it is moved. ``cardkit check --content DIR`` accepts it with no errors. DIR is a folder
output (:class:`~cardkit.core.outdir.FolderOutput`, manifest ``DIR/.cardkit-outputs.json``): it
must be missing or empty, or an earlier ``init`` (replaced when unchanged; an earlier ``init`` of
another game, or whose schemas were edited, only with ``force``); a folder holding any file
``init`` did not write is refused, ``force`` or not. A content file ``init`` wrote and the user
edited since is content, not an output: it is never replaced, ``force`` or not (only unchanged
starter files are rewritten). cardkit's check cache (``.cardkit-cache/``, made by ``cardkit check``
run inside DIR) is not a foreign file.

``--schemas S`` writes the schemas the modelines point to into ``S`` (for a built-in game too:
files already holding exactly those schemas are left as they are, so ``--schemas schemas`` in
this repository writes nothing), recorded in ``S/.cardkit-outputs.json``.
"""

from __future__ import annotations

import importlib.resources
import io
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from re import _parser as re_parser  # type: ignore[attr-defined]  # the stdlib's regex parser
from typing import Any, Literal, Union

from pydantic import BaseModel

from ..core.errors import UsageProblem
from ..core.registry import builtin_ids, declared_factory, get_game, plugin_ids
from ..core.spec import FileKind
from ..core.suggest import did_you_mean
from ..core.validation import ID_PATTERN, PATTERN_WORDS

TODO_COMMENT = "TODO: fill in the placeholders (cardkit new)"
ID_RE = re.compile(ID_PATTERN)


class ScaffoldProblem(UsageProblem):
    """``new`` or ``init`` cannot do what was asked (exit code 2, nothing written)."""


@dataclass(slots=True)
class NewResult:
    """What ``cardkit new`` wrote: the file, whether it is new, and the fields to fill in."""

    path: Path
    created: bool
    placeholders: list[str] = field(default_factory=list)


@dataclass(slots=True)
class InitResult:
    """What ``cardkit init`` wrote: the content files, and the schema files (in ``schemas_dir``,
    by default ``root/.schemas``)."""

    root: Path
    game: str
    files: list[Path] = field(default_factory=list)
    schemas: list[Path] = field(default_factory=list)
    schemas_dir: Path | None = None


# -- skeletons from the model ------------------------------------------------------------------

def skeleton(kind: FileKind, obj_id: str) -> tuple[dict[str, Any], list[str]]:
    """A schema-valid object of ``kind`` with id ``obj_id``, and the dotted paths of its
    placeholder values."""
    from ..core.content import item_model

    placeholders: list[str] = []
    data = _model_value(item_model(kind), "", placeholders, 0)
    data["id"] = obj_id
    placeholders = [p for p in placeholders if p != "id"]
    return data, placeholders


def _model_value(model: type[BaseModel], path: str, todo: list[str], index: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if not info.is_required():
            continue
        where = f"{path}.{name}" if path else name
        out[name] = _value(info.annotation, list(info.metadata), where, todo, index)
    return out


def _constraints(metadata: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for m in metadata:
        for attr in ("ge", "gt", "le", "lt", "min_length", "max_length", "pattern"):
            value = getattr(m, attr, None)
            if value is not None:
                found.setdefault(attr, value)
        found.update(_constraints(list(getattr(m, "metadata", []) or [])))
    return found


def _value(tp: Any, metadata: list[Any], path: str, todo: list[str], index: int) -> Any:
    while typing.get_origin(tp) is typing.Annotated:
        args = typing.get_args(tp)
        tp, metadata = args[0], metadata + list(args[1:])
    c = _constraints(metadata)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Literal:
        return args[index % len(args)]
    if origin in (Union, types.UnionType):
        member = next(a for a in args if a is not type(None))
        return _value(member, metadata, path, todo, index)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _model_value(tp, path, todo, index)
    if origin in (list, tuple, set):
        n = int(c.get("min_length", 0) or 0)
        return [_value(args[0], [], f"{path}.{i}", todo, i) for i in range(n)]
    if origin is dict:
        n = int(c.get("min_length", 0) or 0)
        out: dict[Any, Any] = {}
        for i in range(n):
            key = _value(args[0], [], path, todo, i)
            key = f"{key}-{i + 1}" if isinstance(key, str) and key in out else key
            out[key] = _value(args[1], [], f"{path}.{i}", todo, i)
        return out
    todo.append(path)
    if tp is bool:
        return False
    if tp in (int, float):
        low = c.get("ge", (c["gt"] + 1) if "gt" in c else 0)
        if "le" in c and low > c["le"]:
            low = c["le"]
        return tp(low)
    if tp is str:
        if c.get("pattern") == ID_PATTERN:
            return "todo"
        text = f"TODO {path.rsplit('.', 1)[-1].replace('_', ' ')}"
        text = text.ljust(int(c.get("min_length", 0) or 0), ".")
        text = text[:int(c["max_length"])] if "max_length" in c else text
        return _matching(text, c.get("pattern"), path)
    raise ScaffoldProblem(f"cannot make a placeholder for {path} ({tp!r})")


def _matching(text: str, pattern: str | None, path: str) -> str:
    """The placeholder itself when it matches the field's pattern, else the shortest string
    the pattern describes (a shape row ``^[X.]+$`` gets ``X``, a colour ``^#[0-9a-f]{6}$`` gets
    ``#000000``): a skeleton must stay schema-valid."""
    if pattern is None or re.search(pattern, text):
        return text
    try:
        candidate = _shortest(re_parser.parse(pattern))
    except (re.error, ValueError, KeyError):
        candidate = None
    if candidate is not None and re.search(pattern, candidate):
        return candidate
    raise ScaffoldProblem(f"cannot make a placeholder for {path} matching {pattern!r}")


_CATEGORY = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "a", "CATEGORY_SPACE": " ",
             "CATEGORY_NOT_DIGIT": "a", "CATEGORY_NOT_WORD": "-", "CATEGORY_NOT_SPACE": "a"}


def _shortest(items: Any) -> str:
    """The shortest string a parsed regular expression matches (``ValueError`` for what it
    cannot say: look-arounds, back references, negated sets)."""
    out = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "ANY":
            out.append("a")
        elif name == "IN":
            out.append(_first_in(arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, _high, sub = arg
            out.append(_shortest(sub) * low)
        elif name == "SUBPATTERN":
            out.append(_shortest(arg[-1]))
        elif name == "ATOMIC_GROUP":
            out.append(_shortest(arg))
        elif name == "BRANCH":
            out.append(min((_shortest(b) for b in arg[1]), key=len))
        elif name == "AT":
            continue
        else:
            raise ValueError(name)
    return "".join(out)


def _first_in(members: Any) -> str:
    for op, arg in members:
        name = str(op)
        if name == "LITERAL":
            return chr(arg)
        if name == "RANGE":
            return chr(arg[0])
        if name == "CATEGORY":
            return _CATEGORY[str(arg)]
        raise ValueError(name)  # NEGATE and the like
    raise ValueError("empty set")


# -- cardkit new -------------------------------------------------------------------------------

def new_object(game: str, kind_name: str, obj_id: str, content_dir: Path,
               schemas_dir: Path | None = None, into: str | None = None) -> NewResult:
    """Add a skeleton object to a game's content (see the module docstring)."""
    from ..core.content import item_model
    from ..core.loading import load_game
    from ..core.outputs import write_content_files
    from ..core.validation import validate

    spec = get_game(game)
    names = [k.name for k in spec.kinds]
    kind = next((k for k in spec.kinds if k.name == kind_name), None) or next(
        (k for k in spec.kinds if k.name in (kind_name + "s", kind_name + "es")), None)
    if kind is None:
        raise ScaffoldProblem(f"{game} has no kind {kind_name!r}{did_you_mean(kind_name, names)};"
                              f" kinds: {', '.join(names)}")
    if not ID_RE.match(obj_id) or len(obj_id) > 64:
        slug = "-".join(re.findall(r"[a-z0-9]+", obj_id.casefold()))
        raise ScaffoldProblem(f"{obj_id!r} is not a valid id: {PATTERN_WORDS[ID_PATTERN]}"
                              + (f" (try {slug!r})" if slug else ""))
    if not content_dir.is_dir():
        raise ScaffoldProblem(f"content folder not found: {content_dir}; create one with "
                              f"`cardkit init {content_dir}`")
    folder = content_dir / game
    if folder.is_dir():
        content, _ = load_game(game, content_dir)
        if content.exists(kind.name, obj_id):
            rec = content.index(kind.name).get(obj_id)
            shown = f" in {rec.file}" if rec is not None else ""
            raise ScaffoldProblem(f"{kind.name} {obj_id!r} already exists{shown}; nothing was "
                                  "written")
    rel = into if into is not None else (kind.pattern if "*" not in kind.pattern
                                         else kind.pattern.replace("*", obj_id, 1))
    if not kind.matches(rel):
        raise ScaffoldProblem(f"{rel} is not a {kind.name} file of {game} (those match "
                              f"{kind.pattern!r})")
    path = folder / rel
    obj, todo = skeleton(kind, obj_id)
    _, problems = validate(item_model(kind), obj, str(path))
    if problems:
        raise ScaffoldProblem(f"cannot add {kind.name} {obj_id!r}: {problems[0].message}")
    text, created = _with_object(path, kind, obj, game, content_dir, schemas_dir)
    write_content_files({path: text}, content_dir)
    return NewResult(path, created, todo)


def _with_object(path: Path, kind: FileKind, obj: dict[str, Any], game: str, content_dir: Path,
                 schemas_dir: Path | None) -> tuple[str, bool]:
    """The file's new text: the existing file with ``obj`` appended, or a new file."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.error import YAMLError

    yaml = _rt_yaml()
    item = _commented(obj)
    item.yaml_add_eol_comment(TODO_COMMENT, "id")
    if path.exists():
        try:
            data = yaml.load(path.read_text("utf-8"))
        except (YAMLError, UnicodeDecodeError, OSError) as exc:
            raise ScaffoldProblem(f"{path} does not load ({type(exc).__name__}); fix it first "
                                  "(`cardkit check`); nothing was written") from None
        items = data.get(kind.items) if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise ScaffoldProblem(f"{path} has no `{kind.items}:` list to add to; nothing was "
                                  "written")
        items.append(item)
        buffer = io.StringIO()
        yaml.dump(data, buffer)
        return buffer.getvalue(), False
    data = CommentedMap()
    data[kind.items] = CommentedSeq([item])
    buffer = io.StringIO()
    yaml.dump(data, buffer)
    return _modeline(path, game, content_dir, schemas_dir) + "\n" + buffer.getvalue(), True


def _commented(value: Any) -> Any:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, dict):
        out = CommentedMap()
        for k, v in value.items():
            out[k] = _commented(v)
        return out
    if isinstance(value, list):
        seq = CommentedSeq([_commented(v) for v in value])
        if all(not isinstance(v, (dict, list)) for v in value):
            seq.fa.set_flow_style()
        return seq
    return value


def _rt_yaml() -> Any:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 100
    yaml.preserve_quotes = True
    return yaml


def _modeline(path: Path, game: str, content_dir: Path, schemas_dir: Path | None) -> str:
    from ..core.content import schema_for
    from ..core.modeline import default_schemas_dir, modeline_for

    relpath = path.relative_to(content_dir).as_posix().split("/", 1)[1]
    schema = schema_for(get_game(game), relpath)
    base = schemas_dir if schemas_dir is not None else default_schemas_dir(content_dir, schema)
    return modeline_for(path, base / (schema or ""))


# -- cardkit init ------------------------------------------------------------------------------

def starter_games() -> list[str]:
    """Games that ship a starter content folder for ``cardkit init`` (built-in and plug-in)."""
    return [g for g in (*builtin_ids(), *plugin_ids()) if _starter(g) is not None]


def _starter(game: str) -> Any:
    """``<the game's package>/starter`` when it is a folder holding ``<game>/``, else None."""
    from ..core.registry import module_of

    module = module_of(game)
    if module is None:
        return None
    try:
        root = importlib.resources.files(module) / "starter"
    except (ModuleNotFoundError, TypeError):
        return None
    return root if root.is_dir() and (root / game).is_dir() else None


def init_content(dest: Path, game: str = "terra", schemas_dir: Path | None = None,
                 force: bool = False, declare: str | None = None) -> InitResult:
    """Write a new content folder at ``dest`` holding ``locales/`` and ``game``'s starter;
    with ``declare``, a small game declared as data called ``declare`` instead (its
    ``game.yaml``, two kinds, a deck and its templates). The schemas go into
    ``dest/.schemas`` unless ``schemas_dir`` names another folder (see the module docstring)."""
    if declare is not None:
        return _init_declared(dest, declare, schemas_dir, force)
    spec = get_game(game)
    if game not in starter_games():
        raise ScaffoldProblem(f"{game} has no starter content; games with one: "
                              f"{', '.join(starter_games())}")
    return _init(dest, spec, dict(_walk(_starter(game))), schemas_dir, force)


def _init_declared(dest: Path, name: str, schemas_dir: Path | None,
                   force: bool) -> InitResult:
    if not ID_RE.match(name):
        raise ScaffoldProblem(f"--declare {name!r}: a game id is lower-case letters and digits, "
                              "words joined by single hyphens (e.g. `lantern-road`)")
    if name in builtin_ids() or name in plugin_ids():
        raise ScaffoldProblem(f"--declare {name!r}: a built-in or plug-in game has this id")
    factory = declared_factory()
    root, starter = factory.STARTER, factory.STARTER_GAME
    spec = factory.declared_game(name, Path(str(root / starter)))
    files: dict[str, str] = {}
    for relpath, text in _walk(root):
        top, _, rest = relpath.partition("/")
        if top == "locales":
            files[relpath] = text
            continue
        if rest == "game.yaml":
            text = text.replace(f"id: {starter}", f"id: {name}", 1)
        files[f"{name}/{rest}"] = text
    return _init(dest, spec, files, schemas_dir, force)


def _init(dest: Path, spec: Any, files: dict[str, str], schemas_dir: Path | None,
          force: bool) -> InitResult:
    """Write ``files`` (relative to ``dest``) with their modelines, and the schemas, as one
    folder output, all or nothing (in place: ``cardkit init .`` works)."""
    from ..core.content import schema_for
    from ..core.modeline import INSIDE, modeline_for
    from ..core.outdir import MANIFEST, FolderOutput, remove_listed
    from ..core.outputs import write_content_files
    from ..core.registry import use_content
    from .schemas import plan_schema_files

    base = (dest / INSIDE if schemas_dir is None else schemas_dir).resolve()
    inside = base == dest.resolve() or dest.resolve() in base.parents
    at = base.relative_to(dest.resolve()).as_posix() + "/" if inside else None
    folder = FolderOutput(dest, "init", "the new content folder", force=force,
                          in_place=True, option="DIR",
                          content=lambda rel: not (at is not None and rel.startswith(at)))
    found = folder.check()
    texts: dict[str, str] = {}
    for rel, text in sorted(files.items()):
        top, _, rest = rel.partition("/")
        want = "locales.schema.json" if top == "locales" else schema_for(spec, rest) or ""
        texts[rel] = modeline_for(dest / rel, base / want) + "\n" + text
    schemas = _schemas_of(spec, files)
    if inside:  # the folder carries its schemas: it works wherever it is moved
        texts.update({f"{at}{rel.as_posix()}": text for rel, text in schemas.items()})
    outside = None if inside else plan_schema_files(  # refused before anything is written
        base, schemas, force=force, content_roots=(dest,))
    data = {rel: text.encode("utf-8") for rel, text in texts.items()}
    data[MANIFEST] = folder.manifest(data)
    dest.mkdir(parents=True, exist_ok=True)
    write_content_files({dest / rel: raw for rel, raw in data.items()}, dest)
    remove_listed(dest, [rel for rel in found.listed if rel not in data], keep_root=True)
    result = InitResult(dest, spec.id, [dest / rel for rel in sorted(files)])
    if inside:
        result.schemas = [dest / rel for rel in sorted(texts) if rel not in files]
    elif outside is not None:
        outside.commit()
        result.schemas = [base / rel for rel in sorted(schemas)]
    result.schemas_dir = (dest / base.relative_to(dest.resolve()) if inside else schemas_dir) \
        if result.schemas else None
    use_content(dest)
    return result


def _schemas_of(spec: Any, files: dict[str, str]) -> dict[Path, str]:
    """The schema files of ``spec``'s game and the shared ones. A game being declared is not
    registered yet: its ``game.yaml`` is shown to the registry from a scratch folder."""
    import tempfile

    from ..core.registry import DECLARATION, use_content
    from .schemas import expected_schemas

    if spec.id in builtin_ids() or spec.id in plugin_ids():
        return expected_schemas((spec.id,))
    with tempfile.TemporaryDirectory(prefix="cardkit-init-") as scratch:
        folder = Path(scratch) / spec.id
        folder.mkdir()
        (folder / DECLARATION).write_text(files[f"{spec.id}/{DECLARATION}"], "utf-8")
        use_content(Path(scratch))
        return expected_schemas((spec.id,))


def _walk(root: Any, prefix: str = "") -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for entry in root.iterdir():
        rel = f"{prefix}{entry.name}"
        if entry.is_dir():
            out += _walk(entry, rel + "/")
        elif entry.name.endswith((".yaml", ".yml")):
            out.append((rel, entry.read_text("utf-8")))
    return out
