"""The two protocols a game implements: Engine (pure rules, OpenSpiel-shaped) and Book (what rulebook and CLI ask)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from argparse import ArgumentParser, Namespace

    from ..i18n import Translator
    from ..model import Game
    from .views import ExamplesView, OddsTable, Resolved

S = TypeVar("S")
"""A game state: a frozen value; applying an action makes a new one."""
A = TypeVar("A")
"""A player action or a chance outcome."""
E = TypeVar("E", covariant=True)
"""An event: data (a kind plus fields) telling what an action did, never prose."""
S_contra = TypeVar("S_contra", contravariant=True)
"""A game state, as a Policy takes it."""
A_co = TypeVar("A_co", covariant=True)
"""A player action, as a Policy gives it."""

CHANCE = -1
"""current_player of a chance node: the game, not a player, moves next."""
TERMINAL = -2
"""current_player of a finished game."""


class Engine(Protocol[S, A]):
    """A game's rules as pure functions of immutable states, shaped like OpenSpiel's Python games.

    Chance is an explicit step: at a chance node the engine lists the outcomes with their exact
    probabilities and the *caller* picks one (with its own seeded generator, or by walking them all).
    A game record is then a seed plus a list of actions; replaying it gives the same events.
    An engine reads no files, clock or global random state, and imports only the standard library.
    """

    def new_game(self, players: int) -> S:
        """The state before anyone has moved; ValueError for a player count the rules do not allow."""
        ...

    def current_player(self, state: S) -> int:
        """The seat to move (0-based), CHANCE at a chance node, TERMINAL once the game is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """The actions the player to move may take, in a fixed order (empty at chance and terminal nodes)."""
        ...

    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """At a chance node, every outcome with its exact probability (they sum to 1); else empty."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, tuple[Any, ...]]:
        """The state after a player action or a chance outcome, and the events it caused; ValueError if illegal."""
        ...

    def returns(self, state: S) -> tuple[Fraction, ...]:
        """Each seat's payoff at a terminal state (1 for a win, 0 otherwise; shared wins split it)."""
        ...

    def key(self, state: S) -> Hashable:
        """A canonical, hashable key: equal for states the rest of the game cannot tell apart (no counters)."""
        ...


class Policy(Protocol[S_contra, A_co]):
    """A named way to play: picks one of the legal actions in a state."""

    @property
    def name(self) -> str:
        """The policy's name, as reports show it."""
        ...

    def act(self, state: S_contra) -> A_co:
        """The action this policy takes; must be one of the engine's legal actions."""
        ...


class Book(Protocol):
    """What a game with an engine adds to its rulebook and to the command line.

    Every method takes the loaded Game, so a rule change in the rules file flows through.
    Results meant for the page are built from catalogs (the Translator), never typed prose.
    """

    def engine(self, game: Game) -> Engine[Any, Any]:
        """The pure engine playing this game's rules; InputError naming the rules file if it cannot."""
        ...

    def examples(self, game: Game, tr: Translator) -> ExamplesView | None:
        """The worked examples for the rulebook, in the reader's language (None: the game has none)."""
        ...

    def odds(self, game: Game) -> Sequence[OddsTable]:
        """Exact odds tables (Fractions), computed from the rules: what `pnp odds --json` prints."""
        ...

    def printed_odds(self, game: Game) -> Sequence[OddsTable]:
        """The odds tables as the rulebook prints them (may leave columns out); empty when it prints none."""
        ...

    def tell(self, game: Game, outcome: Any, tr: Translator) -> list[str]:
        """What happened in a resolved position (Resolved.outcome), told from its events in the reader's language."""
        ...

    def snapshot(self, game: Game, tr: Translator) -> str:
        """The worked examples as plain text, reviewed as a diff after a rule change ('' when there are none)."""
        ...

    def warnings(self, game: Game) -> list[str]:
        """Things `pnp check` should point out about the rules file without failing (e.g. impossible examples)."""
        ...

    def strategies(self, game: Game) -> Mapping[str, Policy[Any, Any]]:
        """The named policies `pnp simulate` can seat, in a fixed order."""
        ...

    def measures(self, game: Game) -> Mapping[str, Callable[[Any], float]]:
        """What `pnp simulate` measures on each finished game, by name (e.g. `turns`, `rounds`)."""
        ...

    def describe(self, policy: Policy[Any, Any]) -> str:
        """A short plain-text note of what a policy does, for the simulation report."""
        ...

    def add_resolve_arguments(self, parser: ArgumentParser) -> None:
        """The arguments `pnp resolve GAME …` takes for this game."""
        ...

    def resolve(self, game: Game, args: Namespace) -> Resolved:
        """Resolve one position from the parsed arguments.

        Bad arguments raise ValueError with a message for the user.
        """
        ...
