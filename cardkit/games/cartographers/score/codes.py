"""The codes of Cartographers score sheets (``cardkit score cartographers``): ``CAR101``–``CAR108``.

File and YAML problems of a sheet keep the loader's codes (``YML…``) and wrong types or unknown
fields the schema codes (``SCH…``), exactly as for content files; these codes say what is wrong
with a sheet as a map. Spaces are written ``[row, column]``, counted from 0 as in ``ruins:``.
"""

from __future__ import annotations

from inspect import cleandoc

from ....core.diagnostics import CodeInfo, Severity

E = Severity.ERROR

SHEET_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("CAR101", E, "score sheet grid without 11 rows", cleandoc("""
        A sheet's `grid` is the whole map: 11 strings, one per row, top row first. A missing
        or extra row would shift every space below it.

        Bad:
            grid:
              - "..........."
              - "...M.R....."
              # ... 8 more rows: 10 in all

        Good:
            grid:
              - "..........."
              - "...M.R....."
              # ... 9 more rows: 11 in all
        """)),
    CodeInfo("CAR102", E, "score sheet row without 11 characters", cleandoc("""
        Every row of the grid has 11 characters, one per column, `.` for an empty space.

        Bad:
            grid:
              - "...M.R...."

        Good:
            grid:
              - "...M.R....."
        """)),
    CodeInfo("CAR103", E, "unknown character in a score sheet grid", cleandoc("""
        A grid row may hold only the legend: `.` empty, `R` empty ruins space, `F` forest,
        `V` village, `P` farm, `W` water, `X` monster, `M` mountain, `#` wasteland. The error
        points at the first other character of the row.

        Bad:
            grid:
              - "FF.G......."

        Good:
            grid:
              - "FF.F......."
        """)),
    CodeInfo("CAR104", E, "ruins entry off the map", cleandoc("""
        A `ruins:` entry is a space `[row, column]`; rows and columns run from 0 to 10.

        Bad:
            ruins: [[1, 11]]

        Good:
            ruins: [[1, 10]]
        """)),
    CodeInfo("CAR105", E, "score sheet does not agree with its map side", cleandoc("""
        With `map: A` or `map: B`, the grid shows that side's mountains (`M`) and wastelands
        (`#`) where the side has them and nowhere else, and each of its ruins spaces as `R`
        or as the terrain drawn on it; `R` cells and `ruins:` entries are the side's ruins
        spaces. (Map A has a mountain at [1, 3] and a ruins space at [1, 5].)

        Bad:
            map: A
            grid:
              - "..........."
              - "....M......"

        Good:
            map: A
            grid:
              - "..........."
              - "...M.R....."
        """)),
    CodeInfo("CAR106", E, "ruins space under a mountain or a wasteland", cleandoc("""
        A ruins space is a space something can be drawn on; no mountain or wasteland covers
        one, so a `ruins:` entry cannot name an `M` or `#` space.

        Bad:
            grid:
              - "..........."
              - "...M.F....."
            ruins: [[1, 3]]

        Good:
            grid:
              - "..........."
              - "...M.F....."
            ruins: [[1, 5]]
        """)),
    CodeInfo("CAR107", E, "more coins than the coin track holds", cleandoc("""
        Coins from shapes (`coins:`) and the mountain coins (one per mountain with all four
        sides filled, counted from the grid) together fill the coin track; they cannot be
        more than its spaces (`coin_track` in `sheet.yaml`, 14).

        Bad:
            coins: 15

        Good:
            coins: 5
        """)),
    CodeInfo("CAR108", E, "score sheet without its map side", cleandoc("""
        A sheet names the side of the map sheet it was drawn on, `map: A` (Wilderness) or
        `map: B` (Wastelands). The side's ruins spaces count for the cards that score ruins
        even where a terrain now covers them, and the grid cannot show those: without the
        side, such a sheet would be scored too low. The error is at the sheet's first line.

        Bad:
            grid:
              - "FF........."

        Good:
            map: A
            grid:
              - "FF........."
        """)),
)
"""Documentation of every sheet code, listed by ``cardkit codes``."""
