"""Faults: every file written once and whole, nothing from a failed build, a locked output folder, work bounds."""

from __future__ import annotations

import dataclasses
import errno
import io
import logging
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pypdf
import pytest
from helpers import ROOT, game, run, stub_renders

from pnp.build import build
from pnp.errors import InputError, Problem
from pnp.games.chance import MAX_GAMES, TooMuchWork, simulate
from pnp.output import STAGING_PREFIX, Staging, locked, remove_stale


def fast_rulebooks(monkeypatch):
    """The rulebook's HTML is made as in a build, its PDF is a stand-in: these tests are about files, not layout."""
    import pnp.sheets.files  # noqa: F401  imported with the real render first: the sheets keep it
    monkeypatch.setattr("pnp.pdf.render_pdf", lambda html, *args, **kwargs: (b"%PDF-1.7 stand-in", []))


def files(folder: Path) -> list[str]:
    """Every file and folder under `folder`, hidden ones too, as relative paths."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


# ------------------------------------------------------------------ each file written once, with its final content

def test_a_sheet_with_copies_is_written_once_with_them_all(project, tmp_path, monkeypatch):
    """F03: the player aid's page repeated for every pair of players is in the one write, never a first, short one."""
    import pnp.build

    def one_page(html, *args):  # WeasyPrint's page, drawn once
        writer = pypdf.PdfWriter()
        writer.add_blank_page(595, 842)
        buffer = io.BytesIO()
        writer.write(buffer)
        return buffer.getvalue(), []

    writes = []
    real = pnp.build.atomic_write_bytes
    monkeypatch.setattr("pnp.sheets.files.render_pdf", one_page)
    monkeypatch.setattr("pnp.build.atomic_write_bytes", lambda path, data: writes.append(path) or real(path, data))
    monkeypatch.setattr("pnp.sheets.files.atomic_write_bytes", lambda path, data: pytest.fail("a second write"))
    build(project, ["dicemants"], ["en"], out=tmp_path, kinds=["player-aid"], workers=1)
    assert [p.name for p in writes] == ["player-aid.pdf"] and STAGING_PREFIX in str(writes[0])
    aid = tmp_path / "dicemants" / "en" / "player-aid.pdf"
    assert len(pypdf.PdfReader(aid).pages) == 3  # six players, two aids a page: the page three times
    assert files(tmp_path) == [".pnp-cache", ".pnp-cache/manifest.json", "dicemants", "dicemants/en",
                               "dicemants/en/player-aid.pdf"]


def test_a_failed_build_writes_nothing_even_after_some_files_were_made(project, tmp_path, monkeypatch):
    """The second file fails: the first, already made, is not put in place, and no folder is left."""
    problem = Problem("templates/sheets/dice.html", 12, "", "template: ZeroDivisionError: division by zero")
    made = stub_renders(monkeypatch, fail_at=2, error=InputError(problem))
    out = tmp_path / "new" / "output"
    code, _, err = run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(out))
    assert code == 2 and len(made) == 2
    assert err.splitlines()[-1] == f"error: {problem}"
    assert not (tmp_path / "new").exists()


def test_ctrl_c_during_a_build_is_one_line_exit_130_and_nothing_written(project, tmp_path, monkeypatch):
    """F07: interrupted on the third file; the two made are not put in place."""
    stub_renders(monkeypatch, fail_at=3, error=KeyboardInterrupt())
    out = tmp_path / "out"
    code, _, err = run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(out))
    assert code == 130
    assert err.splitlines()[-1] == "pnp: interrupted" and "Traceback" not in err
    assert not out.exists()


def test_a_full_disk_during_the_build_is_one_clear_error_and_nothing_written(project, tmp_path, monkeypatch):
    """F06, when the disk fills after the check: the file that could not be written is named."""
    fast_rulebooks(monkeypatch)

    def full(path, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("pnp.build.atomic_write_bytes", full)
    code, out, err = run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(tmp_path / "o"))
    assert (code, out) == (2, "")
    # The first file written: the web page, made in the build process while the PDFs wait for the workers.
    assert err == f"error: {tmp_path}/o/dice-arena/en/rulebook.html: cannot write: the disk is full\n"
    assert not (tmp_path / "o").exists()


# ------------------------------------------------------------------ the output folder, checked before anything renders

def never_render(monkeypatch):
    monkeypatch.setattr("pnp.build._render", lambda *args: pytest.fail("rendered before the output folder was checked"))


