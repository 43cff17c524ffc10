"""Output on disk: every file written once and whole; a build's files made aside and put in place together, locked."""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from .errors import InputError, Problem, display_path

STAGING_PREFIX = ".pnp-build-"
"""A build makes its files in `<out>/.pnp-build-XXXX/` and moves them into place only once every one is made."""
LOG = logging.getLogger(__name__)
"""Where a build says it waits for another one (the command line shows it unless quiet)."""
FILE_ROOM = 512 * 1024
"""Free bytes a build asks for per file before it starts (its largest file, a kit, is about 250 KB)."""


def atomic_write(path: Path, write: Callable[[Any], Any], binary: bool = False) -> Path:
    """Write through `write(fileobj)` into a temporary file beside `path`, then rename it over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; outputs get the usual permissions
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    """Write bytes atomically."""
    return atomic_write(path, lambda fh: fh.write(data), binary=True)


def check_output(out: Path, targets: Sequence[Path], root: Path | None = None, room: int = FILE_ROOM) -> None:
    """Before anything renders: every target's folder can be made and written, and the disk has room for them all.

    A file where a folder must go, a folder where a file must go, a folder that cannot be written (permissions, a
    read-only file system) and a disk short of `room` bytes per file are bad input, each named.
    """
    def problem(path: Path, message: str) -> InputError:
        return InputError(Problem(display_path(path, root), None, "", message))

    for target in targets:
        if target.is_dir():
            raise problem(target, "is a folder, where the build writes a file")
    nearest = set()
    for folder in sorted({out, *(target.parent for target in targets)}):
        existing = _existing(folder)
        if not existing.is_dir():
            raise problem(existing, "is a file, where the build needs a folder")
        nearest.add(existing)
    for folder in sorted(nearest):
        if _read_only(folder):
            raise problem(folder, "cannot write here: read-only file system")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise problem(folder, "cannot write here: permission denied")
    free = shutil.disk_usage(_existing(out)).free
    need = room * len(targets)
    if free < need:
        raise problem(out, f"not enough room on the disk: {_size(free)} free, the build needs about {_size(need)}")


def _existing(path: Path) -> Path:
    """The path itself if it exists, else its nearest parent that does."""
    return next(p for p in (path, *path.parents) if p.exists())


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _size(count: int) -> str:
    return f"{count / 1024 / 1024:.1f} MB" if count >= 1024 * 1024 else f"{count // 1024} KB"


@contextmanager
def locked(folder: Path, root: Path | None = None) -> Iterator[None]:
    """Hold the lock of an output folder (the folder itself, so nothing is added to it): a second build waits here.

    The wait is logged once (LOG, INFO); a lock dies with the process that holds it, so a killed build never
    blocks the next one.
    """
    fd = os.open(folder, os.O_RDONLY)
    try:
        told = False
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not told:
                    LOG.info("waiting for another build writing into %s …", display_path(folder, root))
                told = True
                time.sleep(0.1)
        yield
    finally:
        os.close(fd)  # closing the folder releases the lock


def remove_stale(out: Path, folders: Iterable[Path] = ()) -> list[Path]:
    """Remove what killed builds left: staging folders in `out` no live build holds, temporary files in `folders`.

    Call with the output folder's lock held: a live build locks its staging folder from the moment it makes it.
    """
    removed = []
    for staging in out.glob(f"{STAGING_PREFIX}*"):
        if staging.is_dir() and not _held(staging):
            shutil.rmtree(staging, ignore_errors=True)
            removed.append(staging)
    for folder in folders:
        for tmp in folder.glob(".*.pdf.*.tmp"):  # atomic_write's temporary files, from a build killed mid-write
            tmp.unlink(missing_ok=True)
            removed.append(tmp)
    return removed


def _held(folder: Path) -> bool:
    """Whether a live build holds this staging folder's lock."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


class Staging:
    """A build's files, made in a locked hidden folder inside `out`, then moved into place together by commit().

    Leaving the `with` block removes the staging folder whatever happened, and on failure also the output
    folders the build made for it: a failed or interrupted build writes nothing.
    """

    def __init__(self, out: Path, root: Path | None = None) -> None:
        self.out = out
        self.root = root
        self.folder = out / STAGING_PREFIX
        self._fd = -1
        self._made: Path | None = None

    def __enter__(self) -> Staging:
        missing = [p for p in (self.out, *self.out.parents) if not p.exists()]
        self._made = missing[-1] if missing else None
        try:
            self.out.mkdir(parents=True, exist_ok=True)
            with locked(self.out, self.root):
                self.folder = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=self.out))
                self._fd = os.open(self.folder, os.O_RDONLY)
                fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # live: no other build's clean-up removes it
        except OSError as exc:
            self._undo(failed=True)
            raise write_error(self.out, exc, self.root) from None
        return self

    def path(self, target: Path) -> Path:
        """Where a file meant for `target` is made during the build."""
        return self.folder / target.relative_to(self.out)

    def commit(self, targets: Sequence[Path]) -> None:
        """Move every made file into place, under the output folder's lock; stale leftovers are cleaned first."""
        with locked(self.out, self.root):
            remove_stale(self.out, {target.parent for target in targets})
            target = self.out
            try:
                for target in targets:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(self.path(target), target)
            except OSError as exc:
                raise write_error(target, exc, self.root) from None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self._undo(failed=kind is not None)

    def _undo(self, failed: bool) -> None:
        if self._fd >= 0:
            shutil.rmtree(self.folder, ignore_errors=True)
            os.close(self._fd)
            self._fd = -1
        if failed and self._made is not None:
            # The folders this build made for its output, while nothing else went into them.
            for folder in (self.out, *self.out.parents):
                try:
                    folder.rmdir()
                except OSError:
                    break
                if folder == self._made:
                    break


def write_error(path: Path, exc: OSError, root: Path | None = None) -> InputError:
    """A failed write as one clear message naming the file or folder (a full disk, a read-only folder)."""
    reason = os.strerror(exc.errno) if exc.errno else str(exc)
    if exc.errno == errno.ENOSPC:
        reason = "the disk is full"
    return InputError(Problem(display_path(path, root), None, "", f"cannot write: {reason}"))
