"""What a score pad's legend costs to keep off its table: the legend laid out alone to measure it, against the pad's
HTML and PDF; and the layout check's reading for text over a fill, over the PDFs of a build (`--out DIR`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from access_cost import seconds  # the best of a few runs, in CPU seconds: one timer for the cost scripts

from pnp import layout
from pnp.i18n import translator
from pnp.pdf import render_pdf
from pnp.project import FONTS_DIR, PAPERS, Project
from pnp.rules import load_games
from pnp.sheets import kinds
from pnp.sheets.kinds import sheet_html


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, help="a build's output folder: time the layout check over its PDFs")
    args = parser.parse_args()
    project = Project(Path(__file__).resolve().parent.parent)
    games = load_games(project.rules, project.root)
    measured = kinds._below_legend
    totals = [0.0, 0.0, 0.0]
    print(f"{'score pad':28} {'legend':>7} {'HTML':>6} {'PDF':>6}  (CPU seconds, best of 2; HTML without the legend)")
    for game in games:
        for lang in project.languages:
            tr = translator(project.locales, lang, project.root)
            for paper in PAPERS:
                html = sheet_html(project, game, tr, "score-pad", paper)
                kinds._below_legend = lambda project, game, tr, frame, context: context["pad"]
                bare = seconds(lambda: sheet_html(project, game, tr, "score-pad", paper))  # noqa: B023
                kinds._below_legend = measured
                legend = seconds(lambda: sheet_html(project, game, tr, "score-pad", paper)) - bare  # noqa: B023
                pdf = seconds(lambda: render_pdf(html, [project.root, FONTS_DIR], project.templates), 1)  # noqa: B023
                totals = [totals[0] + legend, totals[1] + bare, totals[2] + pdf]
                print(f"{game.id + ' ' + lang + ' ' + paper:28} {legend:7.3f} {bare:6.3f} {pdf:6.3f}")
    print(f"{'all':28} {totals[0]:7.2f} {totals[1]:6.2f} {totals[2]:6.2f}  "
          f"(the legend: {totals[0] / (totals[1] + totals[2]):.0%} of a pad)")
    if args.out:
        files = [p for p in sorted(args.out.rglob("*.pdf")) if layout.rules_for(p) is not None]
        data = [(p.read_bytes(), layout.rules_for(p) or layout.SHEET) for p in files]
        risky = layout._risky
        whole = seconds(lambda: [layout.check(b, rules) for b, rules in data])
        layout._risky = lambda objects, bounds, rgba: []  # no plain fill judged, none read
        without = seconds(lambda: [layout.check(b, rules) for b, rules in data])
        layout._risky = risky
        print(f"layout check of {len(files)} PDFs: {whole:.2f} s, {without:.2f} s without reading text over fills "
              f"({(whole - without) / len(files) * 1000:.1f} ms a file)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