def test_an_out_that_is_a_file_is_refused_before_rendering(project, tmp_path, monkeypatch):
    """L09: `--out FILE`, and `--out D` where D/GAME is a file; the files are left as they were."""
    never_render(monkeypatch)
    (tmp_path / "file").write_text("keep")
    argv = ["--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out"]
    assert run(*argv, str(tmp_path / "file")) == (
        2, "", f"error: {tmp_path}/file: is a file, where the build needs a folder\n")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "dice-arena").write_text("keep")
    assert run(*argv, str(tmp_path / "d")) == (
        2, "", f"error: {tmp_path}/d/dice-arena: is a file, where the build needs a folder\n")
    assert (tmp_path / "file").read_text() == (tmp_path / "d" / "dice-arena").read_text() == "keep"
    (tmp_path / "e" / "dice-arena" / "en" / "kit.pdf").mkdir(parents=True)
    assert run(*argv, str(tmp_path / "e"))[2] == (
        f"error: {tmp_path}/e/dice-arena/en/kit.pdf: is a folder, where the build writes a file\n")


def test_an_out_that_cannot_be_written_is_refused_before_rendering(project, tmp_path, monkeypatch):
    """L10: a read-only file system, or a folder without write permission (stand-ins: the tests may run as root)."""
    never_render(monkeypatch)
    argv = ["--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(tmp_path / "new" / "out")]
    read_only = os.statvfs_result((0,) * 8 + (os.ST_RDONLY, 255))
    monkeypatch.setattr("pnp.output.os.statvfs", lambda path: read_only)
    assert run(*argv) == (2, "", f"error: {tmp_path}: cannot write here: read-only file system\n")
    monkeypatch.undo()
    never_render(monkeypatch)
    monkeypatch.setattr("pnp.output.os.access", lambda path, mode: False)
    assert run(*argv) == (2, "", f"error: {tmp_path}: cannot write here: permission denied\n")
    assert not (tmp_path / "new").exists()


def test_a_disk_without_room_is_refused_before_rendering(project, tmp_path, monkeypatch):
    """F06: a 200 KB disk for eight files of up to half a megabyte each (six PDFs, the web page and its fonts)."""
    never_render(monkeypatch)
    usage = shutil.disk_usage(tmp_path)._replace(free=200 * 1024)
    monkeypatch.setattr("pnp.output.shutil.disk_usage", lambda path: usage)
    code, out, err = run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"error: {tmp_path}: not enough room on the disk: 200 KB free, the build needs about 4.0 MB\n"


# ------------------------------------------------------------------ the lock, and what killed builds leave

def test_a_second_build_into_the_same_folder_waits_and_says_so(project, tmp_path, monkeypatch):
    """F05: while another build holds the folder, a build waits (told once), then puts its files in place whole."""
    stub_renders(monkeypatch)
    out = tmp_path / "out"
    out.mkdir()
    result = {}

    def second():
        result["run"] = run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "--out", str(out))

    with locked(out):
        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.4)
        assert "run" not in result and files(out) == []  # waiting: not even its staging folder yet
    thread.join(10)
    code, _, err = result["run"]
    assert code == 0 and err.startswith(f"waiting for another build writing into {out} …\n[ 1/8]")
    assert files(out / "dice-arena" / "en") == sorted([*(f"{k}.pdf" for k in [
        "rulebook", "stickers", "score-pad", "mats", "player-aid", "kit"]), "rulebook.html"])


def test_waiting_is_logged_once_however_long_it_lasts(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="pnp")

    def second():
        with locked(tmp_path):
            pass

    with locked(tmp_path):
        thread = threading.Thread(target=second)
        thread.start()
        time.sleep(0.35)  # three turns of the wait, at a tenth of a second each
    thread.join(5)
    assert caplog.messages == [f"waiting for another build writing into {tmp_path} …"]


def test_what_killed_builds_left_is_cleaned_by_the_next_one_but_a_live_build_is_not_touched(project, tmp_path,
                                                                                            monkeypatch):
    """F01: a killed build's staging folder and an older build's temporary file go; a running build's stays."""
    stub_renders(monkeypatch)
    out = tmp_path / "out"
    dead = out / f"{STAGING_PREFIX}dead" / "dice-arena" / "en"
    dead.mkdir(parents=True)
    (dead / "rulebook.pdf").write_bytes(b"%PDF half")
    (out / "dice-arena" / "en").mkdir(parents=True)
    (out / "dice-arena" / "en" / ".rulebook.pdf.x1y2z3.tmp").write_bytes(b"%PDF half")
    with Staging(out) as live:  # another build, still rendering
        assert run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "-q", "--out", str(out))[0] == 0
        assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == sorted([live.folder.name, ".pnp-cache"])
    assert files(out) == [".pnp-cache", ".pnp-cache/manifest.json", "dice-arena", "dice-arena/en"] + sorted([
        *(f"dice-arena/en/{k}.pdf" for k in ["rulebook", "stickers", "score-pad", "mats", "player-aid", "kit"]),
        "dice-arena/en/rulebook.html"]) + ["dice-arena/fonts.css"]
    assert remove_stale(out, [out / "dice-arena" / "en"]) == []


