"""What the accessible outputs cost: every rulebook and sheet rendered tagged (PDF/UA-1) and untagged; the web page."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from pnp import derived, web
from pnp.i18n import translator
from pnp.pdf import PDF_VARIANT, render_pdf
from pnp.project import FONTS_DIR, Project
from pnp.rulebook import rulebook_html
from pnp.rules import load_games
from pnp.sheets import sheets_for
from pnp.sheets.kinds import sheet_html


def seconds(work: Callable[..., object], repeat: int = 2) -> float:
    """The best of `repeat` runs of `work()`, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> int:
    project = Project(Path(__file__).resolve().parent.parent)
    games = load_games(project.rules, project.root)
    tr = translator(project.locales, "en", project.root)
    allowed = [project.root, FONTS_DIR]
    totals = {"tagged": 0.0, "untagged": 0.0}
    print(f"{'document':40} {'untagged':>9} {'tagged':>9} {'ratio':>6}  (CPU seconds, best of 2)")
    with derived.using(project.root / derived.FOLDER):
        for game in games:
            pages = [("rulebook", rulebook_html(project, game, tr))]
            pages += [(s.kind, sheet_html(project, game, tr, s.kind)) for s in sheets_for(game)]
            for kind, html in pages:
                plain = seconds(lambda html=html: render_pdf(html, allowed, project.templates, variant=None))
                tagged = seconds(lambda html=html: render_pdf(html, allowed, project.templates, variant=PDF_VARIANT))
                totals["untagged"] += plain
                totals["tagged"] += tagged
                print(f"{game.id + ' ' + kind:40} {plain:9.2f} {tagged:9.2f} {tagged / plain:6.2f}")
        print(f"{'all (one language, A4)':40} {totals['untagged']:9.2f} {totals['tagged']:9.2f} "
              f"{totals['tagged'] / totals['untagged']:6.2f}")
        langs = list(project.languages)
        for game in games:
            made = seconds(lambda game=game: rulebook_html(project, game, tr))
            page = seconds(lambda game=game: web.web_rulebook(project, game, tr, langs))
            size = len(web.web_rulebook(project, game, tr, langs).encode())
            print(f"{game.id + ' web page':40} rulebook HTML {made:.2f} s, web page {page:.2f} s, "
                  f"{size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
