"""Exact optimal play, no sampling: win-probability maximisation for two players and points per turn for one.

Two routes, one knowing no game:

- `solve_game` / `solve_turn` walk any `Engine` (canonical `key()`s, exact chance outcomes) and solve the state
  graph by value iteration, vectorised with NumPy: seat 0 maximises its chance of winning, seat 1 minimises it.
  Every reachable state is listed, so it suits games of up to a few hundred thousand states.
- `solve_race` solves a *race*: players take turns, a turn banks points, the first to reach the goal wins. The
  game hands over one `TurnModel` (its turn as a Markov decision process that does not depend on the scores) and
  the race is solved by retrograde analysis over the score pairs, the highest total first, each pair starting
  from the plays "roll on until the turn holds θ points" solved once (`Turns`). A game whose states are too many
  to walk one by one (Dicemants: a turn has tens of thousands of positions) takes this route. `race_chances` races
  two fixed plays, each given by what its turns bank (`Turns.banked` follows a play forward from the turn's start).
  As the turn does not depend on the scores, a race's values depend only on what each player still needs: the
  race to a lower goal is a part of one solved before (`RaceSolution.to`), and a higher goal solves only the pairs
  where someone needs more (`solve_race(..., known=)`, `race_banked(..., known=)`), a goal edit in a second.

Values converge to within `TOLERANCE`; probabilities come from the engines' exact fractions. The race makes no dense
matrix product through BLAS (the few small ones are written out or sparse): BLAS threads left idle between products
spin on the other core, which cost a third more CPU than the race itself needs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import sparse
from scipy.sparse import csgraph

from .games.protocols import CHANCE, TERMINAL, Engine

TOLERANCE = 1e-13
"""Value iteration stops when no value moves by more than this."""
RACE_TOLERANCE = 1e-12
"""A race's layer stops sweeping when no value moves by more than this: each total of scores is then within about
this of exact, and the start, after 2·goal totals, well within 1e-9."""
MAX_SWEEPS = 100_000
"""A solve still moving after this many sweeps is a bug (a turn that can last for ever), reported as such."""


class NotConverging(RuntimeError):
    """Value iteration did not settle: the game has a cycle nothing can leave."""


@dataclass(frozen=True, eq=False)
class Chances:
    """A sparse matrix of probabilities, rows to columns (row-sorted), applied to columns of values."""

    rows: int
    cols: int
    row: np.ndarray
    col: np.ndarray
    p: np.ndarray

    @staticmethod
    def of(rows: int, cols: int, entries: Sequence[tuple[int, int, float]]) -> Chances:
        """From (row, column, probability) entries in any order; repeated entries add up."""
        a = np.array(entries, dtype=float).reshape(-1, 3)
        r, c = a[:, 0].astype(np.int64), a[:, 1].astype(np.int64)
        return Chances.arrays(rows, cols, r, c, a[:, 2])

    @staticmethod
    def arrays(rows: int, cols: int, row: np.ndarray, col: np.ndarray, p: np.ndarray) -> Chances:
        order = np.lexsort((col, row))
        return Chances(rows, cols, row[order], col[order], p[order])

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "matrix"}  # made again when asked for

    @functools.cached_property
    def matrix(self) -> sparse.csr_matrix:
        """The same as a sparse matrix (repeated entries added up)."""
        return sparse.csr_matrix((self.p, (self.row, self.col)), shape=(self.rows, self.cols))

    def dot(self, values: np.ndarray) -> np.ndarray:
        """(rows × k) = this (rows × cols) @ values (cols × k)."""
        out: np.ndarray = self.matrix @ values
        return out


# ------------------------------------------------------------------ any engine, state by state

@dataclass(frozen=True)
class GameSolution:
    """The solved game: seat 0's chance of winning under optimal play by both, and the best action everywhere."""

    value: float
    """Seat 0's chance of winning from the start (a shared win counts as its share)."""
    values: dict[Hashable, float]
    """Every reachable state's key: seat 0's chance of winning from there."""
    policy: dict[Hashable, Any]
    """Every decision state's key: the best action for the seat to move (the first of equals, engine order)."""


@dataclass(frozen=True)
class _Graph:
    keys: list[Hashable]
    kind: np.ndarray  # +1 max, -1 min, 0 chance, 2 leaf
    leaf: np.ndarray  # a leaf's value
    parent: np.ndarray  # edge: from node
    child: np.ndarray  # edge: to node
    p: np.ndarray  # edge: probability (chance) or 0 (decision)
    actions: list[Any]  # edge: the action (decision edges)


