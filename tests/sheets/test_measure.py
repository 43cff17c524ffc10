"""Text measured from the shipped fonts, and broken into balanced lines, before WeasyPrint sets it."""

from __future__ import annotations

import pytest

from pnp.sheets.measure import balanced, kept, width

NB = "\u00a0"


def test_a_width_adds_the_advances_of_the_face_asked_for_and_scales_with_the_size():
    # "Three" at 14 pt bold, as a card's title sets it: 12.22 mm read back from the cards' PDF.
    assert width("Three", 14, bold=True) == pytest.approx(12.22, abs=0.1)
    assert width("Three", 7, bold=True) == pytest.approx(width("Three", 14, bold=True) / 2)
    assert width("Three", 14) < width("Three", 14, bold=True)
    assert width("", 14) == 0


def test_a_character_pt_sans_lacks_is_measured_in_the_noto_face_behind_it():
    assert width("\u0149", 10) > 0  # ŉ: Latin Extended that only the Noto fallback draws


def test_a_text_that_fits_stays_on_one_line():
    assert balanced("Total of 7 or more", 76, 14, bold=True) == ["Total of 7 or more"]


def test_a_longer_text_breaks_where_its_longest_line_is_shortest():
    assert balanced("Three or more dice of the same value", 76, 14, bold=True) == [
        "Three or more dice", "of the same value"]
    assert balanced("a b c d e f", width("a b c", 10) + 0.01, 10) == ["a b c", "d e f"]


def test_a_no_break_space_is_never_a_break():
    text = f"Хотя бы два кубика с{NB}чётными числами"
    assert balanced(text, 76, 14, bold=True) == ["Хотя бы два кубика", f"с{NB}чётными числами"]


def test_a_word_longer_than_the_room_stands_alone():
    assert balanced("Keelhauled now", 5, 7) == ["Keelhauled", "now"]


def test_kept_lines_part_only_between_them():
    assert kept(["Three or more dice", "of the same value"]) == f"Three{NB}or{NB}more{NB}dice of{NB}the{NB}same{NB}value"
