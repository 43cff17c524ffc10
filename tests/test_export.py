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
from pnp.export import TTS_DIE_NET, export, layers, px, tts_dpi
from pnp.games.gang_of_dice.spec import cards
from pnp.i18n import translator
from pnp.rules import load_game
from pnp.sheets.dice import net_sides

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


def test_the_tts_die_has_each_face_in_its_square_of_the_cross(exported):
    """Read back by pixel colour: each square of the die's image is its face's picture, pixel for pixel, the six
    arranged as TTS_DIE_NET says (opposite faces of the real die opposite on the folded cube); the other six squares
    of the 4 × 3 grid are transparent."""
    game, folder = exported
    die = game.dice[0]
    edge = px(16, DPI)
    sides = net_sides(die)
    order = [sides[s] for s in ("top", "left", "front", "right", "back", "bottom")]
    with Image.open(folder / f"tts/dice/{die.id}.png") as image:
        sheet = image.convert("RGBA")
    cells = {(c, r): sheet.crop((c * edge, r * edge, (c + 1) * edge, (r + 1) * edge)) for c in range(4) for r in range(3)}
    shown = {}
    for side, cell in TTS_DIE_NET.items():
        face = die.faces[order[side]]
        with Image.open(folder / f"faces/{face}.png") as picture:
            assert cells[cell].tobytes() == picture.convert("RGBA").tobytes(), (side, face)
        shown[cell] = order[side]
    for cell, square in cells.items():
        if cell not in shown:
            assert square.getextrema()[3] == (0, 0), cell  # alpha: nothing drawn
    # Folded, two squares two apart in a row or column of the cross, the square between them in it, face each other.
    facing = {frozenset((shown[a], shown[b])) for a in shown for b in shown
              if a < b and ((a[0] == b[0] and abs(a[1] - b[1]) == 2) or (a[1] == b[1] and abs(a[0] - b[0]) == 2))
              and ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2) in shown}
    assert facing == {frozenset(pair) for pair in die.opposite_pairs}


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


BLEED = 3.0
"""The bleed a card printer asks for on every side of the cut, in millimetres."""
XMP = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "dc": "http://purl.org/dc/elements/1.1/",
       "pdf": "http://ns.adobe.com/pdf/1.3/", "xmp": "http://ns.adobe.com/xap/1.0/",
       "pdfxid": "http://www.npes.org/pdfx/ns/id/"}
CHANNELS = {b"RGB ": 3, b"CMYK": 4, b"GRAY": 1}