def _graph(engine: Engine[Any, Any], start: Any, leaf: Callable[[Any], float | None],
           side: Callable[[Any], int]) -> _Graph:
    """Every state reachable from `start` (one node per key); `leaf(state)` ends the walk with a value."""
    index: dict[Hashable, int] = {}
    keys: list[Hashable] = []
    kind: list[int] = []
    leafv: list[float] = []
    parent: list[int] = []
    child: list[int] = []
    prob: list[float] = []
    actions: list[Any] = []

    def node(state: Any) -> int:
        k = engine.key(state)
        i = index.get(k)
        if i is None:
            i = index[k] = len(keys)
            keys.append(k)
            kind.append(0)
            leafv.append(0.0)
            todo.append((i, state))
        return i

    todo: list[tuple[int, Any]] = []
    node(start)
    while todo:
        i, state = todo.pop()
        value = leaf(state)
        if value is not None:
            kind[i], leafv[i] = 2, value
            continue
        seat = engine.current_player(state)
        if seat == CHANCE:
            for outcome, q in engine.chance_outcomes(state):
                j = node(engine.apply(state, outcome)[0])
                parent.append(i)
                child.append(j)
                prob.append(float(q))
                actions.append(None)
        else:
            kind[i] = side(seat)
            for action in engine.legal_actions(state):
                j = node(engine.apply(state, action)[0])
                parent.append(i)
                child.append(j)
                prob.append(0.0)
                actions.append(action)
    order = np.argsort(np.array(parent, dtype=np.int64), kind="stable")
    return _Graph(keys, np.array(kind), np.array(leafv), np.array(parent, dtype=np.int64)[order],
                  np.array(child, dtype=np.int64)[order], np.array(prob)[order], [actions[k] for k in order])


def _iterate(g: _Graph) -> tuple[np.ndarray, np.ndarray]:
    """Values of every node by value iteration, and each decision edge's value (for the policy)."""
    n = len(g.keys)
    chance = g.kind[g.parent] == 0
    rows = g.parent[chance]
    chances = Chances(n, n, rows, g.child[chance], g.p[chance])
    dec = ~chance
    dparent, dchild = g.parent[dec], g.child[dec]
    sign = g.kind[dparent].astype(float)  # max for +1, min for -1: maximise sign * value
    starts = np.flatnonzero(np.r_[True, dparent[1:] != dparent[:-1]]) if dparent.size else np.zeros(0, np.int64)
    deciders = dparent[starts]
    values = np.where(g.kind == 2, g.leaf, 0.0)
    for _ in range(MAX_SWEEPS):
        new = chances.dot(values)
        new[g.kind == 2] = g.leaf[g.kind == 2]
        if dparent.size:
            new[deciders] = np.maximum.reduceat(sign * values[dchild], starts) * sign[starts]
        moved = float(np.max(np.abs(new - values))) if n else 0.0
        values = new
        if moved < TOLERANCE:
            return values, values[dchild]
    raise NotConverging(f"no settled values after {MAX_SWEEPS:,} sweeps")


def _best(g: _Graph, edge_values: np.ndarray) -> dict[Hashable, Any]:
    """The best action at each decision node: the first of the actions of highest value (for its seat)."""
    policy: dict[Hashable, Any] = {}
    best: dict[int, float] = {}
    for k, e in enumerate(np.flatnonzero(g.kind[g.parent] != 0).tolist()):
        i = int(g.parent[e])
        v = float(edge_values[k]) * float(g.kind[i])
        if i not in best or v > best[i] + 1e-12:
            best[i], policy[g.keys[i]] = v, g.actions[e]
    return policy


def solve_game(engine: Engine[Any, Any], players: int = 2) -> GameSolution:
    """Both seats of a two-player game playing to win: seat 0 maximises its chance of winning, seat 1 minimises it."""
    if players != 2:
        raise ValueError(f"players: the solver plays two-player games, not {players}")

    def leaf(state: Any) -> float | None:
        return float(engine.returns(state)[0]) if engine.current_player(state) == TERMINAL else None

    g = _graph(engine, engine.new_game(players), leaf, lambda seat: 1 if seat == 0 else -1)
    values, edge_values = _iterate(g)
    return GameSolution(float(values[0]), dict(zip(g.keys, values.tolist(), strict=True)), _best(g, edge_values))


def solve_turn(engine: Engine[Any, Any], state: Any, points: Callable[[Any], float]) -> GameSolution:
    """One player's turn from `state`, played for the most points: `value` is the expected gain of `points`.

    The turn is over when another seat is to move or the game ends; `points(state)` is the mover's score.
    """
    mover = engine.current_player(state)
    if mover < 0:
        raise ValueError("state: a turn starts where a player is to move")
    base = points(state)

    def leaf(s: Any) -> float | None:
        seat = engine.current_player(s)
        return points(s) - base if seat == TERMINAL or (seat != CHANCE and seat != mover) else None

    g = _graph(engine, state, leaf, lambda seat: 1)
    values, edge_values = _iterate(g)
    return GameSolution(float(values[0]), dict(zip(g.keys, values.tolist(), strict=True)), _best(g, edge_values))


# ------------------------------------------------------------------ a race to a goal, a turn at a time

