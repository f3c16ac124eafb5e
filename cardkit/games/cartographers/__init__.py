"""Cartographers (Jordy Adan; Thunderworks Games 2019): polyomino shapes drawn on an 11×11 map.

This package holds, for now, only the pure spatial core: :mod:`.board` (the map as one bitmask
per terrain), :mod:`.shapes` (polyominoes, orientations, placement masks) and :mod:`.scoring`
(the 16 scoring rules, mountain coins and the monster penalty). The game is not registered yet.
"""
