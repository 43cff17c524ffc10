"""Exact optimal play, no sampling: win-probability maximisation for two players and points per turn for one.

Two routes, one knowing no game:

- `solve_game` / `solve_turn` walk any `Engine` (canonical `key()`s, exact chance outcomes) and solve the state
  graph by value iteration, vectorised with NumPy: seat 0 maximises its chance of winning, seat 1 minimises it.
  Every reachable state is listed, so it suits games of up to a few hundred thousand states.
- `solve_race` solves a *race*: players take turns, a turn banks points, the first to reach the goal wins. The
  game hands over one `TurnModel` (its turn as a Markov decision process that does not depend on the scores) and
  the race is solved by retrograde analysis over the score pairs, the highest total first. A game whose states
  are too many to walk one by one (Dicemants: a turn has tens of thousands of positions) takes this route.

Values converge to within `TOLERANCE`; probabilities come from the engines' exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import sparse

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

    def dot(self, values: np.ndarray) -> np.ndarray:
        """(rows × k) = this (rows × cols) @ values (cols × k)."""
        out = np.zeros((self.rows,) + values.shape[1:])
        if self.row.size:
            starts = np.flatnonzero(np.r_[True, self.row[1:] != self.row[:-1]])
            prod = values[self.col] * self.p.reshape((-1,) + (1,) * (values.ndim - 1))
            out[self.row[starts]] = np.add.reduceat(prod, starts, axis=0)
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


def _layers(turn: TurnModel) -> list[np.ndarray]:
    """The roll states in groups to evaluate in order: each group needs only groups before it, or itself (a cycle).

    Groups are the strongly connected components of the turn's graph, sinks first, those of equal depth merged.
    """
    n = turn.states
    src = np.concatenate([turn.forced.row, turn.optional.row])
    dst = np.concatenate([turn.forced.col, turn.optional.col])
    order = np.argsort(src, kind="stable")
    src, dst = src[order], dst[order]
    first = np.searchsorted(src, np.arange(n + 1))
    succ = [dst[first[k]:first[k + 1]].tolist() for k in range(n)]
    index, low, comp = [-1] * n, [0] * n, [-1] * n
    on, stack, comps = [False] * n, [], 0
    counter = 0
    for root in range(n):  # Tarjan's algorithm, iterative
        if index[root] >= 0:
            continue
        work = [(root, 0)]
        while work:
            v, k = work.pop()
            if k == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on[v] = True
            recurse = False
            while k < len(succ[v]):
                u = succ[v][k]
                k += 1
                if index[u] < 0:
                    work.append((v, k))
                    work.append((u, 0))
                    recurse = True
                    break
                if on[u]:
                    low[v] = min(low[v], index[u])
            if recurse:
                continue
            if low[v] == index[v]:
                while True:
                    u = stack.pop()
                    on[u] = False
                    comp[u] = comps
                    if u == v:
                        break
                comps += 1
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    # Tarjan numbers components sinks first: depth = 1 + the deepest component a state leads to.
    depth = [0] * comps
    members: list[list[int]] = [[] for _ in range(comps)]
    for v in range(n):
        members[comp[v]].append(v)
    for c in range(comps):
        depth[c] = max((depth[comp[u]] + 1 for v in members[c] for u in succ[v] if comp[u] != c), default=0)
    by_depth: dict[int, list[int]] = {}
    for c in range(comps):
        by_depth.setdefault(depth[c], []).extend(members[c])
    return [np.array(sorted(by_depth[d]), dtype=np.int64) for d in sorted(by_depth)]


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


def _race_level(turn: TurnModel, layers: list[_Layer], known: np.ndarray, partner: np.ndarray, x: np.ndarray,
                warm: np.ndarray | None = None, fixed: tuple[np.ndarray, np.ndarray] | None = None
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Solve the turns of one total of scores together: column c's turn banking 0 hands over to column partner[c].

    `known[c, banked]`: the value of banking that many points (column 0 unused); x[c], a first guess of banking
    nothing. Policy iteration on x: every value is a + b·x; with x fixed, one pass over the layers gives a and b
    (a cyclic layer by value iteration over its own transitions, the rest of the turn being known), two equations
    per pair give x, and the passes repeat until the choices no longer change. `warm`: a and b side by side to
    start from (a neighbouring total's); `fixed`: the choices (go on per roll state and column, the option per
    column) instead of the best ones. Returns the values, the options, the go-on choices, and a and b.
    """
    k = len(partner)
    kt = known.T.copy()
    kt[0] = 0.0  # banking nothing: x, the unknown
    zero = np.zeros((turn.ends.cols, 1))
    zero[0] = 1.0
    stop_a = kt[np.minimum(turn.stop_bank, kt.shape[0] - 1)]  # roll states × columns
    stop_b = np.repeat((turn.stop_bank == 0).astype(float)[:, None], k, axis=1)
    ab = np.zeros((turn.states, 2 * k)) if warm is None else warm.copy()  # a and b side by side
    stop = np.hstack([stop_a, stop_b])
    ends = np.hstack([kt, np.repeat(zero, k, axis=1)])
    after = np.zeros_like(ab)  # after an optional roll: the better of rolling on and stopping (or the fixed one)
    cols = np.arange(k)

    def chances(ab: np.ndarray, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """From a and b at x: each column's value, its best option, and x again (the partner's value, solved)."""
        sa, sb = turn.starts.dot(ab[:, :k]), turn.starts.dot(ab[:, k:])
        best = np.argmax(sa + sb * x, axis=0) if fixed is None else fixed[1]
        A, B = sa[best, cols], sb[best, cols]
        Ap, Bp = A[partner], B[partner]
        v = (A + B * (1 - Ap - Bp)) / (1 - B * Bp)
        return v, best, 1.0 - v[partner]
    if warm is not None:  # a better first guess of x: the neighbours' a and b, solved for x
        x = chances(ab, x)[2]

    def better(own: np.ndarray, stops: np.ndarray, go: np.ndarray) -> np.ndarray:
        """Per roll state, a and b of rolling on where `go`, else of stopping."""
        r = own.shape[0]
        return np.where(go[:, None, :], own.reshape(r, 2, k), stops.reshape(r, 2, k)).reshape(r, 2 * k)
    for _ in range(100):
        for layer in layers:
            rows = layer.rows
            given = layer.ends @ ends + layer.forced @ ab + layer.optional @ after
            stops, own = stop[rows], given
            stop_value = stops[:, :k] + stops[:, k:] * x
            if layer.cyclic:  # value iteration over the layer's own transitions
                own = ab[rows]
                value = own[:, :k] + own[:, k:] * x
                for _ in range(MAX_SWEEPS):
                    go = value > stop_value if fixed is None else fixed[0][rows]  # roll on where it beats stopping
                    own = given + layer.forced_in @ own + layer.optional_in @ better(own, stops, go)
                    moved, value = value, own[:, :k] + own[:, k:] * x
                    if float(np.max(np.abs(value - moved))) < RACE_TOLERANCE:
                        break
                else:
                    raise NotConverging(f"no settled values after {MAX_SWEEPS:,} sweeps")
            ab[rows] = own
            go = own[:, :k] + own[:, k:] * x > stop_value if fixed is None else fixed[0][rows]
            after[rows] = better(own, stops, go)
        a, b = ab[:, :k], ab[:, k:]
        v, best, new_x = chances(ab, x)
        sa, sb = turn.starts.dot(a), turn.starts.dot(b)
        # The values are exact when the choices made at the old x are still the best at the new one.
        go_on = a + b * new_x > stop_a + stop_b * new_x if fixed is None else fixed[0]
        same = fixed is not None or (np.array_equal(go_on, a + b * x > stop_a + stop_b * x)
                                     and np.array_equal(best, np.argmax(sa + sb * new_x, axis=0)))
        x = new_x
        if same:
            return v, best, go_on, ab
    raise NotConverging("the choices at one total of scores kept changing")


def _level(goal: int, total: int) -> np.ndarray:
    """The score pairs (i, j) of one total, i rising."""
    return np.array([(a, total - a) for a in range(max(0, total - goal + 1), min(goal - 1, total) + 1)])


def _known(goal: int, banks: int, pairs: np.ndarray, other: np.ndarray) -> np.ndarray:
    """pairs × banked: the value of banking that many points with i against j, `other` the other's chances."""
    i, j = pairs[:, 0], pairs[:, 1]
    mine = i[:, None] + np.arange(banks)[None, :]
    return np.where(mine >= goal, 1.0, 1.0 - other[j[:, None], np.minimum(mine, goal - 1)])


def solve_race(turn: TurnModel, goal: int) -> RaceSolution:
    """Two players race to bank `goal` points, each maximising its chance of winning (retrograde over scores)."""
    win = np.zeros((goal, goal))
    option = np.zeros((goal, goal), dtype=np.int64)
    go_on = np.zeros((turn.states, goal, goal), dtype=bool)
    layers = _split(turn)
    warm: np.ndarray | None = None
    for total in range(2 * goal - 2, -1, -1):
        pairs = _level(goal, total)
        i, j = pairs[:, 0], pairs[:, 1]
        if warm is not None:  # start from the values of (i, j + 1), or of (i + 1, j) at the other player's goal
            near = i - max(0, total + 2 - goal) + (j + 1 >= goal)
            warm = warm[:, np.r_[near, near + warm.shape[1] // 2]]
        partner = i - i.min()
        partner = partner[::-1]  # (j, i): the same total, the order reversed
        x = 1.0 - win[j, np.minimum(i + 1, goal - 1)]  # a first guess: the partner's value one point on, solved
        v, best, more, warm = _race_level(turn, layers, _known(goal, turn.ends.cols, pairs, win), partner, x, warm)
        win[i, j] = v
        option[i, j] = best
        go_on[:, i, j] = more
    return RaceSolution(goal, win, option, go_on)


def play_race(turn: TurnModel, goal: int, go_on: tuple[np.ndarray, np.ndarray], option: tuple[np.ndarray, np.ndarray]
              ) -> np.ndarray:
    """Two players race to `goal`, each with its own fixed play (go_on[seat][r, i, j], option[seat][i, j], as in a
    RaceSolution): win[seat, i, j], the chance that `seat`, to move with i points against j, wins."""
    win = np.zeros((2, goal, goal))
    layers = _split(turn)
    for total in range(2 * goal - 2, -1, -1):
        pairs = _level(goal, total)
        i, j = pairs[:, 0], pairs[:, 1]
        k = len(pairs)
        known = np.vstack([_known(goal, turn.ends.cols, pairs, win[1]), _known(goal, turn.ends.cols, pairs, win[0])])
        back = (i - i.min())[::-1]
        partner = np.r_[back + k, back]  # seat 0 at (i, j) hands over to seat 1 at (j, i), and back
        fixed = (np.hstack([go_on[0][:, i, j], go_on[1][:, i, j]]), np.r_[option[0][i, j], option[1][i, j]])
        v, _, _, _ = _race_level(turn, layers, known, partner, np.zeros(2 * k), fixed=fixed)
        win[0, i, j], win[1, i, j] = v[:k], v[k:]
    return win


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
