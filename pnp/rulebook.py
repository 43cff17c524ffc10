"""Rulebook HTML: the shared layout, the game's own tables, and its engine's examples and odds."""

from __future__ import annotations

import re

from .games import find_spec
from .games.views import odds_view
from .i18n import Translator
from .model import Game
from .project import PAPERS, Project
from .templating import game_context, render_template


def rulebook_html(project: Project, game: Game, tr: Translator, paper: str = "a4", tight: bool = False) -> str:
    """The rulebook of one game in one language, as HTML ready for WeasyPrint; `tight` sets it a little closer
    (line spacing, table rows, the space around headings), to pull back a nearly empty last page."""
    book = find_spec(game.id).book
    context = game_context(game, tr)
    context.update(
        paper=PAPERS[paper][0],
        tight=tight,
        examples=book.examples(game, tr) if book else None,
        odds=[odds_view(table, tr) for table in book.printed_odds(game)] if book else [],
    )
    return keep_last_words(render_template(project, tr, "rulebook.html", context, game))


_LAST_WORD = re.compile(r"(?<![^\s>])([^\s<>]*[^\W\d_]{6}[^\s<>]*)(?=</(?:p|li|aside)>)")
"""The last word of a paragraph, list item or note, with its punctuation, when it is long enough to be hyphenated
(six letters: the stylesheet's hyphenate-limit-chars)."""


def keep_last_words(html: str) -> str:
    """Mark the last word of every paragraph whole (`.whole`: never hyphenated), so no paragraph ends on the
    fragment of a word carried over from the line before («ju-/gador.»)."""
    return _LAST_WORD.sub(r'<span class="whole">\1</span>', html)
