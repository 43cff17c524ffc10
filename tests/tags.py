"""Tagged PDFs read back (pikepdf): structure elements in reading order, the ParentTree, each page's marked content."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pikepdf


def elements(node: Any) -> Iterator[pikepdf.Dictionary]:
    """Every structure element under `node`, depth first (reading order)."""
    kids = node.get("/K")
    if kids is None:
        return
    for kid in kids if isinstance(kids, pikepdf.Array) else [kids]:
        if isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/StructElem":
            yield kid
            yield from elements(kid)


def figures(node: Any) -> list[str]:
    """The alternative text of every figure under `node`, in reading order."""
    return [str(e.get("/Alt", "")) for e in elements(node) if e.S == "/Figure"]


def parent_tree(pdf: pikepdf.Pdf) -> dict[int, Any]:
    """The ParentTree's entries (a number tree, its kids included): StructParents key -> elements."""
    def entries(tree: Any) -> dict[int, Any]:
        nums = tree.get("/Nums", pikepdf.Array())
        found = {int(nums[i]): nums[i + 1] for i in range(0, len(nums), 2)}
        for kid in tree.get("/Kids", pikepdf.Array()):
            found.update(entries(kid))
        return found
    return entries(pdf.Root.StructTreeRoot.ParentTree)


def marked(page: pikepdf.Page) -> list[int]:
    """The marked-content ids the page's content stream draws, in order."""
    return [int(operands[1].MCID) for operands, op in pikepdf.parse_content_stream(page)
            if str(op) == "BDC" and isinstance(operands[1], pikepdf.Dictionary) and "/MCID" in operands[1]]


def page_of(element: Any) -> tuple[int, int] | None:
    """The page an element's content is on: its /Pg, or its nearest ancestor's."""
    while element is not None and element.get("/Type") == "/StructElem":
        if "/Pg" in element:
            return element.Pg.objgen
        element = element.get("/P")
    return None


def content(page: pikepdf.Page) -> bytes:
    """A page's content stream(s), decoded, as drawn."""
    contents = page.obj.Contents
    return b"".join(c.read_bytes() for c in (contents if isinstance(contents, pikepdf.Array) else [contents]))