def test_worker_processes_die_with_their_parent(tmp_path):
    """F02: a worker whose parent is killed ends itself within a second; it ignores Ctrl-C (the parent's to handle)."""
    worker = ("import os, signal, sys, time; from pnp.build import _worker_init; _worker_init(os.getppid()); "
              "assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN; print('ready', flush=True); time.sleep(60)")
    parent = (f"import subprocess, sys, time; w = subprocess.Popen([sys.executable, '-c', {worker!r}]); "
              "print(w.pid, flush=True); time.sleep(60)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    middle = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.PIPE, text=True, env=env)
    pid = int(middle.stdout.readline())
    assert middle.stdout.readline() == "ready\n"  # the worker has started watching its parent
    middle.kill()
    middle.wait()
    middle.stdout.close()
    deadline = time.monotonic() + 3
    while _alive(pid):
        assert time.monotonic() < deadline, "the worker outlived its parent"
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "State:\tZ" not in state


def _catches_sigint(pid: int) -> bool:
    """Whether the process has its own handler for SIGINT (Linux: the SigCgt mask in /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("SigCgt:"):
                return bool(int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)))
    return False


def test_ctrl_c_in_a_real_process_ends_with_one_line_and_exit_130(project):
    """S03: a long simulation interrupted as from a terminal (SIGINT): one line, exit 130, no traceback."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(project.root), "simulate",
                                "dead-mans-dice", "--games", str(MAX_GAMES)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Interrupted once Python handles Ctrl-C (before that the signal kills it, as any program), and a moment on
    # (inside pnp's imports or the simulation): a fixed wait was too short on a busy machine.
    deadline = time.monotonic() + 20
    while not _catches_sigint(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=10)
    assert (process.returncode, out) == (130, "")
    assert err.splitlines()[-1] == "pnp: interrupted" and "Traceback" not in err


# ------------------------------------------------------------------ work bounds, checked before the work starts

def test_dicemants_refuses_odds_over_the_bound_before_starting():
    """Y28: twelve dice rolled at once would enumerate billions of rolls."""
    from pnp.games.dicemants import book, engine

    rules = book.dicemants_rules(game("dicemants"))
    more = dataclasses.replace(rules, dice=rules.dice + tuple((f"G{i}", rules.dice[0][1]) for i in range(6)),
                               max_dice=12)
    with pytest.raises(TooMuchWork) as caught:
        engine.check_work(more)
    assert str(caught.value).startswith("max_dice: the exact odds of the first roll would take ")
    assert "rolls, more than the 250,000 allowed; roll fewer dice at once" in str(caught.value)
    with pytest.raises(TooMuchWork, match="max_dice: the exact odds of 12 dice would take 944,784 rolls"):
        engine.odds(more, 12)
    engine.check_work(rules)  # the real rules are well within it


def test_gang_of_dice_and_dice_arena_refuse_odds_over_the_bound():
    from pnp.games.dice_arena import book as arena_book
    from pnp.games.dice_arena import engine as arena
    from pnp.games.gang_of_dice import book as gang_book
    from pnp.games.gang_of_dice import engine as gang

    rules = gang_book.gang_rules(game("gang-of-dice"))
    with pytest.raises(TooMuchWork, match=r"^rerolls: the exact odds of ending clear, re-rolling as well as possible "
                                          r"would take 87,907,680 results, more than the 20,000,000 allowed"):
        gang.check_work(dataclasses.replace(rules, faces=tuple(range(13))))
    arena_rules = arena_book.arena_rules(game("dice-arena"))
    with pytest.raises(TooMuchWork, match=r"^dice_per_player: the exact odds of a strike would take [\d,]+ throws"):
        arena.check_work(dataclasses.replace(arena_rules, dice_per_player=((2, 30),)))


def test_a_configuration_over_a_bound_is_a_located_error(project, monkeypatch):
    """Every command that reads the engine refuses it, naming the rules file, line and field (a lowered bound)."""
    from pnp.games.dicemants import engine

    monkeypatch.setattr(engine, "ODDS_BOUND", 100)
    line = game("dicemants").lines["params"]
    code, out, err = run("--root", str(project.root), "odds", "dicemants")
    assert (code, out) == (2, "")
    assert err == (f"error: rules/dicemants.yaml:{line}: params.max_dice: the exact odds of the first roll would take "
                   "6,399 rolls, more than the 100 allowed; roll fewer dice at once, or give the dice fewer different "
                   "faces\n")


def test_a_simulation_over_its_stated_maximum_is_refused_before_the_first_game():
    from pnp.games.dicemants import book

    played = []
    with pytest.raises(TooMuchWork, match="games: the simulation would take 100,001 games, more than the 100,000"):
        simulate(book.DicemantsBook().engine(game("dicemants")), MAX_GAMES + 1, 2, 1,
                 list(book.engine.STRATEGIES.values()), {}, progress=played.append)
    assert played == []


def test_the_bounds_hold_the_real_rules(project):
    """Each engine's check passes on the shipped rules files (what `pnp build` runs before rendering)."""
    from pnp.games import find_spec

    for game_id in ("dicemants", "gang-of-dice", "dice-arena", "dead-mans-dice"):
        find_spec(game_id).book.engine(game(game_id))
