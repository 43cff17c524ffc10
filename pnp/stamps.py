"""What each output was made from (content hashes of every file a render read), so a build remakes only what changed."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import __version__
from .output import atomic_write

MANIFEST = ".pnp-cache/manifest.json"
"""In the output folder: for each file a build made, its inputs' hashes, its warnings and how long it took."""
FORMAT = 1
"""The manifest's layout; a manifest of another format is ignored (everything is made again)."""

_reads: ContextVar[set[str] | None] = ContextVar("pnp_reads", default=None)


@contextmanager
def recording() -> Iterator[set[str]]:
    """Collect, as absolute paths, every file the code inside reads (or looks for: a template that is missing now
    and may be added later); the render's templates, stylesheets, fonts, rules and catalog."""
    reads: set[str] = set()
    token = _reads.set(reads)
    try:
        yield reads
    finally:
        _reads.reset(token)


def note(*paths: Path) -> None:
    """Tell the recording in progress (if any) that these files were read or looked for."""
    reads = _reads.get()
    if reads is not None:
        reads.update(str(Path(p).absolute()) for p in paths)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


class Digests:
    """Content hashes of files, each read once per build (None for a file that does not exist).

    A build takes the hashes of its inputs before it renders: a file saved during the build is then found changed
    by the next one."""

    def __init__(self) -> None:
        self._known: dict[str, str | None] = {}

    def __call__(self, path: str | Path) -> str | None:
        key = str(path)
        if key not in self._known:
            try:
                self._known[key] = _sha(Path(key).read_bytes())
            except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
                self._known[key] = None
            except OSError:
                self._known[key] = "unreadable"
        return self._known[key]

    def take(self, folders: Iterable[Path]) -> None:
        """Hash every file under these folders now."""
        for folder in folders:
            for path in sorted(folder.rglob("*")) if folder.is_dir() else ():
                if path.is_file():
                    self(path.absolute())


_code: str | None = None


def code_version() -> str:
    """pnp's version and a hash of its Python code: a change to the program remakes everything it made."""
    global _code
    if _code is None:
        package = Path(__file__).parent
        digest = hashlib.sha256(__version__.encode())
        for path in sorted(package.rglob("*.py")):
            digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
        _code = digest.hexdigest()[:32]
    return _code


def key(*parts: Any) -> str:
    """One hash of the values that decide an output besides the files it reads (code, kind, paper, options)."""
    return _sha(json.dumps([code_version(), *parts], sort_keys=True, default=repr).encode())


@dataclass
class Entry:
    """What one output was made from, and what its render had to say."""

    key: str
    reads: dict[str, str | None]
    """Each file read (absolute path) and its content hash when it was read; None: looked for, not there."""
    size: int = 0
    mtime_ns: int = 0
    seconds: float = 0.0
    """How long its render took: the longest renders are started first next time."""
    warnings: list[str] = field(default_factory=list)
    layout: list[str] = field(default_factory=list)


@dataclass
class Manifest:
    """The output folder's record of what each of its files was made from (`<out>/.pnp-manifest.json`)."""

    out: Path
    files: dict[str, Entry] = field(default_factory=dict)
    plans: dict[str, dict[str, Any]] = field(default_factory=dict)
    """For each way the build was asked (games, languages, papers, options): the files it plans and the rules files
    the plan was made from, so a build with nothing to do need not read the rules again."""

    @classmethod
    def load(cls, out: Path) -> Manifest:
        """The output folder's manifest; an empty one when there is none or it cannot be read (all is made again)."""
        manifest = cls(out)
        try:
            data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
            if data.get("format") != FORMAT:
                return manifest
            manifest.files = {name: Entry(**entry) for name, entry in data["files"].items()}
            manifest.plans = dict(data.get("plans", {}))
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return cls(out)
        return manifest

    def name(self, target: Path) -> str:
        return target.relative_to(self.out).as_posix()

    def is_fresh(self, target: Path, wanted: str, digests: Digests) -> bool:
        """Whether `target` is on disk as the last build left it, made with the same key from the same files."""
        entry = self.files.get(self.name(target))
        if entry is None or entry.key != wanted:
            return False
        try:
            stat = target.stat()
        except OSError:
            return False
        if (stat.st_size, stat.st_mtime_ns) != (entry.size, entry.mtime_ns):
            return False
        return all(digests(path) == digest for path, digest in entry.reads.items())

    def record(self, target: Path, wanted: str, reads: Iterable[str], digests: Digests, seconds: float,
               warnings: list[str], layout: list[str]) -> None:
        """Note a file just put in place: its key, the hashes its inputs had when the build started."""
        stat = target.stat()
        self.files[self.name(target)] = Entry(wanted, {path: digests(path) for path in sorted(reads)},
                                              stat.st_size, stat.st_mtime_ns, round(seconds, 3), warnings, layout)

    def save(self) -> None:
        """Write the manifest whole (a build killed while writing it leaves the old one)."""
        data = {"format": FORMAT, "files": {name: vars(entry) for name, entry in sorted(self.files.items())},
                "plans": self.plans}
        atomic_write(self.out / MANIFEST, lambda fh: json.dump(data, fh, indent=0, sort_keys=True))

