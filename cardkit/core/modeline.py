"""The schema modeline of content files: where it should point, and whether it does.

Every content file starts with ``# yaml-language-server: $schema=<relative path>`` naming the JSON
Schema of its kind. The path is relative to the file, so it only works when it resolves to a real
schema file. By default that is the content folder's own ``.schemas/`` when it has
one (``cardkit init`` writes it, so the folder can be moved as a whole), else the ``schemas/``
folder beside the content folder
(``<content>/../schemas``, the layout of a cardkit project), whatever the working directory is;
when there is no such folder, cardkit's own generated schemas are used if they are installed
next to the package, and otherwise the conventional ``<content>/../schemas`` (run
``cardkit schema --out`` there). ``cardkit fmt --schemas DIR`` overrides the default.
"""

from __future__ import annotations

import os
from pathlib import Path

from . import outside

PREFIX = "# yaml-language-server: $schema="
#: cardkit's own generated schemas (present in a source checkout and an editable install).
OWN_SCHEMAS = Path(__file__).resolve().parent.parent.parent / "schemas"
#: The schema folder a content folder may carry inside itself (``cardkit init`` writes it;
#: content discovery ignores hidden folders).
INSIDE = ".schemas"


def default_schemas_dir(content_dir: Path, want: str | None = None) -> Path:
    """The schema folder modelines of ``content_dir`` point to when none is given.

    ``want``: the schema a file needs (``lantern-road/cards.schema.json``), or a game's folder
    of them (``lantern-road``). cardkit's own schemas serve only what they hold — never a
    declared or plug-in game's, which ``cardkit schema`` writes beside the content — so a
    modeline never points at a file that cannot exist. A content folder's own ``.schemas/``
    comes first, whatever it holds (``cardkit schema -o <content>/.schemas`` fills it)."""
    inside = content_dir.resolve() / INSIDE
    beside = content_dir.resolve().parent / "schemas"
    own = OWN_SCHEMAS if want is None else OWN_SCHEMAS / want
    for path in (inside, beside, OWN_SCHEMAS, own):  # a cached verdict is kept only while
        outside.note(path)  # these folders are as they were (see .outside)
    if inside.is_dir():
        return inside
    if beside.is_dir():
        return beside
    if OWN_SCHEMAS.is_dir() and own.exists():
        return OWN_SCHEMAS
    return beside


def modeline_for(path: Path, schema: Path) -> str:
    """The modeline naming ``schema`` relative to the file at ``path``."""
    rel = os.path.relpath(schema.resolve(), path.resolve().parent)
    return f"{PREFIX}{Path(rel).as_posix()}"


def content_dir_of(path: Path, relpath: str) -> Path:
    """The content folder of a file at ``path`` that is ``relpath`` inside its game folder."""
    root = path
    for _ in Path(relpath).parts:
        root = root.parent
    return root.parent


def modeline_problem(path: Path, found: str, want: str) -> str | None:
    """Why the modeline path ``found`` of the file at ``path`` is not the schema ``want``.

    ``None`` when it names a file called like the schema of the file's kind (``want``, relative
    to a schemas folder) and that file exists.
    """
    if not (found == want or found.endswith("/" + want)):
        return f"it names another schema than {want!r}"
    if found.startswith(("http://", "https://")):
        return None
    target = path.parent / found
    outside.note(target)
    try:
        if target.is_file():
            return None
    except OSError:
        pass
    return "that path does not lead to a file from this file's folder"
