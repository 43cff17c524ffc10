"""The command line, in-process: exit codes, located errors, quiet mode, the review's template and CLI probes."""

from __future__ import annotations

import base64
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run, stub_renders

from pnp.build import Rendered


def test_check_passes_on_main_and_warns_about_impossible_source_examples(project):
    code, out, err = run("--root", str(project.root), "check")
    assert code == 0
    assert out == "ok: 4 rules files valid; catalogs es, ca, ru complete\n"
    line = (project.rules / "dicemants.yaml").read_text().split("\n").index("examples:") + 1
    assert err.splitlines() == [
        f"warning: rules/dicemants.yaml:{line}: examples[4]: no set of the game's dice can show "
        "pick void diamond snake diamond bat; the rulebook leaves it out",
        f"warning: rules/dicemants.yaml:{line}: examples[6]: no set of the game's dice can show "
        "diamond diamond skull spider tnt locked; the rulebook leaves it out",
    ]


def test_bad_rules_give_file_line_field_and_exit_2(project_copy):
    path = project_copy.rules / "dicemants.yaml"
    text = path.read_text().replace("  goal: 21\n", "  goal: many\n")
    path.write_text(text)
    line = text.split("\n").index("  goal: many") + 1
    code, out, err = run("--root", str(project_copy.root), "build", "dicemants", "--lang", "en")
    assert code == 2
    assert err == f"error: rules/dicemants.yaml:{line}: params.goal: expected a whole number, found the string 'many'\n"
    assert not (project_copy.root / "output").exists()


def test_check_fails_with_1_on_an_unready_catalog(project_copy):
    path = project_copy.locales / "ca" / "LC_MESSAGES" / "pnp.po"
    path.write_text(path.read_text(encoding="utf-8").replace('msgid "Components"', '#, fuzzy\nmsgid "Components"'), encoding="utf-8")
    code, out, err = run("--root", str(project_copy.root), "check")
    assert code == 1
    assert err.splitlines()[-1] == "check failed: 1 catalog entry not ready"
    assert "locales/ca/LC_MESSAGES/pnp.po:" in err and "fuzzy: 'Components'" in err


def test_usage_errors_exit_2(project):
    assert run("build", "--paper", "a5")[0] == 2
    code, _, err = run("--root", str(project.root), "build", "yahtzee")
    assert code == 2 and "unknown game yahtzee" in err
    assert run("frobnicate")[0] == 2


def test_broken_template_is_located_and_keeps_the_old_pdf(project_copy, made):
    pdf = project_copy.root / "output" / "dice-arena" / "ca" / "rulebook.pdf"
    pdf.parent.mkdir(parents=True)
    shutil.copy(made("dice-arena", "rulebook", "ca"), pdf)  # a rulebook an earlier build made (built once per run)
    before = pdf.read_bytes()
    template = project_copy.templates / "rulebook.html"
    lines = template.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if "<h2>{{ _(\"Components\") }}</h2>" in line)
    lines[index] = lines[index].replace("{{ _(\"Components\") }}", "{{ components_heading }}")
    template.write_text("\n".join(lines))
    code, out, err = run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "ca")
    assert code == 2
    assert err == f"error: templates/rulebook.html:{index + 1}: template: 'components_heading' is undefined\n"
    assert pdf.read_bytes() == before
    assert sorted(p.name for p in pdf.parent.iterdir()) == ["rulebook.pdf"]  # nothing half-written beside it


def test_template_syntax_error_is_located(project_copy):
    template = project_copy.templates / "rulebook.css"
    template.write_text(template.read_text() + "\n{% if %}\n")
    code, _, err = run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "en")
    lines = template.read_text().split("\n")
    assert code == 2
    assert err.startswith(f"error: templates/rulebook.css:{len(lines) - 1}: template syntax:")


