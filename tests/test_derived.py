"""Derivations kept on disk: two asking for one at the same time derive it once, the second waiting for the first."""

from __future__ import annotations

import threading
from pathlib import Path

from pnp import derived


def test_a_derivation_asked_for_twice_at_once_is_derived_once(tmp_path, monkeypatch):
    """The second asker finds nothing kept, waits on the lock beside the file while the first derives, then reads
    what the first wrote. (Two threads open the lock file apart, so they lock each other out as two processes do.)"""
    calls: list[int] = []
    deriving, missed = threading.Event(), threading.Event()

    @derived.kept("test-once")
    def double(n: int) -> int:
        calls.append(n)
        deriving.set()
        assert missed.wait(10)  # the second asker has looked, found nothing kept, and goes for the lock
        return 2 * n

    read = derived._read

    def reading(path: Path) -> object:
        found = read(path)
        if threading.current_thread().name == "second" and found is derived._MISSING:
            missed.set()
        return found

    monkeypatch.setattr(derived, "_read", reading)
    results: dict[str, int] = {}

    def ask(name: str) -> None:
        results[name] = double(21)

    with derived.using(tmp_path):
        first = threading.Thread(target=ask, args=("first",), name="first")
        first.start()
        assert deriving.wait(10)
        second = threading.Thread(target=ask, args=("second",), name="second")
        second.start()
        first.join(10)
        second.join(10)
    assert results == {"first": 42, "second": 42}
    assert calls == [21]
    assert [p.suffix for p in sorted(tmp_path.iterdir())] == [".lock", ".pickle"]


def test_a_folder_that_cannot_be_written_still_derives(tmp_path):
    """No lock and no file where the folder cannot be made: the value is derived each time, never wrong."""
    blocked = tmp_path / "file"
    blocked.write_text("")

    @derived.kept("test-unwritable")
    def square(n: int) -> int:
        return n * n

    with derived.using(blocked / "derived"):
        assert square(7) == 49


def test_a_new_version_of_the_code_removes_what_the_old_one_kept(tmp_path, monkeypatch):
    """What another version kept, under any name (one this version no longer uses too), is removed when this version
    keeps its own; this version's derivations for other arguments stay."""
    @derived.kept("test-versions")
    def triple(n: int) -> int:
        return 3 * n

    @derived.kept("test-other")
    def half(n: int) -> float:
        return n / 2

    (tmp_path / f"test-versions-{'c' * 32}.pickle").write_bytes(b"")  # the older naming, without the version
    with derived.using(tmp_path):
        monkeypatch.setattr(derived, "code_version", lambda: "a" * 32)
        assert (triple(1), triple(2), half(4)) == (3, 6, 2.0)
        monkeypatch.setattr(derived, "code_version", lambda: "b" * 32)
        assert (triple(3), triple(4)) == (9, 12)
    names = sorted(p.name.rsplit(".", 2)[0] for p in tmp_path.glob("*.pickle"))
    assert names == ["test-versions.bbbbbbbbbbbb", "test-versions.bbbbbbbbbbbb"]
    assert sorted(p.name.split(".")[1] for p in tmp_path.glob("*.lock")) == ["bbbbbbbbbbbb"] * 2


def test_a_growing_derivation_only_grows_in_its_one_file(tmp_path):
    """Asked for less than is kept, it reads it; asked for more, it grows what is kept, in place; without a folder
    it derives each time."""
    grew: list[tuple[int, ...] | None] = []

    def squares(n: int) -> tuple[int, ...]:
        def grow(kept: tuple[int, ...] | None) -> tuple[int, ...]:
            grew.append(kept)
            start = kept or ()
            return start + tuple(k * k for k in range(len(start), n))
        return derived.grown("test-grown", ("squares",), lambda kept: len(kept) >= n, grow)

    with derived.using(tmp_path):
        assert (squares(3), squares(2), squares(5), squares(4)) == ((0, 1, 4), (0, 1, 4), (0, 1, 4, 9, 16),
                                                                    (0, 1, 4, 9, 16))
    assert grew == [None, (0, 1, 4)]
    assert [p.suffix for p in sorted(tmp_path.iterdir())] == [".lock", ".pickle"]
    with derived.using(None):
        assert squares(2) == (0, 1)
    assert grew[2:] == [None]


def test_a_growing_derivation_asked_for_twice_at_once_grows_once(tmp_path, monkeypatch):
    """The second asker finds too little kept, waits on the lock while the first grows it, then reads it."""
    grew: list[int] = []
    growing, missed = threading.Event(), threading.Event()

    def grow(kept: int | None) -> int:
        grew.append(kept or 0)
        growing.set()
        assert missed.wait(10)
        return 10

    read = derived._read

    def reading(path: Path) -> object:
        found = read(path)
        if threading.current_thread().name == "second":
            missed.set()
        return found

    monkeypatch.setattr(derived, "_read", reading)
    results: dict[str, int] = {}

    def ask(name: str) -> None:
        results[name] = derived.grown("test-grown-once", (), lambda kept: kept >= 10, grow)

    with derived.using(tmp_path):
        first = threading.Thread(target=ask, args=("first",), name="first")
        first.start()
        assert growing.wait(10)
        second = threading.Thread(target=ask, args=("second",), name="second")
        second.start()
        first.join(10)
        second.join(10)
    assert results == {"first": 10, "second": 10}
    assert grew == [0]
