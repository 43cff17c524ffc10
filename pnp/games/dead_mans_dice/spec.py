"""Dead Man's Dice as the shared code sees it: its parameters, its pirates' colours and symbols, pad and book."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from ...i18n import Translator
from ...model import FieldPath, FrozenDict, Game, Params, Range
from ...rules import Checker
from ...sheets.options import BLANK_DIE
from ..gamespec import GameSpec, Owner
from .book import BALANCE, DeadMansBook
from .kit import score_pad
from .symbols import SYMBOLS, badge_uri, symbol


@dataclass(frozen=True)
class DeadMansDiceParams(Params):
    """The numbers of a Dead Man's Dice game."""

    goal: Annotated[int, Range(1, 300)]
    """Doubloons that win the game at the end of a round (100)."""
    skull_value: Annotated[int, Range(0, 20)]
    """What a skull and crossbones is worth in a pile (7)."""
    keelhaul_penalty: Annotated[int, Range(0, 20)]
    """Lost by a pirate still holding their Jolly Roger die when the round ends (7)."""
    broadside_penalty: Annotated[int, Range(0, 20)]
    """Lost for knocking over another pirate's pile (7)."""
    pile_total: Annotated[int, Range(2, 12)]
    """Two dice that add up to this may be stacked (7)."""
    knock_over_chance: Annotated[int, Range(0, 10)]
    """In percent: the chance the engine gives a rolled die of knocking a pile over (a physical event; 0 by default;
    past 10, penalties outrun scores and a game may never end)."""

    def check(self, game: Game) -> Iterator[tuple[FieldPath, str]]:
        if game.players[0] not in EXAMPLE_SEATS:  # the worked examples seat the fewest players, each one named
            yield ("players", "min"), (f"must be {EXAMPLE_SEATS} (the worked examples name six pirates), "
                                       f"found {game.players[0]}")
        if "pirates" not in game.extras:  # every pirate's dice go back to them: each needs a colour and a symbol
            yield (), "missing required field 'pirates' (a colour and a symbol for each player)"
        elif game.players[1] > MAX_PIRATES:
            yield ("players", "max"), (f"must be at most {MAX_PIRATES}: each pirate needs a symbol of their own "
                                       f"({', '.join(SYMBOLS)}), found {game.players[1]}")
        elif len(pirates(game)) != game.players[1]:
            yield ("pirates",), (f"needs one entry per player, {game.players[1]} (players.max), "
                                 f"found {len(pirates(game))}")


EXAMPLE_SEATS = Range(2, 6)
"""The fewest players a game may be for: the worked examples seat that many, and name each."""

params = DeadMansDiceParams.of
"""The game's parameters, typed."""

COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
"""A pirate's colour: `#rrggbb`."""
WHITE_CONTRAST = 3.0
"""The least contrast a pirate's colour keeps with the white symbol drawn on it (WCAG's bar for graphics)."""
MAX_PIRATES = len(SYMBOLS)
"""No more pirates than symbols: each needs their own."""


def contrast_with_white(colour: str) -> float:
    """The WCAG contrast ratio between `#rrggbb` and white: 21 for black, 1 for white."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def pirates(game: Game) -> tuple[Owner, ...]:
    """Each pirate's colour and symbol, player 1 first: on their dice, their score-pad column, the pictures."""
    found: tuple[Owner, ...] = game.extras.get("pirates", ())
    return found


def _pirates(ck: Checker, value: Any, path: tuple[Any, ...], face_ids: frozenset[str]) -> tuple[Owner, ...]:
    """The `pirates:` list: a `#rrggbb` colour and a symbol each, no colour or symbol twice."""
    out: list[Owner] = []
    colours: dict[str, int] = {}
    symbols: dict[str, int] = {}
    for i, raw in enumerate(ck.listing(value, path, 1, MAX_PIRATES)):
        where = path + (i,)
        m = ck.mapping(raw, where, {"colour", "symbol"}, set())
        if m is None:
            continue
        colour = ck.string(m.get("colour"), where + ("colour",))
        if colour is not None and not COLOUR.fullmatch(colour):
            ck.fail(where + ("colour",), f"must be a colour written #rrggbb, found {colour!r}")
            colour = None
        elif colour is not None and contrast_with_white(colour) < WHITE_CONTRAST:
            ck.fail(where + ("colour",), f"{colour} is too light for the white symbol drawn on it: contrast "
                                         f"{contrast_with_white(colour):.1f}:1, at least {WHITE_CONTRAST:.0f}:1")
            colour = None
        elif colour is not None and colour.lower() in colours:
            ck.fail(where + ("colour",), f"{colour} is pirate {colours[colour.lower()] + 1}'s colour already")
            colour = None
        symbol_id = ck.choice(m.get("symbol"), where + ("symbol",), tuple(SYMBOLS))
        if symbol_id is not None and symbol_id in symbols:
            ck.fail(where + ("symbol",), f"{symbol_id} is pirate {symbols[symbol_id] + 1}'s symbol already")
            symbol_id = None
        if colour is not None:
            colours[colour.lower()] = i
        if symbol_id is not None:
            symbols[symbol_id] = i
        if colour is not None and symbol_id is not None:
            out.append(Owner(i + 1, colour.lower(), symbol_id))
    return tuple(out)


def _context(game: Game, tr: Translator) -> Mapping[str, Any]:
    """What the game's templates use: a pirate's badge (their symbol in white on their colour) for the pictures;
    `aid_scoring_apart`: the player aid sets the quick reference's last list (the scoring) beside the faces."""
    return {"pirate_badge": badge_uri, "aid_scoring_apart": True}


def _derive(game: Game) -> Mapping[str, Any]:
    """`{skull_number}`: the number a skull and crossbones counts as, the one it covers on an ordinary die (1);
    `{lowest_number}` and `{highest_number}`: the ends of the numbers, which never wrap around (1 and 6);
    `{dice_per_player}`, `{dice_min}`, `{dice_max}`: the dice a pirate and a table bring (3, 6 and 18);
    `{blank_die_mm}`: the size of the blank dice the stickers fit (16)."""
    from .engine import SKULL

    numbers = [face.value for face in game.faces if face.value is not None]
    skull = next((face for face in game.faces if face.id == SKULL), None)
    derived: dict[str, Any] = {"lowest_number": min(numbers), "highest_number": max(numbers)} if numbers else {}
    # The dice a table brings (the kit prints none): so many per pirate, for the fewest and the most pirates.
    per_player = sum(die.per_player or 0 for die in game.dice)
    derived.update(dice_per_player=per_player, dice_min=per_player * game.players[0],
                   dice_max=per_player * game.players[1], blank_die_mm=round(BLANK_DIE))
    if skull is not None and skull.value is not None:
        derived["skull_number"] = skull.value
    return derived


SPEC = GameSpec(
    id="dead-mans-dice",
    params=DeadMansDiceParams,
    score_pad=score_pad,
    templates=Path(__file__).parent / "templates",
    keys=FrozenDict({"pirates": _pirates}),
    derive=_derive,
    context=_context,
    book=DeadMansBook(),
    balance=BALANCE,
    owners=pirates,
    symbol=symbol,
)