def test_build_logs_progress_in_build_order_to_stderr_and_quiet_prints_nothing(project, monkeypatch, tmp_path):
    made = []

    def render(settings, job, staged, translators=None):  # no PDF: this test is about the log
        made.append(job.path)
        staged.parent.mkdir(parents=True, exist_ok=True)
        staged.write_bytes(b"")
        return Rendered([], []), []  # no warnings, no layout findings; no problems

    def kit(job, tr, jobs, settings):
        made.append(tmp_path / job.path.relative_to(next(tmp_path.glob(".pnp-build-*"))))
        job.path.write_bytes(b"")

    monkeypatch.setattr("pnp.build._render", render)
    monkeypatch.setattr("pnp.build._kit", kit)
    monkeypatch.setattr("pnp.build.PER_WORKER", 1000)  # one process, so the stub renders
    argv = ["--root", str(project.root), "build", "gang-of-dice", "--lang", "es", "--lang", "ru", "--out", str(tmp_path)]
    code, out, err = run(*argv)
    assert code == 0
    assert out == "0 up to date, 21 built\n"
    kinds = ("rulebook", "stickers", "paper-dice", "score-pad", "cards", "cards-low-ink", "cards-fold", "player-aid", "kit")
    game = tmp_path / "gang-of-dice"
    expected = [game / lang / name for lang in ("es", "ru") for name in (
        "rulebook.pdf", "rulebook.html", *(f"{kind}.pdf" for kind in kinds[1:]))]
    expected.insert(2, game / "fonts.css")  # with the first web page
    assert err == "".join(f"[{i:>2}/21] {path}\n" for i, path in enumerate(expected, 1))
    assert sorted(made) == sorted(expected)
    assert run(*argv, "-q") == (0, "", "")


def test_python_dash_m_runs_the_same_command_line(project):
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project.root), "frobnicate"],
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stdout) == (2, "")
    assert "invalid choice: 'frobnicate'" in result.stderr and "Traceback" not in result.stderr


def test_outputs_are_written_whole_with_ordinary_permissions(tmp_path):
    from pnp.output import atomic_write

    target = tmp_path / "a" / "file.txt"
    atomic_write(target, lambda fh: fh.write("whole"))
    assert target.read_text() == "whole"
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask

    def broken(fh):
        fh.write("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        atomic_write(target, broken)
    assert target.read_text() == "whole"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.txt"]


@pytest.mark.parametrize("game_id", ["dicemants", "gang-of-dice", "dice-arena", "dead-mans-dice"])
def test_the_examples_review_is_checked_for_every_game_with_examples(project_copy, game_id):
    """Every game whose engine derives examples has a reviewed snapshot, and a change to it is caught."""
    from pnp import review
    from pnp.rules import load_games

    games = load_games(project_copy.rules, project_copy.root)
    assert review.changed(project_copy, games) == []
    snapshot = review.snapshot_path(project_copy, game_id)
    assert snapshot.read_text(encoding="utf-8").startswith("[")
    snapshot.write_text(snapshot.read_text(encoding="utf-8").replace("\n", "\n  | an edit\n", 1), encoding="utf-8")
    assert review.changed(project_copy, games) == [game_id]
    assert "-  | an edit" in review.diff(project_copy, games[[g.id for g in games].index(game_id)])


@pytest.mark.parametrize("insert, message", [
    ("{{ 1 / 0 }}", "template: ZeroDivisionError: division by zero"),
    ("{{ game.__class__.__init__.__globals__ }}", "template: SecurityError: access to attribute '__init__'"),
])
def test_any_template_error_is_located_with_no_traceback(project_copy, insert, message):
    template = project_copy.templates / "rulebook.html"
    lines = template.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if "<h2>{{ _(\"Components\") }}</h2>" in line)
    lines.insert(index + 1, insert)
    template.write_text("\n".join(lines))
    code, out, err = run("--root", str(project_copy.root), "build", "dead-mans-dice", "--lang", "en")
    assert (code, out) == (2, "")
    assert err.startswith(f"error: templates/rulebook.html:{index + 2}: {message}")
    assert "Traceback" not in err and not (project_copy.root / "output").exists()