@dataclass(frozen=True, eq=False)
class TurnModel:
    """One turn of a race game as a Markov decision process that does not depend on the scores.

    A turn starts with a choice among `options` (each a chance of the turn's first roll states); a roll state
    is a chance node whose outcomes end the turn banking b points (`ends`, column b), go on to another roll
    state at once (`forced`), or offer the choice to roll again (into that roll state) or stop banking
    `stop_bank[state]` points (`optional`).
    """

    options: tuple[str, ...]
    """The turn-start choices, as the game names them."""
    starts: Chances
    """options × roll states."""
    ends: Chances
    """roll states × banked points (0 to the most a turn can bank)."""
    forced: Chances
    """roll states × roll states."""
    optional: Chances
    """roll states × roll states: the roll lands where the player may roll again or stop."""
    stop_bank: np.ndarray
    """Per roll state: the points banked by stopping instead of making that roll."""

    @property
    def states(self) -> int:
        return self.forced.rows


@dataclass(frozen=True, eq=False)
class RaceSolution:
    """A two-player race to `goal` solved exactly: chances of winning and the best play at every score."""

    goal: int
    win: np.ndarray
    """win[i, j]: the chance that the player to move, with i points against j, wins under optimal play by both."""
    option: np.ndarray
    """option[i, j]: the index of the best turn-start option at those scores."""
    go_on: np.ndarray
    """go_on[r, i, j]: at those scores, rolling into roll state r beats stopping (bool)."""

    @property
    def first_player(self) -> float:
        """The first player's chance of winning, both playing optimally."""
        return float(self.win[0, 0])

    def to(self, goal: int) -> RaceSolution:
        """The race to a goal no higher, taken from this one: a turn does not depend on the scores, so the values
        and the best play depend only on what each player still needs; the pairs where someone needs more than
        `goal` are left out."""
        if not 1 <= goal <= self.goal:
            raise ValueError(f"goal: a race to {self.goal} holds the races to 1 to {self.goal}, not to {goal}")
        d = self.goal - goal
        return RaceSolution(goal, self.win[d:, d:].copy(), self.option[d:, d:].copy(),
                            np.ascontiguousarray(self.go_on[:, d:, d:]))


def _layers(turn: TurnModel) -> list[np.ndarray]:
    """The roll states in groups to evaluate in order: each group needs only groups before it, or itself (a cycle).

    Groups are the strongly connected components of the turn's graph, sinks first, those of equal depth merged.
    """
    n = turn.states
    src = np.concatenate([turn.forced.row, turn.optional.row])
    dst = np.concatenate([turn.forced.col, turn.optional.col])
    graph = sparse.csr_matrix((np.ones(src.size, dtype=np.int8), (src, dst)), shape=(n, n))
    comps, comp = csgraph.connected_components(graph, directed=True, connection="strong")
    # Depth = 1 + the deepest component a component leads to (sinks 0): raised along every edge until none moves.
    a, b = comp[src], comp[dst]
    between = a != b
    a, b = a[between], b[between]
    depth = np.zeros(comps, dtype=np.int64)
    for _ in range(comps + 1):
        deeper = depth.copy()
        np.maximum.at(deeper, a, depth[b] + 1)
        if np.array_equal(deeper, depth):
            break
        depth = deeper
    of = depth[comp]
    order = np.lexsort((np.arange(n), of))
    cuts = np.flatnonzero(np.diff(of[order])) + 1
    return [np.asarray(rows, dtype=np.int64) for rows in np.split(order, cuts)]


@dataclass(frozen=True, eq=False)
class _Layer:
    """A group of roll states whose successors are in groups before it, or in itself (`cyclic`)."""

    rows: np.ndarray
    ends: sparse.csr_matrix  # rows × banked
    forced: sparse.csr_matrix  # rows × every roll state, those of this group left out
    optional: sparse.csr_matrix
    forced_in: sparse.csr_matrix  # rows × rows: within the group
    optional_in: sparse.csr_matrix
    cyclic: bool

    @functools.cached_property
    def both_in(self) -> sparse.csr_matrix:
        """rows × 2·rows: forced_in and optional_in side by side, applied to the values stacked over the values after
        the choice (one product a sweep)."""
        return sparse.hstack([self.forced_in, self.optional_in], format="csr")


def _csr(m: Chances, rows: np.ndarray, cols: np.ndarray | None, n_cols: int) -> sparse.csr_matrix:
    """The entries of `m` from `rows` (renumbered 0..) to `cols` (renumbered 0..; None: every column, as is)."""
    local = np.full(m.rows, -1, dtype=np.int64)
    local[rows] = np.arange(rows.size)
    keep = local[m.row] >= 0
    col = m.col[keep]
    if cols is not None:
        to = np.full(m.cols, -1, dtype=np.int64)
        to[cols] = np.arange(cols.size)
        inside = to[col] >= 0
        keep[keep] = inside
        col = to[col[inside]]
    return sparse.csr_matrix((m.p[keep], (local[m.row[keep]], col)), shape=(rows.size, n_cols))


