"""Trains' simulation statistics: game length in turns per player (not actions), rounds, end
reasons, route bonus cards taken, kingdom cards bought per game.

Everything comes from the rows' ``details()`` (see :meth:`.state.TrainsState.details`): ``turns``
(completed turns per seat), ``rounds``, ``rails`` and ``stations``, ``routes`` (route bonus cards
taken per seat), ``kingdom`` and ``kingdom_owned`` (kingdom cards each seat ends with: start
decks hold none, so these were bought or gained), ``setup``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ...core.content import GameContent
from ...sim.runner import GameRow
from ...sim.stats import quantiles

#: How a game of Trains ends (``turn cap``: the runner stopped it).
END_REASONS = ("piles", "rails", "stations")


def turns_per_player(rows: list[GameRow]) -> list[float]:
    """Every seat's completed turns in every game (rows without ``details["turns"]`` skipped)."""
    return [float(t) for r in rows for t in (r.details or {}).get("turns", [])]


def extras(rows: list[GameRow], content: GameContent) -> dict[str, Any]:
    """Trains aggregates of a run.

    - ``turns``: turns per player (every seat of every game: mean and quantiles), per seat
      index, and rounds per game;
    - ``end_reasons``: games per end reason (``piles``, ``rails``, ``stations``, ``turn cap``);
    - ``rails`` / ``stations``: rails per player and stations placed per game at the end;
    - ``routes``: route bonus cards taken per game (mean), and per card how often;
    - ``kingdom``: kingdom cards owned at the end per game and per player, and per card the
      games it was in the supply and the copies per game it was in;
    - ``piles``: supply piles (Waste aside) empty at the end — games by how many, and per card
      how often its pile ran out — and the cards taken from the piles per game against the
      fewest that could end a game by piles (``end_needs``: the smallest piles added up), so a
      run shows how near the piles came to ending a game.
    """
    seat_turns: dict[int, list[float]] = defaultdict(list)
    rounds: list[float] = []
    rails: list[float] = []
    stations: list[float] = []
    reasons: dict[str, int] = defaultdict(int)
    routes_taken: dict[str, int] = defaultdict(int)
    routes_per_game: list[float] = []
    in_supply: dict[str, int] = defaultdict(int)
    copies: dict[str, int] = defaultdict(int)
    kingdom_per_player: list[float] = []
    kingdom_per_game: list[float] = []
    games = 0
    empty_count: dict[int, int] = defaultdict(int)
    emptied: dict[str, int] = defaultdict(int)
    taken_per_game: list[float] = []
    end_needs: list[float] = []
    for row in rows:
        d = row.details or {}
        reasons[row.end_reason] += 1
        if "turns" not in d:
            continue
        games += 1
        for s, t in enumerate(d["turns"]):
            seat_turns[s].append(float(t))
        rounds.append(float(d.get("rounds", 0)))
        if "empty_piles" in d:
            empty_count[len(d["empty_piles"])] += 1
            for c in d["empty_piles"]:
                emptied[c] += 1
        if "supply_taken" in d:
            taken_per_game.append(float(d["supply_taken"]))
            end_needs.append(float(d["piles_end_needs"]))
        rails.extend(float(x) for x in d.get("rails", []))
        stations.append(float(d.get("stations", 0)))
        taken = [b for seat in d.get("routes", []) for b in seat]
        routes_per_game.append(float(len(taken)))
        for b in taken:
            routes_taken[b] += 1
        for c in d.get("kingdom", []):
            in_supply[c] += 1
        owned_all = d.get("kingdom_owned", [])
        kingdom_per_game.append(float(sum(sum(o.values()) for o in owned_all)))
        for owned in owned_all:
            kingdom_per_player.append(float(sum(owned.values())))
            for c, n in owned.items():
                copies[c] += n
    every = [t for s in sorted(seat_turns) for t in seat_turns[s]]
    cards = {c: {"games": in_supply[c], "copies_per_game": round(copies[c] / in_supply[c], 3)}
             for c in sorted(in_supply)}
    return {
        "turns": {"per_player": quantiles(every),
                  "per_seat": {str(s): quantiles(v) for s, v in sorted(seat_turns.items())},
                  "rounds": quantiles(rounds)},
        # every way a game of Trains ends is listed, the ones no game took with 0
        "end_reasons": dict(sorted({**dict.fromkeys(END_REASONS, 0), **reasons}.items())),
        "rails": quantiles(rails),
        "stations": quantiles(stations),
        "routes": {"per_game": round(sum(routes_per_game) / games, 3) if games else 0.0,
                   "taken": dict(sorted(routes_taken.items()))},
        "kingdom": {"per_game": quantiles(kingdom_per_game),
                    "per_player": quantiles(kingdom_per_player), "cards": cards},
        "piles": {"games_by_empty": {str(n): v for n, v in sorted(empty_count.items())},
                  "emptied": dict(sorted(emptied.items(), key=lambda kv: (-kv[1], kv[0]))),
                  "taken_per_game": quantiles(taken_per_game),
                  "end_needs": min(end_needs) if end_needs else 0.0},
    }


