"""`pnp watch --serve`: a real headless Chromium shows the rulebook, a rules file is saved, the page shows the change."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from helpers import CHROMEDRIVER, CHROMIUM, NO_BROWSER, ROOT, chromium

from pnp.preview import inside


def start(root: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """`pnp watch --serve` on a free port, in its own process; the preview's URL it prints."""
    process = subprocess.Popen([sys.executable, "-m", "pnp", "--root", str(root), "watch", "--serve", "--port", "0",
                                *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.fullmatch(r"preview: (http://127\.0\.0\.1:\d+/)\n", line)
    if not found:
        process.kill()
        pytest.fail(f"no preview URL: {line!r} {process.stderr.read() if process.stderr else ''}")
    return process, found[1]


@pytest.fixture
def copy(tmp_path) -> Path:
    for name in ("rules", "templates", "locales"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code, ""


def stop(process: subprocess.Popen[str]) -> str:
    """End the watcher (as Ctrl-C would) and return what it wrote on stderr."""
    process.terminate()
    _, err = process.communicate(timeout=10)
    return err


@pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()), reason=NO_BROWSER)
def test_the_open_rulebook_shows_a_new_goal_without_a_reload_by_hand(copy):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    process, url = start(copy, "dead-mans-dice", "--lang", "en", "--no-pdf")
    browser = chromium()
    try:
        browser.get(url)
        browser.find_element(By.LINK_TEXT, "Rulebook").click()
        body = browser.find_element(By.TAG_NAME, "body")
        assert "100\u00a0doubloons" in body.text or "100 doubloons" in body.text
        rules = copy / "rules" / "dead-mans-dice.yaml"
        rules.write_text(rules.read_text().replace("  goal: 100\n", "  goal: 135\n"))
        # The page reloads itself: the new goal appears without anyone asking for it.
        WebDriverWait(browser, 10, poll_frequency=0.05).until(
            lambda b: "135" in b.find_element(By.TAG_NAME, "body").text)
        assert "rulebook.html" in browser.current_url
    finally:
        browser.quit()
        stop(process)


def test_the_server_serves_only_the_output_and_the_fonts(copy):
    process, url = start(copy, "dice-arena", "--lang", "en", "--no-pdf")
    try:
        assert get(url)[0] == 200
        assert get(url + "fonts/PTSans-Bold.ttf")[0] == 200
        for refused in ("pdf/../../etc/passwd", "pdf/%2e%2e/%2e%2e/etc/passwd", "fonts/../build.py",
                        "pdf/.pnp-cache/manifest.json", "rules/dice-arena.yaml", "preview/dice-arena/xx/rulebook.html"):
            assert get(url + refused)[0] in (403, 404), refused
        code, page = get(url + "preview/dice-arena/en/rulebook.html")
        assert code == 200 and "/fonts/PTSerif-Regular.ttf" in page and "file://" not in page
        faces = set(re.findall(r'src="(/faces/[0-9a-f]{16}\.svg)"', page))
        assert faces and all(get(url + face[1:])[1].startswith("<svg") for face in faces)
        assert get(url + "faces/0123456789abcdef.svg")[0] == 404
    finally:
        assert "Traceback" not in stop(process)


def test_inside_refuses_what_leads_out(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "rulebook.pdf").write_bytes(b"%PDF")
    (tmp_path / "a" / "out.pdf").symlink_to("/etc/hostname")
    assert inside(tmp_path, "a/rulebook.pdf") == (tmp_path / "a" / "rulebook.pdf").resolve()
    assert [inside(tmp_path, p) for p in ("../x.pdf", "a/../../x.pdf", "a/out.pdf", ".pnp-cache/manifest.json", "")] \
        == [None] * 5


def test_watch_remakes_the_saved_games_files_and_keeps_watching_after_an_error(copy, monkeypatch):
    """The watcher itself, in-process, with stand-in PDFs: one line per file made, a located error, then on."""
    import io
    import threading

    from test_incremental import stand_in

    from pnp.project import Project
    from pnp.sheets import Options
    from pnp.watch import Watcher

    monkeypatch.setattr("pnp.sheets.files.render_pdf", stand_in)  # first, so the module is imported with the real one
    monkeypatch.setattr("pnp.pdf.render_pdf", stand_in)
    stdout, stderr = io.StringIO(), io.StringIO()
    watcher = Watcher(Project(copy), ["dice-arena", "dead-mans-dice"], ["en"], "a4", copy / "output", Options(),
                      stdout, stderr)
    monkeypatch.setattr("pnp.build.os.cpu_count", lambda: 1)
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()

    def until(text: str, stream: io.StringIO) -> None:
        deadline = time.monotonic() + 20
        while text not in stream.getvalue():
            assert time.monotonic() < deadline, (text, stdout.getvalue(), stderr.getvalue())
            time.sleep(0.05)

    try:
        until(" built\n", stdout)
        assert stdout.getvalue().splitlines()[-1] == "0 up to date, 15 built"  # two games: eight PDFs and kits, two web pages, their fonts
        stdout.truncate(0)
        stdout.seek(0)
        rules = copy / "rules" / "dice-arena.yaml"
        text = rules.read_text()
        rules.write_text(text.replace("  neutral_dice: 1\n", "  neutral_dice: 99\n"))
        until("still watching", stderr)
        assert "error: rules/dice-arena.yaml:16: params.neutral_dice: must be 0 to 5, found 99" in stderr.getvalue()
        rules.write_text(text.replace("  neutral_dice: 1\n", "  neutral_dice: 2\n"))
        until("8 up to date, 7 built", stdout)  # the fonts of the web pages left as they were
        built = [line for line in stdout.getvalue().splitlines() if line.startswith("built ")]
        assert built == [f"built output/dice-arena/en/{k}" for k in
                         ("rulebook.pdf", "rulebook.html", "stickers.pdf", "score-pad.pdf", "mats.pdf",
                          "player-aid.pdf", "kit.pdf")]
    finally:
        watcher.stop.set()
        thread.join(10)