BLOCK = 1000
"""Layers smaller than this are iterated together with the next ones: one sweep of a block of layers costs little
more than one of a single small layer, and the block settles in a few more sweeps than its slowest layer."""


def _blocks(turn: TurnModel) -> list[np.ndarray]:
    """The layers, consecutive small ones joined into blocks of at least BLOCK roll states."""
    blocks: list[np.ndarray] = []
    pending: list[np.ndarray] = []
    for rows in _layers(turn):
        pending.append(rows)
        if sum(p.size for p in pending) >= BLOCK:
            blocks.append(np.sort(np.concatenate(pending)))
            pending = []
    if pending:
        blocks.append(np.sort(np.concatenate(pending)))
    return blocks


COLUMNS = 64
"""Plays evaluated together at most: more columns make a sweep cheaper per column, until the slowest column keeps
the rest sweeping."""


def _split(turn: TurnModel) -> list[_Layer]:
    layers = []
    n = turn.states
    for rows in _blocks(turn):
        inside = np.zeros(n, dtype=bool)
        inside[rows] = True

        def outer(m: Chances, rows: np.ndarray = rows, inside: np.ndarray = inside) -> sparse.csr_matrix:
            out = ~inside[m.col]
            return _csr(Chances(m.rows, m.cols, m.row[out], m.col[out], m.p[out]), rows, None, n)
        forced_in, optional_in = _csr(turn.forced, rows, rows, rows.size), _csr(turn.optional, rows, rows, rows.size)
        layers.append(_Layer(rows, _csr(turn.ends, rows, None, turn.ends.cols), outer(turn.forced),
                             outer(turn.optional), forced_in, optional_in, bool(forced_in.nnz or optional_in.nnz)))
    return layers


def _transposed(m: Chances) -> Chances:
    return Chances.arrays(m.cols, m.rows, m.col, m.row, m.p)


@dataclass(frozen=True, eq=False)
class _Into:
    """What flows into a group of roll states: from every roll state (`forced`, `optional`: rows × every state), and
    from within the group (`forced_in`, `optional_in`: rows × rows)."""

    forced: sparse.csr_matrix
    optional: sparse.csr_matrix
    forced_in: sparse.csr_matrix
    optional_in: sparse.csr_matrix