def test_a_template_that_leads_outside_the_project_is_refused(project_copy, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the contents of a file outside the project\n")
    (project_copy.templates / "game-rulebook.css").symlink_to(secret)  # a game's CSS partial, as a symlink out
    code, out, err = run("--root", str(project_copy.root), "build", "dead-mans-dice", "--lang", "en")
    assert (code, out) == (2, "")
    assert "template 'game-rulebook.css' leads outside the templates folders" in err and "refused" in err
    assert "the contents of a file" not in err and not (project_copy.root / "output").exists()


# ------------------------------------------------------------------ the command line's probes (review section 5)

USAGE = [  # (probe, argv, exit, stderr's first line)
    ("L01", ["build", "nosuch"], 2,
     "pnp build: unknown game nosuch (choose from dicemants, gang-of-dice, dice-arena, dead-mans-dice)"),
    ("L02", ["build", "dicemants", "--lang", "xx"], 2,
     "pnp build: argument --lang: invalid choice: 'xx' (choose from 'en', 'es', 'ca', 'ru')"),
    ("L03", ["build", "dicemants", "--sticker-size", "0"], 2,
     "pnp build: argument --sticker-size: must be 8 to 30 mm, found 0"),
    ("L04", ["build", "dicemants", "--paper-die-size", "-5"], 2,
     "pnp build: argument --paper-die-size: must be 12 to 40 mm, found -5"),
    ("L05", ["build", "dicemants", "--sticker-size", "1e9"], 2,
     "pnp build: argument --sticker-size: must be 8 to 30 mm, found 1e9"),
    ("L06", ["build", "dicemants", "--paper-die-size", "nan"], 2,
     "pnp build: argument --paper-die-size: must be 12 to 40 mm, found nan"),
    ("L07", ["build", "dicemants", "--sticker-size", "inf"], 2,
     "pnp build: argument --sticker-size: must be 8 to 30 mm, found inf"),
    ("L08", ["build", "dicemants", "--paper", "bogus"], 2,
     "pnp build: argument --paper: invalid choice: 'bogus' (choose from 'a4', 'letter', 'all')"),
    ("L12", ["build", "dicemants", "--out", ""], 2, "pnp build: argument --out: expected a folder, found an empty path"),
    ("L14", [], 2, "pnp: the following arguments are required: command"),
    ("R01", ["resolve", "dicemants", "diamond", "unicorn"], 2, "pnp resolve dicemants: unknown face unicorn (faces: "),
    ("R02", ["resolve", "dicemants", *["diamond"] * 9], 2,
     "pnp resolve dicemants: 9 rolled + 0 in the bag + 0 lost is more than the 6 dice of the game"),
    ("R03", ["resolve", "dicemants", "diamond", "--bag", "-1"], 2,
     "pnp resolve dicemants: argument --bag: must be 0 or more, not -1"),
    ("R04", ["resolve", "dicemants", "diamond", "--lost", "100"], 2,
     "pnp resolve dicemants: 1 rolled + 0 in the bag + 100 lost is more than the 6 dice of the game"),
    ("R05", ["resolve", "dicemants", "diamond", "--bag", "1e3"], 2,
     "pnp resolve dicemants: argument --bag: expected a whole number, found '1e3'"),
    ("S01", ["simulate", "dicemants", "--games", "0"], 2, "pnp simulate: argument --games: must be 1 to 100,000, found 0"),
    ("S02", ["simulate", "dicemants", "--games", "-1"], 2,
     "pnp simulate: argument --games: must be 1 to 100,000, found -1"),
    ("S03", ["simulate", "dicemants", "--games", "1000000000"], 2,
     "pnp simulate: argument --games: must be 1 to 100,000, found 1000000000"),
    ("S04", ["simulate", "dicemants", "--players", "0"], 2, "pnp simulate: --players must be 2 to 6"),
    ("S05", ["simulate", "dicemants", "--seed", "abc"], 2, "pnp simulate: argument --seed: expected a whole number, found 'abc'"),
    ("S06", ["simulate", "dicemants", "--strategy", "bogus"], 2,
     "pnp simulate: unknown strategy bogus (choose from cautious, balanced, greedy, optimal)"),
]


@pytest.mark.parametrize("probe, argv, code, first", USAGE, ids=[u[0] for u in USAGE])
def test_bad_command_lines_say_what_is_wrong_in_one_line(project, probe, argv, code, first):
    result, out, err = run("--root", str(project.root), *argv)
    assert (result, out) == (code, "")
    assert err.startswith(first) and err.count("\n") == 1 and "Traceback" not in err


def test_a_root_that_is_no_project_is_named(tmp_path):
    """L13: the folder given is named, not a rules file inside it."""
    assert run("--root", "/nonexistent", "build", "dicemants") == (2, "", "pnp: --root /nonexistent: no such folder\n")
    (tmp_path / "file").write_text("")
    assert run("--root", str(tmp_path / "file"), "check")[2] == f"pnp: --root {tmp_path / 'file'}: not a folder\n"
    assert run("--root", str(tmp_path), "check")[2] == f"pnp: --root {tmp_path}: not a pnp project (no rules/ folder in it)\n"


def test_an_out_that_relative_dots_lead_elsewhere_is_taken_as_asked(project, monkeypatch, tmp_path):
    """L11: `--out output/../../x` writes where it says (the stubbed renders keep this about paths only)."""
    stub_renders(monkeypatch)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").mkdir()
    code, _, _ = run("--root", str(project.root), "build", "dice-arena", "--lang", "en", "-q", "--out", "a/../b")
    assert code == 0 and (tmp_path / "b" / "dice-arena" / "en" / "kit.pdf").read_bytes() == b"%PDF kit"
    assert list((tmp_path / "a").iterdir()) == []


def test_simulate_shows_progress_on_stderr_for_long_runs():
    """S03: a line every two seconds of a run (the clock is a stand-in), none for a short run, none when quiet."""
    import io

    from pnp.cli import Progress

    now = [0.0]
    err = io.StringIO()
    shown = Progress(5000, err, clock=lambda: now[0])
    for done in range(1, 5001):
        now[0] = done / 1000  # a millisecond a game: five seconds in all
        shown(done)
    assert err.getvalue() == "[2,000/5,000 games]\n[4,000/5,000 games]\n"
    quiet = io.StringIO()
    Progress(5000, quiet, quiet=True, clock=lambda: 99.0)(1)
    assert quiet.getvalue() == ""


def test_a_game_that_does_not_end_is_reported_against_the_rules_file(project, monkeypatch):
    """Y24b: a game that runs past the stated bound of steps (a goal no one reaches) is an error, not a hang."""
    monkeypatch.setattr("pnp.games.chance.MAX_STEPS", 20)
    code, out, err = run("--root", str(project.root), "simulate", "dicemants", "--games", "3")
    assert (code, out) == (2, "")
    assert err == ("error: rules/dicemants.yaml: a game did not end within 20 steps: under these rules it cannot end, "
                   "or not in a time anyone would play\n")


def test_ctrl_c_in_any_command_is_one_line_and_exit_130(project, monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr("pnp.cli.COMMANDS", {**__import__("pnp.cli").cli.COMMANDS, "odds": interrupted})
    assert run("--root", str(project.root), "odds", "dicemants") == (130, "", "pnp: interrupted\n")


# ------------------------------------------------------------------ template probes (review section 4)

BODY = (Path(__file__).parent.parent / "templates" / "rulebook.html").read_text().split("\n").index("<body>") + 1
"""The line of `<body>` in templates/rulebook.html, where the probes put their markup."""


def _edit(project_copy, name: str, line: str, at: int | None = None) -> int:
    """Insert `line` into a template after line `at` (None: at the end); returns its line number."""
    path = project_copy.templates / name
    lines = path.read_text().split("\n")
    assert at is None or lines[at - 1] == "<body>"  # the probes stand just inside the body
    index = len(lines) if at is None else at
    lines.insert(index, line)
    path.write_text("\n".join(lines))
    return index + 1


JINJA = [  # (probe, markup after <body>, link to make, message after "templates/rulebook.html:LINE: ")
    ("T01", "{% if overview %", None, "template syntax: unexpected"),
    ("T02", "{{ nosuch_variable }}", None, "template: 'nosuch_variable' is undefined"),
    ("T03", "{{ 1 / 0 }}", None, "template: ZeroDivisionError: division by zero"),
    ("T04", '{% include "nosuch.html" %}', None, "template 'nosuch.html' not found"),
    ("T13", '{% include "../../../../etc/passwd" %}', None, "template '../../../../etc/passwd' not found"),
    ("T14", '<pre>{% include "pw.html" %}</pre>', "pw.html", "template 'pw.html' leads outside the templates folders"),
]


@pytest.mark.parametrize("probe, markup, link, message", JINJA, ids=[j[0] for j in JINJA])
def test_template_mistakes_are_located_to_the_line(project_copy, tmp_path, probe, markup, link, message):
    from helpers import game, tr

    from pnp.errors import InputError
    from pnp.rulebook import rulebook_html

    if link:  # a template that is a symlink out of the project
        secret = tmp_path / "secret.txt"
        secret.write_text("root:x:0:0:secret\n")
        (project_copy.templates / link).symlink_to(secret)
    line = _edit(project_copy, "rulebook.html", markup, at=BODY)
    with pytest.raises(InputError) as caught:
        rulebook_html(project_copy, game("dead-mans-dice"), tr("en"))
    reported = line + 1 if probe == "T01" else line  # an unclosed tag is seen on the line after it
    assert str(caught.value).startswith(f"templates/rulebook.html:{reported}: {message}")
    assert "root:x" not in str(caught.value)  # the file it leads to is named, never read


SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
       '<image href="file:///etc/hostname" width="5" height="5"/></svg>')
URLS = [  # (probe, template, markup, link to make, URL refused)
    ("T05", "rulebook.html", '<img src="file:///etc/passwd">', None, "file:///etc/passwd"),
    ("T06", "rulebook.html", '<link rel="stylesheet" href="http://example.com/x.css">', None,
     "http://example.com/x.css"),
    ("T07", "rulebook.html", '<link rel=stylesheet href="evil.css">', "evil.css", "file://{templates}/evil.css"),
    ("T08", "rulebook.html", f'<link rel=stylesheet href="{"../" * 20}etc/passwd">', None, "file:///etc/passwd"),
    ("T09", "rulebook.html", '<style>@import url("file:///etc/hostname");</style>', None, "file:///etc/hostname"),
    ("T10", "rulebook.css", 'body { background: url("FILE://localhost/etc/passwd"); }', None,
     "FILE://localhost/etc/passwd"),
    ("T11", "rulebook.css", '@font-face { font-family: X; src: url("file:///etc/passwd"); } body { font-family: X; }',
     None, "file:///etc/passwd"),
    ("T12", "rulebook.html", f'<img src="data:image/svg+xml;base64,{base64.b64encode(SVG.encode()).decode()}">', None,
     "file:///etc/hostname"),
]


@pytest.mark.parametrize("probe, name, markup, link, url", URLS, ids=[u[0] for u in URLS])
def test_a_refused_url_names_the_template_line_that_asks_for_it(project_copy, probe, name, markup, link, url):
    """The page is the probe's markup alone (a rulebook takes a second to lay out); the template holds it too."""
    from pnp.errors import InputError
    from pnp.pdf import render_pdf

    templates = project_copy.templates
    if link:
        (templates / link).symlink_to("/etc/passwd")
    line = _edit(project_copy, name, markup, at=BODY if name.endswith(".html") else None)
    page = f"<style>{markup}</style>" if name.endswith(".css") else markup
    with pytest.raises(InputError) as caught:
        render_pdf(f"<html><body>{page}<p>x</p></body></html>", [project_copy.root], templates, [templates],
                   "templates/rulebook.html", project_copy.root)
    shown = url.format(templates=templates.resolve())
    assert str(caught.value).startswith(f"templates/{name}:{line}: refused to read {shown}")
    assert str(caught.value).endswith("only project files and data: URIs may be used")
    if link:
        assert "(a link to /etc/passwd)" in str(caught.value)


def test_a_refused_url_stops_the_build_and_writes_nothing(project_copy):
    """T05 end to end: exit 2, the template's file and line, no traceback, no output folder."""
    line = _edit(project_copy, "rulebook.html", '<img src="file:///etc/passwd">', at=BODY)
    code, out, err = run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "en")
    assert (code, out) == (2, "")
    assert err == (f"error: templates/rulebook.html:{line}: refused to read file:///etc/passwd: only project files "
                   "and data: URIs may be used\n")
    assert not (project_copy.root / "output").exists()
