"""The kit merged as one tagged PDF: each part's structure tree under one Document, every page's marked content
resolving through the one ParentTree, figures and their alternative text kept, the pages' content unchanged."""

from __future__ import annotations

import base64
import io

import pikepdf
import pypdf
import pytest
from helpers import PROJECT, ROOT, game, tr
from tags import content, elements, figures, marked, page_of, parent_tree

from pnp.build import Job, Settings, _kit
from pnp.pdf import render_pdf
from pnp.sheets import Options, sheets_for, write_kit

FACE = "data:image/svg+xml;base64," + base64.b64encode(
    b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>').decode()


def toy(title: str, *pages: str) -> bytes:
    """A small tagged PDF (WeasyPrint's PDF/UA-1, as every part is made), one section a page."""
    sections = "".join(f'<section style="break-before: page">{page}</section>' for page in pages)
    html = (f'<!DOCTYPE html><html lang="en"><head><title>{title}</title><style>@page {{ size: 80mm 80mm }}'
            f'</style></head><body>{sections}</body></html>')
    return render_pdf(html, [ROOT], ROOT)[0]


def table(die: str) -> str:
    return (f'<table><thead><tr><th>Die</th><th>Face</th></tr></thead><tbody><tr><td>{die}</td>'
            f'<td><img src="{FACE}" alt="Die {die}: skull"></td></tr></tbody></table>')


def check_resolves(pdf: pikepdf.Pdf) -> None:
    """Every page's marked content is an element of the ParentTree entry its StructParents names, on that page (a page
    without StructParents is one its part has without: a sheet's repeated copy, see test below)."""
    entries = parent_tree(pdf)
    root = pdf.Root.StructTreeRoot
    assert int(root.ParentTreeNextKey) == len(entries) == max(entries) + 1
    keys = [int(p.obj.StructParents) for p in pdf.pages if "/StructParents" in p.obj]
    assert len(keys) == len(set(keys))  # no two pages share an entry
    for page in pdf.pages:
        ids = marked(page)
        if not ids or "/StructParents" not in page.obj:
            continue
        held = entries[int(page.obj.StructParents)]
        for mcid in ids:
            element = held[mcid]
            assert element.get("/Type") == "/StructElem" and page_of(element) == page.obj.objgen, mcid
    # The Document holds every element: each one's parents lead up to the root.
    for element in elements(root):
        top = element
        while top.get("/Type") == "/StructElem":
            top = top.P
        assert top.objgen == root.objgen


def test_parts_keep_their_structure_and_each_blank_side_has_its_own(tmp_path):
    """A toy kit: a guide (its page, and a blank one to pad with), a part with a table, two duplex parts that each
    need a blank side before them, an untagged part; each part a Part of one Document, renumbered, its ids its own."""
    guide = toy("Guide", f'<h2>What to print</h2><img src="{FACE}" alt="Calibration ruler">',
                "<p>This page is intentionally blank.</p>")
    paths = {}
    for name, data in (("rules", toy("Rules", "<h2>Rules</h2>" + table("A"), "<h2>End</h2>" + table("B"))),
                       ("cards", toy("Cards", f'<img src="{FACE}" alt="red card">')),
                       ("more", toy("More", f'<img src="{FACE}" alt="blue card">'))):
        paths[name] = tmp_path / f"{name}.pdf"
        paths[name].write_bytes(data)
    writer = pypdf.PdfWriter()
    writer.add_blank_page(226.77, 226.77)
    writer.write(paths.setdefault("plain", tmp_path / "plain.pdf"))  # an untagged part (a stand-in)
    parts = [("Rules", False, paths["rules"]), ("Cards", True, paths["cards"]), ("More", True, paths["more"]),
             ("Plain", False, paths["plain"])]
    target = write_kit(parts, tmp_path / "kit.pdf", "Toy: kit", "Ann", "en", ("What to print", guide))
    pdf = pikepdf.open(target)
    # Guide 0, rules 1-2, a blank side 3, cards 4, a blank side 5, more 6, plain 7.
    assert len(pdf.pages) == 8
    root = pdf.Root
    assert root.MarkInfo.Marked is True and str(root.Lang) == "en" and root.ViewerPreferences.DisplayDocTitle is True
    assert str(pdf.docinfo.Title) == "Toy: kit" and str(pdf.docinfo.Author) == "Ann"
    with pdf.open_metadata(set_pikepdf_as_editor=False) as xmp:
        assert xmp["dc:title"] == "Toy: kit"
    (document,) = root.StructTreeRoot.K
    assert document.S == "/Document"
    assert [(str(p.S), str(p.get("/T", ""))) for p in document.K] == [
        ("/Part", "What to print"), ("/Part", "Rules"), ("/Part", ""), ("/Part", "Cards"), ("/Part", ""),
        ("/Part", "More")]
    check_resolves(pdf)
    assert "/StructParents" not in pdf.pages[7].obj  # the untagged part's page: nothing to resolve
    # Each blank side is its own copy of the guide's second page, with its own paragraph on it.
    blanks = [document.K[2], document.K[4]]
    assert [page_of(next(e for e in elements(b) if e.S == "/P")) for b in blanks] == [
        pdf.pages[3].obj.objgen, pdf.pages[5].obj.objgen]
    assert content(pdf.pages[3]) == content(pdf.pages[5])
    # The guide's own blank page is not in the kit's structure unless it is used.
    assert [str(e.S) for e in elements(document.K[0])].count("/P") == 0
    assert figures(document) == ["Calibration ruler", "Die A: skull", "Die B: skull", "red card", "blue card"]
    # Table cells name their header cells by ids unique in the kit, and the IDTree finds them.
    ids = root.StructTreeRoot.IDTree.Names
    named = {bytes(ids[i]): ids[i + 1] for i in range(0, len(ids), 2)}
    headers = [bytes(h) for e in elements(document) if e.S == "/TD" and "/A" in e for h in e.A.get("/Headers", [])]
    assert headers and all(named[h].S == "/TH" for h in headers)
    assert len({bytes(e.ID) for e in elements(document) if "/ID" in e}) == len(named) == 4
    # Bookmarks in print order, the parts' own nested under theirs.
    with pdf.open_outline() as outline:
        pages = [p.obj.objgen for p in pdf.pages]
        marks = [(item.title, pages.index(item.destination[0].objgen),
                  [(c.title, pages.index(c.destination[0].objgen)) for c in item.children]) for item in outline.root]
    assert marks == [("What to print", 0, []), ("Rules", 1, [("Rules", 1), ("End", 2)]), ("Cards", 4, []),
                     ("More", 6, []), ("Plain", 7, [])]


def test_the_kit_is_one_tagged_document_of_its_real_parts(made, tmp_path):
    """A kit merged from the real tagged files the suite builds (`made`) and its what-to-print page: every page
    resolves, every part's figures and their text are the part's, each page's content is the part's byte for byte.

    Dead Man's Dice's: every one of its parts (rulebook, stickers, score pad, player aid) is a file other tests
    read, so the kit costs only its merge."""
    g, t = game("dead-mans-dice"), tr("en")
    kinds = ["rulebook", *(s.kind for s in sheets_for(g))]
    jobs = [Job(g, "en", kind, made("dead-mans-dice", kind)) for kind in kinds]
    kit = Job(g, "en", "kit", tmp_path / "kit.pdf")
    _kit(kit, t, [*jobs, kit], Settings(PROJECT, Options()))
    pdf = pikepdf.open(kit.path)
    assert str(pdf.Root.Lang) == "en" and pdf.Root.MarkInfo.Marked is True
    assert str(pdf.docinfo.Title) == t.typeset(t.format(t.gettext("{game}: print-and-play kit"), game=g.titles["en"]))
    check_resolves(pdf)
    (document,) = pdf.Root.StructTreeRoot.K
    guide, *parts = document.K
    assert figures(guide) == ["Calibration ruler: 50\N{NO-BREAK SPACE}mm and 2\N{NO-BREAK SPACE}in"]
    with pdf.open_outline() as outline:
        titles = [item.title for item in outline.root]
    assert [str(p.T) for p in parts] == titles[1:]
    first = 1
    by_title = {t.typeset(t.gettext("Rulebook")): made("dead-mans-dice", "rulebook")}
    by_title.update({t.typeset(s.title(t, g)): made("dead-mans-dice", s.kind) for s in sheets_for(g)})
    for part in parts:
        source = pikepdf.open(by_title[str(part.T)])
        assert figures(part) == figures(source.Root.StructTreeRoot)
        for n, page in enumerate(source.pages):
            copy = pdf.pages[first + n]
            assert content(copy) == content(page)
            assert ("/StructParents" in copy.obj) == ("/StructParents" in page.obj)
        first += len(source.pages)
    assert first == len(pdf.pages)


@pytest.mark.parametrize("pages", [[0], [1]])
def test_a_page_chosen_from_a_file_brings_only_its_own_elements(pages):
    from pnp.sheets.merge import TaggedMerge

    merge = TaggedMerge()
    merge.append(toy("Two", "<h2>One</h2>", "<p>Two</p>"), "Part", pages=pages)
    pdf = pikepdf.open(io.BytesIO(merge.write("en", "T", "A")))
    check_resolves(pdf)
    assert [str(e.S) for e in elements(pdf.Root.StructTreeRoot) if e.S in ("/H2", "/P")] == [["/H2"], ["/P"]][pages[0]]
