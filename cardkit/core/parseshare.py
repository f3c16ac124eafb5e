"""Parsing a large content folder on more than one CPU: the same results, sooner.

A cold check of a large content folder spends a fifth of its time parsing YAML, file after
file, on one core. :func:`parse_ahead` deals the files, by size, to this process and to forked
workers (they inherit everything; nothing is pickled but each file's parsed data, as
``marshal`` bytes — plain data, which cannot run code when read); every process parses its
files through the same parse function (the parse cache included), and the results wait in this
process for the loading, which takes them in its own order. A file whose data ``marshal``
cannot hold (a YAML timestamp) is parsed here again; a worker that fails leaves its files to
this process. Below :data:`MIN_BYTES` of YAML, or without ``fork``, nothing is shared: the
parse function is returned as it is.
"""

from __future__ import annotations

import marshal
import multiprocessing
from collections.abc import Callable
from typing import Any

from .diagnostics import Diagnostic
from .discovery import SourceFile
from .loader import LoadResult
from .workers import available_cpus, in_shares

#: Below this many bytes of YAML the files are parsed in this process (a fork and the transfer
#: of the data cost more than a second core saves).
MIN_BYTES = 4_000_000
#: At most this many processes.
MAX_WORKERS = 4

Parse = Callable[[SourceFile], LoadResult]


def share_count(total_bytes: int) -> int:
    """How many processes parse ``total_bytes`` of YAML: the CPUs this process may use (at most
    :data:`MAX_WORKERS`) from :data:`MIN_BYTES` on, else 1; always 1 without ``fork``."""
    if total_bytes < MIN_BYTES or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return max(1, min(available_cpus(), MAX_WORKERS))


def deal(files: list[SourceFile], n: int) -> list[list[SourceFile]]:
    """The files in ``n`` shares of about the same size (the biggest first, each to the
    lightest share so far); share 0 is this process's."""
    shares: list[list[SourceFile]] = [[] for _ in range(n)]
    sizes = [0] * n
    for source in sorted(files, key=lambda s: (-len(s.raw), s.display)):
        k = sizes.index(min(sizes))
        shares[k].append(source)
        sizes[k] += len(source.raw)
    return shares


def parse_ahead(files: list[SourceFile], parse: Parse) -> Parse:
    """``parse``, with ``files`` already parsed on :func:`share_count` processes: a parse
    function that answers those files from the results (each once: the loading asks once)
    and any other file as ``parse`` does."""
    readable = [s for s in files if s.problem is None]
    n = share_count(sum(len(s.raw) for s in readable))
    if n == 1:
        return parse
    ready: dict[int, LoadResult] = {}
    for source, result in _parse_shared(deal(readable, n), parse):
        ready[id(source)] = result

    def answer(source: SourceFile) -> LoadResult:
        found = ready.pop(id(source), None)
        return found if found is not None else parse(source)

    return answer


def _parse_shared(shares: list[list[SourceFile]], parse: Parse
                  ) -> list[tuple[SourceFile, LoadResult]]:
    def share(k: int) -> list[Any]:
        """Share ``k`` parsed: here, the results; in a forked worker, each file's as
        ``marshal`` bytes (``None`` when marshal cannot hold its data)."""
        return [parse(s) for s in shares[0]] if k == 0 else [_packed(parse(s))
                                                             for s in shares[k]]

    out: list[tuple[SourceFile, LoadResult]] = []
    for k, got in enumerate(in_shares(len(shares), share)):
        if isinstance(got, BaseException):  # a worker that failed: its files are parsed here
            got = [None] * len(shares[k])
        for source, result in zip(shares[k], got, strict=True):
            if k == 0:
                out.append((source, result))
            else:
                out.append((source, _unpack(source, result) if result is not None
                            else parse(source)))
    return out


def _packed(result: LoadResult) -> bytes | None:
    try:
        return marshal.dumps((result.data, [d.to_dict() for d in result.diagnostics]))
    except ValueError:
        return None


def _unpack(source: SourceFile, packed: bytes) -> LoadResult:
    data, found = marshal.loads(packed)
    return LoadResult(data, [Diagnostic.from_dict({**d, "file": source.display}) for d in found])
