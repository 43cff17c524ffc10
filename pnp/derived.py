"""Engine derivations (worked examples, odds, exact solutions) kept on disk by a hash of the rules they come from:
derived once per rules, whichever process asks (the build, its workers, the command line), and once only when two
ask at the same time (the second waits for the first)."""

from __future__ import annotations

import dataclasses
import enum
import fcntl
import functools
import hashlib
import json
import pickle
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from .output import atomic_write_bytes
from .stamps import code_version

FOLDER = ".pnp-cache/derived"
"""Inside the project folder (ignored by git): one file per derivation and rules. Not in the output folder, which a
failed build leaves as it was."""

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

_folder: Path | None = None


def use(folder: Path | None) -> None:
    """Keep derivations in `folder` from now on in this process (None: in memory only)."""
    global _folder
    _folder = folder


@contextmanager
def using(folder: Path | None) -> Iterator[None]:
    """Keep derivations in `folder` while inside (a build), then as before."""
    global _folder
    before, _folder = _folder, folder
    try:
        yield
    finally:
        _folder = before


def canonical(value: Any) -> Any:
    """A value as plain JSON data, the same in every process (sets sorted, dataclasses by field), for hashing."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return [type(value).__qualname__, fields]
    if isinstance(value, enum.Enum):
        return [type(value).__qualname__, canonical(value.value)]
    if isinstance(value, (set, frozenset)):
        return ["set", sorted((canonical(v) for v in value), key=json.dumps)]
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return ["dict", sorted(([canonical(k), canonical(v)] for k, v in value.items()), key=json.dumps)]
    if isinstance(value, Fraction):
        return ["fraction", str(value)]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot key a derivation by a {type(value).__name__}")


def kept(name: str) -> Callable[[F], F]:
    """Keep what `fn(*args)` derives on disk (when a folder is in use), keyed by `name`, the code and the args."""
    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def derive(*args: Any) -> Any:
            return grown(name, args, lambda _: True, lambda _: fn(*args))  # anything kept is the whole value
        return derive  # type: ignore[return-value]
    return wrap


def grown(name: str, args: tuple[Any, ...], enough: Callable[[T], bool], grow: Callable[[T | None], T]) -> T:
    """A derivation that grows, kept on disk (when a folder is in use) by `name`, the code and `args`, in one file
    replaced by each larger value: what is kept when `enough(kept)`, else `grow(kept)` (None: nothing kept yet),
    kept in its place. A second process asking while the first derives waits for it, then reads what it wrote."""
    folder = _folder
    if folder is None:
        return grow(None)
    path = _path(folder, name, args)
    found = _read(path)
    if found is not _MISSING and enough(found):
        return found  # type: ignore[no-any-return]
    with _lock(path.with_suffix(".lock")):  # another process deriving it: wait, then read it
        found = _read(path)
        if found is not _MISSING and enough(found):
            return found  # type: ignore[no-any-return]
        value = grow(None if found is _MISSING else found)
        _keep(folder, name, path, value)
    return value


def _path(folder: Path, name: str, args: tuple[Any, ...]) -> Path:
    version = code_version()
    digest = hashlib.sha256(json.dumps([name, version, canonical(args)]).encode()).hexdigest()[:32]
    return folder / f"{name}.{version[:12]}.{digest}.pickle"


def _keep(folder: Path, name: str, path: Path, value: Any) -> None:
    try:
        atomic_write_bytes(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, pickle.PicklingError, AttributeError, TypeError):
        pass  # a cache that cannot be written only costs time
    _prune(folder, name, path.name.split(".")[1])


_MISSING = object()


def _prune(folder: Path, name: str, version: str) -> None:
    """Remove what another version of the code kept, under any name (no version reads it again, and a name the code
    no longer uses is never written again: a solved strategy is tens of megabytes); what this version kept for other
    rules stays."""
    for stale in folder.glob("*.*.*"):
        parts = stale.name.split(".")
        if len(parts) == 4 and parts[1] != version and stale.suffix in (".pickle", ".lock"):
            stale.unlink(missing_ok=True)
    for legacy in folder.glob(f"{name}-*"):  # kept before the version was part of the name
        if re.fullmatch(rf"{re.escape(name)}-[0-9a-f]{{32}}\.(pickle|lock)", legacy.name):
            legacy.unlink(missing_ok=True)


def _read(path: Path) -> Any:
    """What a derivation kept at `path`, or _MISSING (not derived yet, or by another version of the code)."""
    try:
        return pickle.loads(path.read_bytes())
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        return _MISSING


@contextmanager
def _lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (a file beside the derivation's, left in place: removing it would let a
    third process lock a new file while the second still waits on the old one); without one (a folder that cannot
    be written), go on unlocked: the cost is a second derivation, never a wrong one."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("a")
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
