"""The command line, called in-process: exit codes, located errors, quiet mode, atomic output."""

from __future__ import annotations

import io
import subprocess
import sys

from pnp.cli import main


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_check_passes_on_main(project):
    code, out, err = run("--root", str(project.root), "check")
    assert code == 0
    assert [line.split(":")[0] for line in err.splitlines()] == ["warning", "warning"]  # the two impossible source examples
    assert out == "ok: 4 rules files valid; catalogs es, ca, ru complete\n"


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
    out_dir = project_copy.root / "output"
    assert run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "en", "-q") == (0, "", "")
    pdf = out_dir / "dice-arena" / "en" / "rulebook.pdf"
    before = pdf.read_bytes()
    template = project_copy.templates / "rulebook.html"
    lines = template.read_text().split("\n")
    index = next(i for i, l in enumerate(lines) if "<h2>{{ _(\"Components\") }}</h2>" in l)
    lines[index] = lines[index].replace("{{ _(\"Components\") }}", "{{ components_heading }}")
    template.write_text("\n".join(lines))
    code, out, err = run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "en")
    assert code == 2
    assert err == f"error: templates/rulebook.html:{index + 1}: template: 'components_heading' is undefined\n"
    assert pdf.read_bytes() == before
    assert sorted(p.name for p in pdf.parent.iterdir()) == [
        "dice.pdf", "kit.pdf", "mats.pdf", "player-aid.pdf", "rulebook.pdf", "score-pad.pdf"]


def test_template_syntax_error_is_located(project_copy):
    template = project_copy.templates / "rulebook.css"
    template.write_text(template.read_text() + "\n{% if %}\n")
    code, _, err = run("--root", str(project_copy.root), "build", "dice-arena", "--lang", "en")
    lines = template.read_text().split("\n")
    assert code == 2
    assert err.startswith(f"error: templates/rulebook.css:{len(lines) - 1}: template syntax:")


def test_quiet_build_prints_nothing_and_progress_goes_to_stderr(project_copy):
    code, out, err = run("--root", str(project_copy.root), "build", "gang-of-dice", "--lang", "es", "--lang", "ru")
    assert code == 0
    assert out == "built 12 files\n"
    made = [f"output/gang-of-dice/{lang}/{kind}.pdf" for lang in ("es", "ru")
            for kind in ("rulebook", "dice", "score-pad", "cards", "player-aid", "kit")]
    assert err == "".join(f"[{i:>2}/12] {path}\n" for i, path in enumerate(made, 1))


def test_python_dash_m_runs_the_same_command_line(project):
    result = subprocess.run([sys.executable, "-m", "pnp", "--root", str(project.root), "check", "-q"],
                            capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_outputs_are_written_whole_with_ordinary_permissions(tmp_path):
    import os
    import stat

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

    try:
        atomic_write(target, broken)
    except RuntimeError:
        pass
    assert target.read_text() == "whole"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.txt"]
