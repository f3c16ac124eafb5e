"""The digests of an output's files remembered between commands
(:func:`cardkit.core.manifest.remembered_digests`): a rebuild surveys the previous site without
reading its unchanged files, and a file changed since is read again (its mtime or size differ),
as git's index does; a broken memo is no memo."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardkit.core import manifest
from cardkit.core.manifest import MANIFEST, Manifest, Origin, digest_of, remembered_digests
from cardkit.core.outdir import survey

PAST = 1_600_000_000_000_000_000  # ns: a settled file (not modified within the last 2 s)


@pytest.fixture(autouse=True)
def new_process() -> Iterator[None]:
    """Each test starts, and each :func:`_again` continues, as a new process would: nothing
    remembered in memory."""
    saved = dict(manifest._DIGESTS)
    manifest._DIGESTS.clear()
    yield
    manifest._DIGESTS.clear()
    manifest._DIGESTS.update(saved)


def _again() -> None:
    manifest._DIGESTS.clear()


def _file(path: Path, data: bytes, mtime_ns: int = PAST) -> Path:
    path.write_bytes(data)
    os.utime(path, ns=(mtime_ns, mtime_ns))
    return path


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_a_remembered_file_is_not_read_again_and_a_changed_one_is(tmp_path: Path) -> None:
    memo = tmp_path / "cache" / "digests.json"
    page = _file(tmp_path / "page.html", b"<p>one</p>")
    with remembered_digests(memo):
        assert digest_of(page) == _sha(b"<p>one</p>")
    assert memo.is_file()
    _again()
    # same inode, size and mtime: the memo answers without reading (the bytes differ here on
    # purpose, to show that the file is not read: the trust git's index places in a stat)
    _file(page, b"<p>two</p>")
    with remembered_digests(memo):
        assert digest_of(page) == _sha(b"<p>one</p>")
    _again()
    _file(page, b"<p>two</p>", PAST + 1)  # an edit moves the mtime: read again
    with remembered_digests(memo):
        assert digest_of(page) == _sha(b"<p>two</p>")
    _again()
    _file(page, b"<p>three</p>")  # or the size
    with remembered_digests(memo):
        assert digest_of(page) == _sha(b"<p>three</p>")


def test_without_the_memo_every_command_reads_the_files(tmp_path: Path) -> None:
    """The failing fixture of the test above: no memo, nothing known in a new process."""
    page = _file(tmp_path / "page.html", b"<p>one</p>")
    with remembered_digests(None):
        digest_of(page)
    _again()
    _file(page, b"<p>two</p>")
    with remembered_digests(None):
        assert digest_of(page) == _sha(b"<p>two</p>")


def test_a_file_edited_in_the_previous_output_is_found_by_a_later_command(tmp_path: Path
                                                                         ) -> None:
    site, memo = tmp_path / "site", tmp_path / "cache" / "digests.json"
    site.mkdir()
    files = {name: _file(site / name, data) for name, data in
             (("index.html", b"<h1>cards</h1>"), ("a.png", b"\x89PNG..."))}
    record = Manifest({n: digest_of(p) for n, p in files.items()}, {}, Origin("site"))
    (site / MANIFEST).write_bytes(record.to_bytes())
    with remembered_digests(memo):
        assert survey(site).changed == []
    _again()
    files["index.html"].write_bytes(b"<h1>mine</h1>")  # a user's edit, same size
    with remembered_digests(memo):
        assert survey(site).changed == ["index.html"]


def test_a_file_modified_just_now_is_not_remembered(tmp_path: Path) -> None:
    """A rewrite within the clock's granularity could keep its mtime: such a file is always
    read (the memo lists only settled files)."""
    memo = tmp_path / "digests.json"
    fresh = tmp_path / "fresh.html"
    fresh.write_bytes(b"new")
    settled = _file(tmp_path / "settled.html", b"old")
    with remembered_digests(memo):
        digest_of(fresh)
        digest_of(settled)
    rows = json.loads(memo.read_text("utf-8"))["files"]
    assert [row[4] for row in rows] == [_sha(b"old")]


@pytest.mark.parametrize("memo_bytes", [
    b"\x00\xffgarbage", b"[]", b'{"version": 99, "files": []}', b'{"version": 1, "files": 3}',
    b'{"version": 1, "files": [[1, 2, 3, 4]]}',
    b'{"version": 1, "files": [["1", 2, 3, 4, "' + b"a" * 64 + b'"]]}',
    b'{"version": 1, "files": [[1, 2, 3, 4, "not hex"]]}',
    b'{"version": 1, "files": [[1, 2, 3, true, "' + b"a" * 64 + b'"]]}',
])
def test_a_broken_memo_is_no_memo(tmp_path: Path, memo_bytes: bytes) -> None:
    memo = tmp_path / "digests.json"
    memo.write_bytes(memo_bytes)
    page = _file(tmp_path / "page.html", b"<p>one</p>")
    with remembered_digests(memo):
        assert digest_of(page) == _sha(b"<p>one</p>")
    assert json.loads(memo.read_text("utf-8"))["version"] == 1  # replaced by a good one


def test_a_memo_that_cannot_be_written_is_not_kept(tmp_path: Path) -> None:
    memo = tmp_path / "digests.json"
    memo.mkdir()  # a folder where the memo would go
    page = _file(tmp_path / "page.html", b"<p>one</p>")
    with remembered_digests(memo):
        assert digest_of(page) == _sha(b"<p>one</p>")
    assert memo.is_dir()