def preflight(path) -> list[str]:
    """What a printer's PDF/X-4 preflight looks at, each problem in words (no validator is installable here: veraPDF,
    which checks PDF/A and PDF/UA and not PDF/X, is packaged neither for Debian nor on PyPI)."""
    import xml.etree.ElementTree as ET

    import pikepdf

    problems = []
    pdf = pikepdf.open(path)
    if pdf.is_encrypted or "/Encrypt" in pdf.trailer:
        problems.append("encrypted")
    if pdf.pdf_version != "1.6":
        problems.append(f"PDF {pdf.pdf_version}, PDF/X-4 is PDF 1.6")
    if "/ID" not in pdf.trailer:
        problems.append("no file identifier")
    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        problems.append(f"{len(intents)} GTS_PDFX output intents, one expected")
    for intent in intents:
        profile = intent.get("/DestOutputProfile")
        icc = profile.read_bytes() if isinstance(profile, pikepdf.Stream) else b""
        if icc[36:40] != b"acsp":
            problems.append("output intent without an embedded ICC profile")
        elif int(profile.get("/N", 0)) != CHANNELS.get(icc[16:20]):
            problems.append(f"ICC profile of {icc[16:20]!r} colours with /N {profile.get('/N')}")
        if not str(intent.get("/OutputConditionIdentifier", "")):
            problems.append("output intent without OutputConditionIdentifier")
    info = pdf.docinfo
    if str(info.get("/GTS_PDFXVersion", "")) != "PDF/X-4":
        problems.append(f"Info GTS_PDFXVersion {info.get('/GTS_PDFXVersion')}")
    if info.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
        problems.append(f"Info Trapped {info.get('/Trapped')}, True or False expected")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not str(info.get(key, "")):
            problems.append(f"no Info {key[1:]}")
    xmp = ET.fromstring(pdf.Root.Metadata.read_bytes()) if "/Metadata" in pdf.Root else ET.Element("none")

    def said(path: str) -> str:
        found = xmp.find(f".//{path}", XMP)
        return "" if found is None else found.text or ""

    if said("pdfxid:GTS_PDFXVersion") != "PDF/X-4":
        problems.append("XMP pdfxid:GTS_PDFXVersion is not PDF/X-4")
    if said("pdf:Trapped") != str(info.get("/Trapped", "")).lstrip("/"):
        problems.append("XMP pdf:Trapped differs from Info Trapped")
    if said("dc:title/rdf:Alt/rdf:li") != str(info.get("/Title", "")):
        problems.append("XMP dc:title differs from Info Title")
    for key in ("xmp:CreateDate", "xmp:ModifyDate"):
        if not said(key):
            problems.append(f"no XMP {key}")
    for number, page in enumerate(pdf.pages, 1):
        boxes = {key: [float(v) / MM for v in page.obj[key]] for key in ("/MediaBox", "/TrimBox", "/BleedBox")
                 if key in page.obj}
        if len(boxes) < 3:
            problems.append(f"page {number}: no {' or '.join(k[1:] for k in ('/TrimBox', '/BleedBox') if k not in boxes)}")
            continue
        media, trim, bleed = boxes["/MediaBox"], boxes["/TrimBox"], boxes["/BleedBox"]
        for outer, inner, names in ((media, bleed, "MediaBox ⊇ BleedBox"), (bleed, trim, "BleedBox ⊇ TrimBox")):
            if not (outer[0] <= inner[0] + 1e-6 and outer[1] <= inner[1] + 1e-6 and outer[2] >= inner[2] - 1e-6
                    and outer[3] >= inner[3] - 1e-6):
                problems.append(f"page {number}: not {names}")
        sides = [trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]]
        if any(abs(side - BLEED) > 0.1 for side in sides):
            problems.append(f"page {number}: bleed {[round(s, 2) for s in sides]} mm, {BLEED} mm each side expected")
    for obj in _reachable(pdf.trailer):
        kind, subtype = obj.get("/Type"), obj.get("/Subtype")
        if kind == "/Font" and subtype not in ("/Type0", "/Type3"):
            descriptor = obj.get("/FontDescriptor", pikepdf.Dictionary())
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                problems.append(f"font {obj.get('/BaseFont')} not embedded")
        if any(obj.get(k, pikepdf.Name.Default) != pikepdf.Name.Default for k in ("/TR", "/TR2")):
            problems.append("a transfer function")
        if "/JS" in obj or obj.get("/S") == "/JavaScript" or "/AA" in obj:
            problems.append("JavaScript or an additional action")
        if subtype == "/PS":
            problems.append("a PostScript XObject")
    if "/JavaScript" in pdf.Root.get("/Names", pikepdf.Dictionary()):
        problems.append("document JavaScript")
    return problems


def _reachable(start):
    """Every dictionary and stream the file holds, direct ones inside others too, each once."""
    import pikepdf

    seen, stack = set(), [start]
    while stack:
        obj = stack.pop()
        if not isinstance(obj, pikepdf.Object):  # a number: nothing inside
            continue
        if obj.is_indirect:
            if obj.objgen in seen:
                continue
            seen.add(obj.objgen)
        if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            yield obj
            stack.extend(v for k, v in obj.items() if k != "/Parent")
        elif isinstance(obj, pikepdf.Array):
            stack.extend(obj)


@pytest.mark.parametrize("side", ["fronts", "backs"])
def test_print_file_passes_a_pdf_x4_preflight(exported, side):
    _, folder = exported
    assert preflight(folder / f"pod/cards-{side}.pdf") == []


def test_the_preflight_finds_what_a_printer_refuses(tmp_path):
    """A plain PDF with an unembedded font, a transfer function and JavaScript fails on each."""
    import pikepdf

    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(100, 100))
    page.obj.Resources = pikepdf.Dictionary(
        Font=pikepdf.Dictionary(F1=pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                      BaseFont=pikepdf.Name.Helvetica)),
        ExtGState=pikepdf.Dictionary(G1=pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, TR=pikepdf.Name.Identity)))
    pdf.Root.OpenAction = pdf.make_indirect(pikepdf.Dictionary(S=pikepdf.Name.JavaScript, JS=pikepdf.String("1")))
    pdf.save(tmp_path / "plain.pdf")
    assert sorted(preflight(tmp_path / "plain.pdf")) == sorted([
        "PDF 1.3, PDF/X-4 is PDF 1.6", "0 GTS_PDFX output intents, one expected", "Info GTS_PDFXVersion None",
        "Info Trapped None, True or False expected", "no Info Title", "no Info CreationDate", "no Info ModDate",
        "XMP pdfxid:GTS_PDFXVersion is not PDF/X-4", "no XMP xmp:CreateDate", "no XMP xmp:ModifyDate",
        "page 1: no TrimBox or BleedBox", "font /Helvetica not embedded", "a transfer function",
        "JavaScript or an additional action"])


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