@dataclass(frozen=True, eq=False)
class Turns:
    """A TurnModel made ready to be solved many times: its roll states in the order they are evaluated, and the
    plays "roll on until stopping banks θ points or more" solved once, for every θ.

    Those plays are the race's first guess at every score pair (with θ the points the mover still needs, the best
    play rolls on almost everywhere), and they are every rule of thumb "stop at θ points" at once."""

    model: TurnModel

    @functools.cached_property
    def layers(self) -> list[_Layer]:
        return _split(self.model)

    @functools.cached_property
    def into(self) -> list[_Into]:
        """Per layer, what flows into its roll states (to follow the chances of a play forward)."""
        m, n = self.model, self.model.states
        forced, optional = _transposed(m.forced), _transposed(m.optional)
        return [_Into(_csr(forced, layer.rows, None, n), _csr(optional, layer.rows, None, n),
                      _csr(forced, layer.rows, layer.rows, layer.rows.size),
                      _csr(optional, layer.rows, layer.rows, layer.rows.size)) for layer in self.layers]

    @functools.cached_property
    def onward(self) -> tuple[sparse.csr_matrix, sparse.csr_matrix]:
        """The chances that a roll ends the turn (banked × roll states) and that it offers the choice (roll states ×
        roll states), transposed: to follow the chances of a play forward."""
        return _transposed(self.model.ends).matrix, _transposed(self.model.optional).matrix

    def ready(self) -> Turns:
        """This, with every part made now: pickled after this, it is solved again without making any of them."""
        self.until, self.into, self.onward  # noqa: B018
        for layer in self.layers:
            layer.both_in  # noqa: B018
        return self

    @functools.cached_property
    def until(self) -> np.ndarray:
        """until[θ - 1, r, b]: from roll state r, rolling on until stopping would bank θ points or more, the chance
        that the turn banks b points; θ runs from 1 to one more than the most a turn banks (never stopping)."""
        m = self.model
        banks = m.ends.cols
        every = np.eye(banks)
        stop = every[np.minimum(m.stop_bank, banks - 1)]
        chances = []
        for first in range(1, banks + 1, max(1, COLUMNS // banks)):  # a few θ at once, a column per θ and b
            theta = np.arange(first, min(first + max(1, COLUMNS // banks), banks + 1))
            go = np.repeat(m.stop_bank[:, None] < theta[None, :], banks, axis=1)
            values = self.values(go, np.tile(every, theta.size), np.tile(stop, theta.size))
            chances.append(values.reshape(m.states, theta.size, banks).transpose(1, 0, 2))
        return np.concatenate(chances)

    def until_points(self, theta: int) -> np.ndarray:
        """Per turn-start option, the points the play "roll on until stopping banks θ or more" banks on average."""
        m = self.model
        return m.starts.dot(np.einsum("rb,b->r", self.until[theta - 1], np.arange(m.ends.cols, dtype=float)))  # no BLAS

    def values(self, go: np.ndarray, ends: np.ndarray, stop: np.ndarray) -> np.ndarray:
        """The values of fixed plays at every roll state, a column each: the play rolls on into roll state r where
        go[r, c] (or go[r], every column alike), and stops there worth stop[r, c] elsewhere; a turn that ends banking
        b is worth ends[b, c]."""
        go = go if go.ndim == 2 else go[:, None]
        values = np.zeros((self.model.states, ends.shape[1]))
        after = np.zeros_like(values)  # after a roll that offers the choice: as the play chooses
        for layer in self.layers:
            rows = layer.rows
            given = layer.ends @ ends + layer.forced @ values + layer.optional @ after
            on, stops = go[rows], stop[rows]
            own = given
            if layer.cyclic:  # value iteration over the layer's own transitions, the rest of the turn known
                for _ in range(MAX_SWEEPS):
                    new = given + layer.forced_in @ own + layer.optional_in @ np.where(on, own, stops)
                    moved, own = float(np.max(np.abs(new - own))), new
                    if moved < TOLERANCE:
                        break
                else:
                    raise NotConverging(f"no settled values after {MAX_SWEEPS:,} sweeps")
            values[rows] = own
            after[rows] = np.where(on, own, stops)
        return values

    def banked(self, go: np.ndarray, option: np.ndarray) -> np.ndarray:
        """What a turn banks under fixed plays, a column each: the turn starts with option[c] and rolls on into roll
        state r where go[r, c]. Returns chances[c, b] of banking b points (followed forward from the turn's start)."""
        m = self.model
        start = sparse.csr_matrix((m.starts.p, (m.starts.row, m.starts.col)), shape=(m.starts.rows, m.states))
        start = start.toarray()[option].T  # roll states × columns: where the turn's first roll is made
        mass = np.zeros((m.states, option.size))  # how often each roll is made, on average
        # Plays alike on every layer so far have the same mass there: each layer is followed once per such group.
        group = np.unique(option, return_inverse=True)[1].reshape(-1)
        for layer, into in zip(reversed(self.layers), reversed(self.into), strict=True):
            rows = layer.rows
            keys = np.vstack([group.astype(np.int64).view(np.uint8).reshape(-1, 8).T, np.packbits(go[rows], axis=0)])
            _, first, group = np.unique(keys.T, axis=0, return_index=True, return_inverse=True)
            group = group.reshape(-1)
            # np.take: a row-major copy (for sparse products), many times faster than indexing columns
            on, known = np.take(go[rows], first, axis=1), np.take(mass, first, axis=1)
            # From the layers before (this one's mass still 0).
            forced = np.take(start[rows], first, axis=1) + into.forced @ known
            offered = into.optional @ known
            own = forced + np.where(on, offered, 0.0)
            if layer.cyclic:
                for _ in range(MAX_SWEEPS):
                    new = forced + into.forced_in @ own + np.where(on, offered + into.optional_in @ own, 0.0)
                    moved, own = float(np.max(np.abs(new - own))), new
                    if moved < TOLERANCE:
                        break
                else:
                    raise NotConverging(f"no settled chances after {MAX_SWEEPS:,} sweeps")
            mass[rows] = np.take(own, group, axis=1)
        # A turn ends where a roll ends it, or where the play stops after a roll that offered the choice.
        ends, optional = self.onward
        stopped = np.where(go, 0.0, optional @ mass)
        banks = np.minimum(m.stop_bank, m.ends.cols - 1)  # sparse, not BLAS (module docstring)
        bank = sparse.csr_matrix((np.ones(m.states), (banks, np.arange(m.states))), shape=(m.ends.cols, m.states))
        chances: np.ndarray = (ends @ mass + bank @ stopped).T
        return chances


def _race_level(turns: Turns, known: np.ndarray, partner: np.ndarray, ab: np.ndarray, x: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Solve the turns of one total of scores together: column c's turn banking 0 hands over to column partner[c].

    `known[c, banked]`: the value of banking that many points (column 0 unused); x[c], a first guess of banking
    nothing. Policy iteration on x: every value is a + b·x; with x fixed, one pass over the layers gives a and b
    (a cyclic layer by value iteration over its own transitions, the rest of the turn being known), two equations
    per pair give x, and the columns whose choices change at the new x are passed over again, until none does.
    `ab`: a and b side by side, a first guess. Returns the values, the options, the go-on choices, and a and b.
    """
    turn = turns.model
    k = len(partner)
    kt = known.T.copy()
    kt[0] = 0.0  # banking nothing: x, the unknown
    zero = np.zeros((turn.ends.cols, 1))
    zero[0] = 1.0
    bank_at = np.minimum(turn.stop_bank, kt.shape[0] - 1)
    stop_a = kt[bank_at]  # roll states × columns
    unsure = stop_a < 1.0  # stopping does not win at once
    stop_b = np.repeat((turn.stop_bank == 0).astype(float)[:, None], k, axis=1)
    stop = np.hstack([stop_a, stop_b])
    ends = np.hstack([kt, np.repeat(zero, k, axis=1)])
    after = np.zeros_like(ab)  # after an optional roll: the better of rolling on and stopping
    cols = np.arange(k)

    def chances(ab: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From a and b at x: each column's value, its best option, and x again (the partner's value, solved)."""
        sa, sb = turn.starts.dot(ab[:, :k]), turn.starts.dot(ab[:, k:])
        best = np.argmax(sa + sb * x, axis=0)
        A, B = sa[best, cols], sb[best, cols]
        Ap, Bp = A[partner], B[partner]
        v = (A + B * (1 - Ap - Bp)) / (1 - B * Bp)
        return v, best, 1.0 - v[partner]
    for _ in range(3):  # a better first guess of x: the first guess of a and b, solved for x
        x = chances(ab, x)[2]
    active = cols
    for _ in range(100):
        sel, n, xs = np.r_[active, k + active], active.size, x[active]

        def better(own: np.ndarray, stops: np.ndarray, go: np.ndarray, n: int = n) -> np.ndarray:
            """Per roll state, a and b of rolling on where `go`, else of stopping."""
            r = own.shape[0]
            return np.where(go[:, None, :], own.reshape(r, 2, n), stops.reshape(r, 2, n)).reshape(r, 2 * n)
        # Row-major copies: a sparse product copies any other layout on every call.
        if n == k:  # every column: the arrays as they are
            own_ab, own_after, own_stop, own_ends = ab, after, stop, ends
        else:
            own_ab, own_after, own_ends = (np.take(v, sel, axis=1) for v in (ab, after, ends))  # row-major copies
            own_stop = np.hstack([kt[:, active][bank_at], stop_b[:, :n]])
        for layer in turns.layers:
            rows = layer.rows
            given = layer.ends @ own_ends + layer.forced @ own_ab + layer.optional @ own_after
            stops, own = own_stop[rows], given
            # Rolling on never beats a sure win: compared with infinity there, a tie is never left to rounding.
            stop_value = np.where(stops[:, :n] >= 1.0, np.inf, stops[:, :n] + stops[:, n:] * xs)
            if layer.cyclic:  # value iteration over the layer's own transitions
                r = rows.size
                stacked = np.empty((2 * r, 2 * n))  # the values over the values after the choice
                own, chosen = stacked[:r], stacked[r:]
                own[...] = own_ab[rows]
                value = own[:, :n] + own[:, n:] * xs
                moved = np.empty_like(value)  # written in place: temporaries cost more than the sums at few columns
                stop_here = np.empty((r, 2 * n), dtype=bool)  # a and b alike: a mask as the arrays, copied fast
                for _ in range(MAX_SWEEPS):
                    np.less_equal(value, stop_value, out=stop_here[:, :n])
                    stop_here[:, n:] = stop_here[:, :n]
                    chosen[...] = own
                    np.copyto(chosen, stops, where=stop_here)  # roll on where it beats stopping, else stop
                    np.add(given, layer.both_in @ stacked, out=own)
                    np.multiply(own[:, n:], xs, out=moved)
                    np.add(own[:, :n], moved, out=moved)
                    moved, value = value, moved
                    moved -= value
                    if max(float(moved.max()), -float(moved.min())) < RACE_TOLERANCE:
                        break
                else:
                    raise NotConverging(f"no settled values after {MAX_SWEEPS:,} sweeps")
            own_ab[rows] = own
            own_after[rows] = better(own, stops, own[:, :n] + own[:, n:] * xs > stop_value)
        if n < k:
            ab[:, sel], after[:, sel] = own_ab, own_after
        a, b = ab[:, :k], ab[:, k:]
        v, best, new_x = chances(ab, x)
        sa, sb = turn.starts.dot(a), turn.starts.dot(b)
        # The values are exact where the choices made at the old x are still the best at the new one.
        go_on = (a + b * new_x > stop_a + stop_b * new_x) & unsure
        before = (a + b * x > stop_a + stop_b * x) & unsure
        changed = (go_on != before).any(axis=0) | (best != np.argmax(sa + sb * new_x, axis=0))
        x = new_x
        if not changed.any():
            return v, best, go_on, ab
        active = np.flatnonzero(changed)
    raise NotConverging("the choices at one total of scores kept changing")


def _level(goal: int, total: int) -> np.ndarray:
    """The score pairs (i, j) of one total, i rising."""
    return np.array([(a, total - a) for a in range(max(0, total - goal + 1), min(goal - 1, total) + 1)])


def _known(goal: int, banks: int, pairs: np.ndarray, other: np.ndarray) -> np.ndarray:
    """pairs × banked: the value of banking that many points with i against j, `other` the other's chances."""
    i, j = pairs[:, 0], pairs[:, 1]
    mine = i[:, None] + np.arange(banks)[None, :]
    return np.where(mine >= goal, 1.0, 1.0 - other[j[:, None], np.minimum(mine, goal - 1)])


def _among(sorted_: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Whether each value is in the sorted array, and where (0 where not)."""
    at = np.minimum(np.searchsorted(sorted_, values), sorted_.size - 1)
    found = sorted_[at] == values
    return found, np.where(found, at, 0)


def solve_race(turn: TurnModel | Turns, goal: int, known: RaceSolution | None = None) -> RaceSolution:
    """Two players race to bank `goal` points, each maximising its chance of winning (retrograde over scores).

    Every score pair starts from the play "roll on until banking wins" solved exactly (Turns.until), corrected by
    what the best play changed at a neighbouring pair one total higher. With `known`, the same turn's race to
    another goal: to a lower goal it is cut down (`RaceSolution.to`); to a higher one only the pairs where a player
    needs more than its goal are solved, the rest taken from it (the values depend only on what each needs)."""
    turns = turn if isinstance(turn, Turns) else Turns(turn)
    if known is not None and known.goal >= goal:
        return known.to(goal)
    m = turns.model
    banks = m.ends.cols
    win = np.zeros((goal, goal))
    option = np.zeros((goal, goal), dtype=np.int64)
    go_on = np.zeros((m.states, goal, goal), dtype=bool)
    fresh = goal  # the pairs to solve: where a player has fewer points than this (every pair, solving afresh)
    if known is not None:
        fresh = goal - known.goal
        win[fresh:, fresh:], option[fresh:, fresh:], go_on[:, fresh:, fresh:] = known.win, known.option, known.go_on
    added: np.ndarray | None = None  # the last total's a and b less their first guess
    above = np.zeros(0, dtype=np.int64)  # the last total's pairs solved: their i, rising
    for total in range(2 * goal - 2, -1, -1):
        pairs = _level(goal, total)
        pairs = pairs[(pairs[:, 0] < fresh) | (pairs[:, 1] < fresh)]
        k = len(pairs)
        if not k:
            continue
        i, j = pairs[:, 0], pairs[:, 1]
        known_at = _known(goal, banks, pairs, win)
        guess = np.empty((m.states, 2 * k))
        theta = np.minimum(goal - i, banks)  # stopping wins from θ points on
        for t in np.unique(theta).tolist():
            c = np.flatnonzero(theta == t)
            until = turns.until[t - 1]
            guess[:, c] = np.einsum("rb,cb->rc", until[:, 1:], known_at[c, 1:])  # no BLAS (module docstring)
            guess[:, k + c] = until[:, [0]]
        ab = guess.copy()
        if added is not None:  # plus what the best play adds at (i, j + 1), else at (i + 1, j), if solved just before
            same, same_at = _among(above, i)  # (i, j + 1): the same i
            next_, next_at = _among(above, i + 1)  # (i + 1, j)
            near, has = np.where(same, same_at, next_at), same | next_
            ab += np.where(np.r_[has, has], np.take(added, np.r_[near, near + above.size], axis=1), 0.0)
        partner = np.arange(k)[::-1]  # (j, i): the same total, the order reversed (the pairs solved are symmetric)
        x = 1.0 - win[j, np.minimum(i + 1, goal - 1)]  # a first guess: the partner's value one point on, solved
        v, best, more, ab = _race_level(turns, known_at, partner, ab, x)
        win[i, j] = v
        option[i, j] = best
        go_on[:, i, j] = more
        added, above = ab - guess, i
    return RaceSolution(goal, win, option, go_on)


def race_chances(goal: int, banked: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Two players race to `goal`, each with its own fixed play: a turn of `seat` with i points against j banks b
    points with chance banked[seat][i, j, b]. Returns win[seat, i, j], the chance that `seat`, to move with i points
    against j, wins."""
    win = np.zeros((2, goal, goal))
    banks = banked[0].shape[2]
    for total in range(2 * goal - 2, -1, -1):
        pairs = _level(goal, total)
        i, j = pairs[:, 0], pairs[:, 1]
        back = (i - i.min())[::-1]  # (j, i): where banking nothing hands the turn over
        a, b = [], []
        for seat in (0, 1):
            chance, known = banked[seat][i, j], _known(goal, banks, pairs, win[1 - seat])
            a.append(np.sum(chance[:, 1:] * known[:, 1:], axis=1))
            b.append(chance[:, 0])
        for seat in (0, 1):
            ap, bp = a[1 - seat][back], b[1 - seat][back]
            win[seat, i, j] = (a[seat] + b[seat] * (1 - ap - bp)) / (1 - b[seat] * bp)
    return win


def race_banked(turns: Turns, race: RaceSolution, known: np.ndarray | None = None) -> np.ndarray:
    """What the race's best play banks: banked[i, j, b], the chance that its turn with i points against j banks b.

    Like the race, it depends only on what each player needs: `known`, the same for the race to a lower goal, gives
    the pairs where both need no more than that goal (its [d:, d:] with d the goals' difference); the rest are
    followed forward from the turn's start, once per distinct play."""
    m, goal = turns.model, race.goal
    banked = np.zeros((goal, goal, m.ends.cols))
    fresh = np.ones((goal, goal), dtype=bool)
    if known is not None:
        d = goal - known.shape[0]
        banked[d:, d:], fresh[d:, d:] = known, False
    todo = np.flatnonzero(fresh.reshape(-1))
    if todo.size:
        go = np.take(race.go_on.reshape(m.states, -1), todo, axis=1)
        option = race.option.reshape(-1)[todo]
        plays = np.vstack([np.packbits(go, axis=0), option.reshape(1, -1).astype(np.uint8)]).T
        _, first, which = np.unique(plays, axis=0, return_index=True, return_inverse=True)
        best = turns.banked(np.take(go, first, axis=1), option[first])[which.reshape(-1)]
        banked.reshape(goal * goal, -1)[todo] = best
    return banked


def against_threshold(turns: Turns, race: RaceSolution, stop_at: int, option: int,
                      banked: np.ndarray | None = None) -> np.ndarray:
    """The rule of thumb "stop once the turn holds `stop_at` points, or when banking wins", starting its turns with
    `option`, as seat 0 against the solved play as seat 1: win[seat, i, j] as in race_chances, exactly. `banked`:
    what the solved play banks (`race_banked`), if known."""
    m, goal = turns.model, race.goal
    banks = m.ends.cols
    theta = np.minimum(stop_at, goal - np.arange(goal))  # by the mover's score
    thumb = np.stack([m.starts.dot(turns.until[t - 1])[option] for t in theta.tolist()])
    best = race_banked(turns, race) if banked is None else banked
    return race_chances(goal, (np.broadcast_to(thumb[:, None, :], (goal, goal, banks)), best))


@dataclass(frozen=True)
class Solution:
    """A race game solved for two players: the headline numbers, and the whole policy as JSON data."""

    goal: int
    first_player: float
    """The first player's chance of winning, both playing optimally."""
    per_turn: float
    """The most points a turn banks on average."""
    per_turn_option: int
    """What that play chooses at the start of a turn (e.g. how many dice)."""
    thumb: int
    """The best rule of thumb: stop once the turn holds this many points (or when banking wins)."""
    thumb_option: int
    """What the rule of thumb chooses at the start of a turn."""
    thumb_per_turn: float
    """Its points per turn on average."""
    thumb_first: float
    """Its chance of winning against optimal play, moving first."""
    thumb_second: float
    """Its chance of winning against optimal play, moving second."""
    policy: dict[str, Any]
    """The optimal play at every score pair, as plain JSON data."""


@dataclass(frozen=True, eq=False)
class TurnPoints:
    """One player's turn played for the most points on average."""

    value: float
    """The expected points banked per turn under the best play."""
    option: int
    """The best turn-start option."""
    go_on: np.ndarray
    """go_on[r]: rolling into roll state r beats stopping."""
    expected: np.ndarray
    """expected[o]: the expected points of each turn-start option, playing best afterwards."""


def turn_points(turn: TurnModel, go_on: np.ndarray | None = None, option: int | None = None) -> TurnPoints:
    """The expected points per turn: the best play, or the play `go_on` (and `option`) fixes."""
    banked = np.arange(turn.ends.cols, dtype=float)[:, None]
    stop = banked[np.minimum(turn.stop_bank, banked.shape[0] - 1)]
    w = np.zeros((turn.states, 1))
    fixed = None if go_on is None else go_on.reshape(-1, 1)
    for _ in range(MAX_SWEEPS):
        after = np.maximum(w, stop) if fixed is None else np.where(fixed, w, stop)
        new = turn.ends.dot(banked) + turn.forced.dot(w) + turn.optional.dot(after)
        moved = float(np.max(np.abs(new - w)))
        w = new
        if moved < TOLERANCE:
            break
    else:
        raise NotConverging(f"no settled values after {MAX_SWEEPS:,} sweeps")
    expected = turn.starts.dot(w)[:, 0]
    best = int(np.argmax(expected)) if option is None else option
    chosen = (w > stop)[:, 0] if go_on is None else go_on
    return TurnPoints(float(expected[best]), best, chosen, expected)
