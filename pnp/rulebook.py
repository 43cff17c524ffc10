"""Rulebook HTML: the shared layout, the game's own tables, and its engine's examples and odds."""

from __future__ import annotations

from .games import find_spec
from .games.views import odds_view
from .i18n import Translator
from .model import Game
from .project import PAPERS, Project
from .templating import game_context, render_template


def rulebook_html(project: Project, game: Game, tr: Translator, paper: str = "a4", tight: bool = False,
                  web: list[tuple[str, str, str]] | None = None) -> str:
    """The rulebook of one game in one language, as HTML ready for WeasyPrint; `tight` sets it a little closer
    (line spacing, table rows, the space around headings), to pull back a nearly empty last page. `web` makes it
    the page a browser shows (pnp.web): a phone's viewport, and a switcher to each language's page, given as
    (language, its name in itself, relative link)."""
    spec = find_spec(game.id)
    book = spec.book
    context = game_context(game, tr)
    context.update(
        paper=PAPERS[paper][0],
        tight=tight,
        web=web,
        examples=book.examples(game, tr) if book else None,
        odds=[odds_view(table, tr) for table in book.printed_odds(game)] if book else [],
        playing=spec.playing(game, tr) if spec.playing else None,
    )
    return render_template(project, tr, "rulebook.html", context, game)



def terms(game: Game, tr: Translator) -> tuple[str, ...]:
    """The game's own words in the reader's language, which its rulebook never hyphenates: the names of its faces,
    its dice and its own sheets (pic trencat, Кубик банды, Targetes d’advertència)."""
    sheets = find_spec(game.id).sheets
    names = [tr.text(f.name, game.values) for f in game.faces] + [tr.text(d.name, game.values) for d in game.dice]
    names += [sheet.title(tr, game) for sheet in sheets if sheet.wanted(game)]
    return tuple(dict.fromkeys(names))