def extras_text(extras: dict[str, Any]) -> list[str]:
    """The lines ``cardkit simulate trains`` prints for these statistics."""
    lines = []
    t = extras.get("turns", {})
    per = t.get("per_player", {})
    if per:
        seats = ", ".join(f"seat {s} {v['mean']:.1f}" for s, v in t.get("per_seat", {}).items()
                          if v)
        lines.append(f"turns per player: mean {per['mean']:.1f}, median {per['p50']:g}, "
                     f"10-90% {per['p10']:g}-{per['p90']:g} (range {per['min']:g}-"
                     f"{per['max']:g}); per seat: {seats}; rounds mean "
                     f"{t.get('rounds', {}).get('mean', 0):.1f}")
    ends = extras.get("end_reasons", {})
    if ends:
        total = sum(ends.values())
        lines.append("end reasons: " + ", ".join(
            f"{k} {v} ({100 * v / total:.0f}%)" for k, v in ends.items()))
    rails, stations = extras.get("rails", {}), extras.get("stations", {})
    if rails and stations:
        lines.append(f"at the end: rails per player mean {rails['mean']:.1f}, stations placed "
                     f"mean {stations['mean']:.1f}")
    k = extras.get("kingdom", {})
    if k.get("per_player"):
        top = sorted(((d["copies_per_game"], c) for c, d in k.get("cards", {}).items()
                      if d["games"]), reverse=True)[:5]
        lines.append(f"kingdom cards bought per game: mean {k['per_game']['mean']:.1f} "
                     f"({k['per_player']['mean']:.1f} per player); most bought (copies per game "
                     "in the supply): " + ", ".join(f"{c} {n:.1f}" for n, c in top))
    piles = extras.get("piles", {})
    if piles.get("games_by_empty"):
        by = piles["games_by_empty"]
        often = list(piles.get("emptied", {}).items())[:4]
        lines.append("empty piles at the end (games): " + ", ".join(
            f"{n}: {v}" for n, v in by.items()) + (
            "; ran out most: " + ", ".join(f"{c} {v}" for c, v in often) if often else ""))
    taken = piles.get("taken_per_game") or {}
    if taken:
        lines.append(f"cards taken from the supply piles per game: mean {taken['mean']:.1f}, "
                     f"most {taken['max']:g}; ending by piles takes at least "
                     f"{piles.get('end_needs', 0):g} (the smallest piles emptied)")
    routes = extras.get("routes", {})
    if routes.get("taken"):
        lines.append(f"route bonus cards taken per game: {routes['per_game']:.2f} ("
                     + ", ".join(f"{b} {n}" for b, n in routes["taken"].items()) + ")")
    return lines
