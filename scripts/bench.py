"""Build benchmark, on a copy of the project: cold build against bare WeasyPrint, parallel efficiency, a no-op
rebuild, a one-number rules edit, and save-to-preview; prints every figure."""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp import derived  # noqa: E402
from pnp.build import EVERY, LIGHT, build, plan  # noqa: E402
from pnp.i18n import translator  # noqa: E402
from pnp.project import Project  # noqa: E402
from pnp.rulebook import rulebook_html  # noqa: E402
from pnp.rules import load_games  # noqa: E402
from pnp.sheets.kinds import sheet_html  # noqa: E402

EDITED = ("dicemants", "  goal: 21\n", "  goal: 22\n")
"""The one-number edit: a game, its rules line before and after."""


def copy_project(into: Path) -> Project:
    for name in ("rules", "templates", "locales"):
        shutil.copytree(ROOT / name, into / name)
    return Project(into)


def cpu() -> float:
    """CPU seconds of this process and its finished children (the workers): what the machine's load does not
    inflate, unlike the wall-clock times."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def bare_renders(project: Project) -> tuple[float, float, int]:
    """The sum of bare WeasyPrint renders (HTML to PDF, nothing else) of every rulebook and sheet a build makes."""
    from weasyprint import HTML

    games = load_games(project.rules, project.root)
    jobs = [job for job in plan(project, games, list(project.languages), project.root / "bare", EVERY)
            if job.kind not in ("kit", *LIGHT)]  # the PDFs WeasyPrint renders
    translators = {lang: translator(project.locales, lang, project.root) for lang in project.languages}
    pages = [rulebook_html(project, job.game, translators[job.lang]) if job.kind == "rulebook"
             else sheet_html(project, job.game, translators[job.lang], job.kind) for job in jobs]
    total, used = 0.0, 0.0
    for page in pages:
        start, busy = time.perf_counter(), cpu()
        HTML(string=page, base_url=str(project.templates)).render().write_pdf()
        total += time.perf_counter() - start
        used += cpu() - busy
    return total, used, len(pages)


class InsideWeasyPrint:
    """Seconds spent inside WeasyPrint (parse, layout, PDF) by an in-process build, and how many renders: every
    document the build hands it, the tighter rulebooks and the what-to-print pages included."""

    def __init__(self) -> None:
        self.seconds, self.renders = 0.0, 0

    def __enter__(self) -> InsideWeasyPrint:
        from weasyprint import HTML
        from weasyprint.document import Document

        self.saved = [(HTML, "__init__", HTML.__init__), (HTML, "render", HTML.render),
                      (Document, "write_pdf", Document.write_pdf)]
        for owner, name, method in self.saved:
            setattr(owner, name, self._timed(method, count=name == "render"))
        return self

    def _timed(self, method, count: bool):  # type: ignore[no-untyped-def]
        def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - start
                self.renders += count
        return timed

    def __exit__(self, *exc: object) -> None:
        for owner, name, method in self.saved:
            setattr(owner, name, method)


class WhereCPUGoes:
    """The CPU seconds of an in-process build, each counted once, in the innermost of: WeasyPrint, the layout check
    reading the PDFs back, pypdf (the kits' merge and page counts, the sheets' copies), the HTML templates (and
    the web pages' own work); the rest is pnp's (the rules, catalogs, engines, staging, manifest). Each function is
    wrapped wherever a module holds it, as the build imports it by name."""

    STAGES: dict[str, list[tuple[str, str | None, str]]] = {
        "WeasyPrint": [("weasyprint", "HTML", "__init__"), ("weasyprint", "HTML", "render"),
                       ("weasyprint.document", "Document", "write_pdf")],
        "layout check": [("pnp.layout", None, "read"), ("pnp.layout", None, "check_pages")],
        "pypdf": [("pnp.sheets.files", None, "write_kit"), ("pnp.sheets.files", None, "page_count"),
                  ("pnp.sheets.files", None, "_bytes")],
        "templates": [("pnp.templating", None, "render_template"), ("pnp.web", None, "web_rulebook"),
                      ("pnp.pdf", None, "whole_last_words")]}

    def __init__(self) -> None:
        self.seconds = dict.fromkeys(self.STAGES, 0.0)
        self._inner: list[float] = []
        self._undo: list[tuple[object, str, object]] = []

    def __enter__(self) -> WhereCPUGoes:
        import importlib

        for stage, places in self.STAGES.items():
            for module, owner, name in places:
                home = importlib.import_module(module)
                holder = getattr(home, owner) if owner else home
                original = getattr(holder, name)
                wrapped = self._timed(stage, original)
                holders = [holder] if owner else [m for m in list(sys.modules.values())
                                                  if getattr(m, "__name__", "").startswith("pnp")
                                                  and getattr(m, name, None) is original]
                for held in holders:
                    self._undo.append((held, name, original))
                    setattr(held, name, wrapped)
        return self

    def _timed(self, stage: str, method):  # type: ignore[no-untyped-def]
        def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
            self._inner.append(0.0)
            start = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                spent = time.process_time() - start
                self.seconds[stage] += spent - self._inner.pop()
                if self._inner:
                    self._inner[-1] += spent
        return timed

    def __exit__(self, *exc: object) -> None:
        for held, name, original in reversed(self._undo):
            setattr(held, name, original)


def timed_build(project: Project, out: Path, **kwargs: Any) -> tuple[float, float, object]:
    start, busy = time.perf_counter(), cpu()
    report = build(project, out=out, kinds=EVERY, **kwargs)
    return time.perf_counter() - start, cpu() - busy, report


def cli_noop(project: Project, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", "--root", str(project.root), "build", "--out", str(out), "-q"],
                   check=True)
    return time.perf_counter() - start


def edit_one_number(project: Project, out: Path) -> tuple[float, float, list[str]]:
    """The first file made (its English rulebook) and the whole rebuild after one number of one game's rules."""
    game, before, after = EDITED
    rules = project.rules / f"{game}.yaml"
    text = rules.read_text()
    assert before in text, f"{rules}: no {before.strip()!r} to edit"
    rules.write_text(text.replace(before, after))
    firsts: list[float] = []
    start = time.perf_counter()
    report = build(project, out=out, kinds=EVERY, progress=lambda n, total, path: firsts.append(time.perf_counter()))
    whole = time.perf_counter() - start
    rules.write_text(text)
    return firsts[0] - start, whole, sorted({p.relative_to(out).parts[0] for p in report.written})


def save_to_preview(project: Project, out: Path, rounds: int = 5) -> list[float]:
    """`pnp watch --serve` running; a page open (waiting for its next version, as the page's script does); the
    rules saved with a new goal: seconds until the page served again shows it."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project.root), "watch", "--serve",
                                "--port", "0", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split()[-1]
        while "up to date" not in process.stdout.readline():  # the first build done
            pass
        built = threading.Semaphore(0)

        def follow() -> None:  # the watcher's lines: each build's summary line
            for line in process.stdout:  # type: ignore[union-attr]
                if "up to date" in line:
                    built.release()

        threading.Thread(target=follow, daemon=True).start()
        page = "dead-mans-dice/en/rulebook"
        rules = project.rules / "dead-mans-dice.yaml"
        text = rules.read_text()
        times = []
        for goal in range(101, 101 + rounds):
            urllib.request.urlopen(f"{url}preview/{page}.html").read()
            with urllib.request.urlopen(f"{url}changes?page={page}&since=-1") as r:
                version = json.loads(r.read())["version"]
            shown: list[float] = []

            def wait_and_reload() -> None:
                urllib.request.urlopen(f"{url}changes?page={page}&since={version}").read()  # noqa: B023
                body = urllib.request.urlopen(f"{url}preview/{page}.html").read().decode()  # noqa: B023
                if f"{goal}\u00a0doubloons" in body or f"{goal} doubloons" in body:  # noqa: B023
                    shown.append(time.perf_counter())  # noqa: B023

            waiter = threading.Thread(target=wait_and_reload)
            waiter.start()
            time.sleep(0.3)  # the page is waiting
            start = time.perf_counter()
            rules.write_text(text.replace("  goal: 100\n", f"  goal: {goal}\n"))
            waiter.join(30)
            times.append(shown[0] - start if shown else float("nan"))
            built.acquire(timeout=120)  # the PDFs made again before the next save
        rules.write_text(text)
        return times
    finally:
        process.terminate()
        process.wait(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.parse_args()
    cpus = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        project = copy_project(base / "project")
        derived.use(None)
        bare, bare_cpu, documents = bare_renders(project)
        import pnp.sheets.files  # noqa: F401  the modules the build imports as it goes, imported before they are timed
        import pnp.sheets.guide  # noqa: F401
        import pnp.web  # noqa: F401

        with InsideWeasyPrint() as weasy, WhereCPUGoes() as where:
            serial, serial_cpu, report = timed_build(project, base / "serial", workers=1)
        stages = dict(where.seconds)
        written: list[Path] = report.written  # type: ignore[attr-defined]
        kits = sum(path.name == "kit.pdf" for path in written)
        shutil.rmtree(project.root / derived.FOLDER, ignore_errors=True)  # cold again: nothing derived yet
        cold, cold_cpu, report = timed_build(project, base / "out")
        files = len(report.written)  # type: ignore[attr-defined]
        noop, _, again = timed_build(project, base / "out")
        noop_cli = cli_noop(project, base / "out")
        first, whole, games = edit_one_number(project, base / "out")
        previews = save_to_preview(project, base / "out")
    print(f"machine:                {cpus} CPUs, load average {os.getloadavg()[0]:.1f} at the end")
    print(f"files (A4, every kit):  {files} ({documents} rendered by WeasyPrint, the rest kits merged)")
    print(f"bare WeasyPrint:        {bare:6.1f} s summed, {bare / cpus:5.1f} s per core (CPU {bare_cpu:.1f} s)")
    print(f"cold build:             {cold:6.1f} s = {cold / (bare / cpus):.2f} x (bare / cores)   target <= 1.15; "
          f"CPU {cold_cpu:.1f} s = {cold_cpu / bare_cpu:.2f} x bare CPU")
    print(f"serial build:           {serial:6.1f} s (CPU {serial_cpu:.1f} s = {serial_cpu / bare_cpu:.2f} x bare); "
          f"parallel efficiency {serial / (cold * cpus):.0%} ({serial / cold:.2f}x on {cpus} cores)")
    print(f"inside WeasyPrint:      {weasy.seconds:6.1f} s of the serial build, {weasy.renders} renders ({documents} "
          f"documents, {kits} what-to-print pages, {weasy.renders - documents - kits} tighter rulebooks); "
          f"cold build = {cold / (weasy.seconds / cpus):.2f} x that / cores")
    shares = ", ".join(f"{stage} {spent:.1f}" for stage, spent in stages.items())
    print(f"serial CPU by stage:    {shares}, the rest {serial_cpu - sum(stages.values()):.1f} s "
          f"(of {serial_cpu:.1f} s)")
    print(f"no-op rebuild:          {noop:6.2f} s = {noop / cold:.1%} of cold (in-process)   target <= 2 %; "
          f"`pnp build` as a command: {noop_cli:.2f} s = {noop_cli / cold:.1%}; "
          f"{again.summary}")  # type: ignore[attr-defined]
    game, before, after = EDITED
    print(f"one-number edit:        {game} {before.strip()} -> {after.strip()}: games made again {games}; "
          f"its English rulebook made after {first:.1f} s (target <= 5 s), all its files in place after {whole:.1f} s")
    shown = ", ".join(f"{t:.2f}" for t in previews)
    print(f"save -> preview page:   {shown} s (dead-mans-dice goal; median {sorted(previews)[len(previews) // 2]:.2f}"
          " s, target <= 1 s)")


if __name__ == "__main__":
    main()
