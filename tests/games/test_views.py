"""Odds as a reader sees them: only a certainty prints as 0.0 % or 100.0 %."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import tr

from pnp.games.views import OddsColumn, OddsTable, odds_view


def _table(*values: Fraction) -> OddsTable:
    column = OddsColumn("p", lambda t: "p")
    return OddsTable("t", (column,), tuple((("p", v),) for v in values), lambda t: "")


@pytest.mark.parametrize("lang, expected", [
    # An impossible result is a dash, a certain one 100 % without decimals.
    ("en", ["\u2014", "<0.1%", "50.0%", ">99.9%", "100%"]),
    # Under 0.1 % and over 99.9 % as the catalog words them («< 0,1 %», «менее 0,1 %»): None reads it there.
    ("es", ["\u2014", None, "50,0\u00a0%", None, "100\u00a0%"]),
])
def test_only_a_certainty_prints_as_none_or_all(lang, expected):
    # 1/46656 and 1 − 1/46656: Gang of Dice's two dice, re-rolled twice, short of a total of 10.
    t = tr(lang)
    view = odds_view(_table(Fraction(0), Fraction(1, 46656), Fraction(1, 2), 1 - Fraction(1, 46656), Fraction(1)), t)
    expected[1] = expected[1] or t.typeset(t.format(t.gettext("<{percent}"), percent=t.percent(0.001)))
    expected[3] = expected[3] or t.typeset(t.format(t.gettext(">{percent}"), percent=t.percent(0.999)))
    assert [t.typeset(row[0]) for row in view.rows] == expected

