"""The command line, called in-process: exit codes, located errors, quiet mode, atomic output."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest
from helpers import run


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


def test_broken_template_is_located_and_keeps_the_old_pdf(project_copy):
    from pnp.build import build

    build(project_copy, ["dice-arena"], ["en"], out=project_copy.root / "output", workers=1)
    pdf = project_copy.root / "output" / "dice-arena" / "en" / "rulebook.pdf"
    before = pdf.read_bytes()
    template = project_copy.templates / "rulebook.html"
    lines = template.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if "<h2>{{ _(\"Components\") }}</h2>" in line)
    lines[index] = lines[index].replace("{{ _(\"Components\") }}", "{{ components_heading }}")
    template.write_text("\n".join(lines))
    code, out, err = run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "en")
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

    def render(settings, job, translators=None):  # no PDF: this test is about the log
        made.append(job.path)
        return [], []

    monkeypatch.setattr("pnp.build._render", render)
    monkeypatch.setattr("pnp.build._kit", lambda job, tr, jobs: made.append(job.path))
    monkeypatch.setattr("pnp.build.PER_WORKER", 1000)  # one process, so the stub renders
    argv = ["--root", str(project.root), "build", "gang-of-dice", "--lang", "es", "--lang", "ru", "--out", str(tmp_path)]
    code, out, err = run(*argv)
    assert code == 0
    assert out == "built 12 files\n"
    kinds = ("rulebook", "dice", "score-pad", "cards", "player-aid", "kit")
    expected = [tmp_path / "gang-of-dice" / lang / f"{kind}.pdf" for lang in ("es", "ru") for kind in kinds]
    assert err == "".join(f"[{i:>2}/12] {path}\n" for i, path in enumerate(expected, 1))
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
