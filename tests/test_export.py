"""`pnp export`: single pictures at exact sizes, the manifest against the rules, the TTS deck's grid, the printer's PDF."""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
import xml.etree.ElementTree as ET

import pytest
from helpers import PROJECT
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main
from pnp.export import export, layers, px, tts_dpi
from pnp.games.gang_of_dice.spec import cards
from pnp.i18n import translator
from pnp.rules import load_game

DPI = 30
"""A small resolution keeps the export cheap; every size is still checked to the pixel."""
MM = 72 / 25.4


@pytest.fixture(scope="session")
def exported(tmp_path_factory):
    """Gang of Dice exported once per run in English at 30 dpi (dice, stickers, cards, TTS and printer files), by
    the first xdist worker that asks, as the `made` fixture builds its files."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    game = load_game(PROJECT.rules / "gang-of-dice.yaml")
    with (shared / "export.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        folder = shared / "export" / "en"
        if not folder.exists():
            export(PROJECT, game, translator(PROJECT.locales, "en", PROJECT.root), shared / "export", dpi=DPI)
    return game, folder


def _rows(folder):
    with (folder / "components.csv").open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_manifest_lists_every_face_of_every_die_and_every_card(exported):
    game, folder = exported
    rows = _rows(folder)
    faces = [(r["die"], int(r["position"]), r["face"]) for r in rows if r["kind"] == "die-face"]
    assert faces == [(d.id, i, f) for d in game.dice for i, f in enumerate(d.faces, 1)]
    fronts = [r for r in rows if r["kind"] == "card-front"]
    assert [r["card"] for r in fronts] == [c.id for c in cards(game)]
    assert fronts[0]["number"] == f"1/{len(cards(game))}" and fronts[0]["condition"] == "Total of 7 or more"
    assert [(r["id"], r["back_title"], r["back_text"]) for r in rows if r["kind"] == "card-back"] == [
        ("back", "Gang of Dice", "Warning card")]
    assert [{k: str(v) for k, v in r.items()} for r in json.loads((folder / "components.json").read_text())[
        "components"]] == rows
    for row in rows:  # every file the manifest names is there
        for column in ("svg", "png"):
            assert not row[column] or (folder / row[column]).is_file()


def test_pictures_have_their_size_in_mm_and_pixels(exported):
    _, folder = exported
    expected = {"die-face": (16, 16, 19, 19), "sticker": (13, 13, 15, 15), "card-front": (94, 69, 111, 81),
                "card-back": (94, 69, 111, 81)}
    for row in _rows(folder):
        if row["kind"] not in expected:
            continue
        w, h, pw, ph = expected[row["kind"]]
        assert (float(row["width_mm"]), float(row["height_mm"]), int(row["px_width"]), int(row["px_height"])) == (
            w, h, pw, ph), row["id"]
        with Image.open(folder / row["png"]) as image:
            assert image.size == (pw, ph) and round(image.info["dpi"][0]) == DPI
        svg = ET.parse(folder / row["svg"]).getroot()
        assert (float(svg.get("width").removesuffix("mm")), float(svg.get("height").removesuffix("mm"))) == (w, h)


def test_tts_deck_is_ten_by_seven_upright_cards_with_the_rest_blank(exported):
    game, folder = exported
    cell = (px(63, DPI), px(88, DPI))
    assert cell == (74, 104)
    with Image.open(folder / "tts/deck.png") as sheet:
        assert sheet.size == (10 * cell[0], 7 * cell[1])
        blank = [i for i in range(70) if sheet.crop((i % 10 * cell[0], i // 10 * cell[1], (i % 10 + 1) * cell[0],
                                                     (i // 10 + 1) * cell[1])).getextrema() == ((255, 255),) * 3]
    assert blank == list(range(len(cards(game)), 70))
    with Image.open(folder / "tts/back.png") as back:
        assert back.size == cell
    with Image.open(folder / "tts/dice/gang.png") as die:
        assert die.size == (4 * 19, 3 * 19)
    assert tts_dpi(300, 63, 88) == 165  # 10 × 63 mm within 4096 pixels


@pytest.mark.parametrize("side", ["fronts", "backs"])
def test_print_file_is_pdf_x4_one_card_a_page_with_trim_and_bleed_boxes(exported, side):
    game, folder = exported
    reader = PdfReader(folder / f"pod/cards-{side}.pdf")
    assert reader.pdf_header == "%PDF-1.6" and len(reader.pages) == len(cards(game))
    assert "/GTS_PDFX" in str(reader.trailer["/Root"]["/OutputIntents"][0].get_object()["/S"])
    assert b"PDF/X-4" in reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    for page in reader.pages:
        media = [float(v) / MM for v in page.mediabox]
        assert media == pytest.approx([0, 0, 94, 69], abs=0.1)
        assert [float(v) / MM for v in page.trimbox] == pytest.approx([3, 3, 91, 66], abs=0.1)
        assert [float(v) / MM for v in page.bleedbox] == pytest.approx(media, abs=0.1)


def test_layers_are_standalone_svg_documents_even_around_a_nested_svg():
    html = ('<section><svg class="layer" width="5mm" height="5mm" viewBox="0 0 5 5"><svg><use href="#a"/></svg>'
            '</svg><div>words</div></section>')
    (svg,) = layers(html)
    root = ET.fromstring(svg)
    assert root.get("width") == "5mm" and "words" not in svg
    assert root[0][0].get("{http://www.w3.org/1999/xlink}href") == "#a"


@pytest.mark.parametrize(("argv", "message"), [
    (["export", "nope"], "pnp export: unknown game nope (choose from dicemants, gang-of-dice, dice-arena, "
                         "dead-mans-dice)"),
    (["export", "gang-of-dice", "--dpi", "0"], "pnp export: argument --dpi: must be 10 to 1200, found 0"),
    (["export", "gang-of-dice", "--format", "jpg"], "pnp export: argument --format: invalid choice: 'jpg' "
                                                    "(choose from 'svg', 'png')"),
])
def test_bad_arguments_are_refused_with_exit_2_and_nothing_written(tmp_path, argv, message):
    err = io.StringIO()
    assert main([*argv, "--out", str(tmp_path / "out")], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue() == message + "\n"
    assert not (tmp_path / "out").exists()
