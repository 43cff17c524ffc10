"""The kit's merge: the parts' pages in print order, their structure trees under one document, bookmarks kept."""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary, Name, OutlineItem, PageLocation, String


class TaggedMerge:
    """A tagged PDF made of the pages of others, each part's structure tree kept whole under one Document.

    A part's pages are copied as they are (content streams byte for byte); its structure tree is copied with them,
    its root Document becoming a Part of the merged Document, and the StructParents keys of its pages (and
    annotations) renumbered into the one ParentTree. A page used twice (the what-to-print file's blank page) is
    copied from a new reading of its file each time, so each copy has structure elements of its own.
    """

    def __init__(self) -> None:
        self.pdf = pikepdf.new()
        self.document = self.pdf.make_indirect(Dictionary(Type=Name.StructElem, S=Name.Document, K=Array()))
        self.tree = self.pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot, K=Array([self.document])))
        self.document.P = self.tree
        self.parents: list[Any] = []
        """The ParentTree's values, its keys their positions: per page, its marked contents' elements."""
        self.ids: dict[bytes, Any] = {}
        self.roles: dict[str, Any] = {}
        self.bookmarks: list[OutlineItem] = []
        self.version = "1.4"
        self._sources: list[pikepdf.Pdf] = []  # open until the merge is written: the copies read from them

    @property
    def page_count(self) -> int:
        return len(self.pdf.pages)

    def append(self, source: Path | bytes, title: str | None, pages: Sequence[int] | None = None,
               outline: bool = True) -> None:
        """Append `pages` of `source` (default: all), its structure as a Part titled `title`, and a bookmark
        `title` to its first page holding the file's own bookmarks (`outline`); no bookmark when `title` is None."""
        pdf = pikepdf.open(io.BytesIO(source) if isinstance(source, bytes) else source)
        self._sources.append(pdf)
        chosen = range(len(pdf.pages)) if pages is None else pages
        first = self.page_count
        for index in chosen:
            self.pdf.pages.append(pdf.pages[index])
        added = [self.pdf.pages[first + n].obj for n in range(len(chosen))]
        self.version = max(self.version, pdf.pdf_version)
        part = self._graft(pdf, chosen, added, title)
        if title is not None:
            item = OutlineItem(title, first, PageLocation.Fit, structure_element=part)
            if outline:
                at = {pdf.pages[index].obj.objgen: page for index, page in zip(chosen, added, strict=True)}
                with pdf.open_outline() as own:
                    item.children.extend(_bookmarks(own.root, at))
            self.bookmarks.append(item)

    def blank(self, width: float, height: float) -> None:
        """An empty page (nothing on it to tag)."""
        self.pdf.add_blank_page(page_size=(width, height))

    def _graft(self, pdf: pikepdf.Pdf, chosen: Sequence[int], added: list[Any], title: str | None) -> Any:
        """The source's structure tree, copied, as a Part of the document: only the elements on the pages added;
        None for an untagged file."""
        if "/StructTreeRoot" not in pdf.Root:
            return None
        source = pdf.Root.StructTreeRoot
        here = {pdf.pages[index].obj.objgen for index in chosen}
        keep = [[_pages(kid) <= here for kid in _kids(document)] for document in _kids(source)]
        # Copied after the pages, every element's /Pg names the merged file's copy of its page (one of a page not
        # copied is dropped, and so is its element, above).
        tree = self.pdf.copy_foreign(source)
        part = None
        for document, kids in zip(_kids(tree), keep, strict=True):
            prefix = f"{len(self.document.K)}-".encode()  # element ids unique in the merged file: the part's number
            part = document
            part.S, part.P = Name.Part, self.document
            if title is not None:
                part.T = String(title)
            part.K = Array([kid for kid, kept_ in zip(_kids(part), kids, strict=True) if kept_])
            self.document.K.append(part)
            for element in _walk(part):
                self._rename(element, prefix)
        for role, standard in tree.get("/RoleMap", Dictionary()).items():
            self.roles.setdefault(role, standard)
        entries = _numbers(tree.get("/ParentTree"))
        for page in added:
            for holder in (page, *(a for a in page.get("/Annots", Array()) if "/StructParent" in a)):
                key = "/StructParents" if holder is page else "/StructParent"
                if key not in holder:
                    continue
                # The page's entry as the file has it (an element WeasyPrint leaves out of the tree, a running
                # header's, is left out here too); its elements are on this page, so all were copied with it.
                self.parents.append(entries.get(int(holder[key])))
                holder[key] = len(self.parents) - 1
        return part

    def _rename(self, element: Any, prefix: bytes) -> None:
        """An element's id, and the header ids a table cell names, made unique in the merged file."""
        if "/ID" in element:
            element.ID = String(prefix + bytes(element.ID))
            self.ids[bytes(element.ID)] = element
        attributes = element.get("/A")
        for owner in (attributes if isinstance(attributes, Array) else [attributes]):
            if isinstance(owner, Dictionary) and "/Headers" in owner:
                owner.Headers = Array([String(prefix + bytes(h)) for h in owner.Headers])

    def write(self, lang: str, title: str, author: str) -> bytes:
        """The merged file: tagged (its language, structure tree, title shown as the window's), bookmarked."""
        pdf, root = self.pdf, self.pdf.Root
        self.tree.ParentTree = pdf.make_indirect(Dictionary(
            Nums=Array([x for key, value in enumerate(self.parents) for x in (key, value)])))
        self.tree.ParentTreeNextKey = len(self.parents)
        if self.ids:
            self.tree.IDTree = pdf.make_indirect(Dictionary(
                Names=Array([x for key in sorted(self.ids) for x in (String(key), self.ids[key])])))
        if self.roles:
            self.tree.RoleMap = Dictionary(self.roles)
        root.StructTreeRoot = self.tree
        root.MarkInfo = Dictionary(Marked=True)
        root.Lang = String(lang)
        root.ViewerPreferences = Dictionary(DisplayDocTitle=True)
        pdf.docinfo.Title, pdf.docinfo.Author, pdf.docinfo.Producer = String(title), String(author), String("pnp")
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
            xmp["dc:title"] = title
            xmp["dc:creator"] = [author]
            xmp["dc:language"] = [lang]
        with pdf.open_outline() as outline:
            outline.root.extend(self.bookmarks)
        buffer = io.BytesIO()
        # The parts' streams are written as they were read: the pages' content is theirs, byte for byte.
        pdf.save(buffer, min_version=self.version, deterministic_id=True,
                 stream_decode_level=pikepdf.StreamDecodeLevel.none,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
        for source in self._sources:
            source.close()
        return buffer.getvalue()


def _kids(element: Any) -> list[Any]:
    """An element's child elements (not its marked contents or object references)."""
    kids = element.get("/K")
    if kids is None:
        return []
    return [k for k in (kids if isinstance(kids, Array) else [kids]) if isinstance(k, Dictionary) and "/S" in k]


def _walk(element: Any) -> Iterator[Any]:
    """The element and every element under it."""
    yield element
    for kid in _kids(element):
        yield from _walk(kid)


def _pages(element: Any) -> set[tuple[int, int]]:
    """The pages an element and the elements under it lie on (their /Pg, and those of their content references)."""
    found = set()
    for node in _walk(element):
        if "/Pg" in node:
            found.add(node.Pg.objgen)
        kids = node.get("/K")
        for kid in (kids if isinstance(kids, Array) else [kids]) if kids is not None else []:
            if isinstance(kid, Dictionary) and "/S" not in kid and "/Pg" in kid:
                found.add(kid.Pg.objgen)
    return found


def _numbers(tree: Any) -> dict[int, Any]:
    """A number tree's entries, its kids' included."""
    if tree is None:
        return {}
    nums = tree.get("/Nums", Array())
    found = {int(nums[i]): nums[i + 1] for i in range(0, len(nums) - 1, 2)}
    for kid in tree.get("/Kids", Array()):
        found.update(_numbers(kid))
    return found


def _bookmarks(items: Any, at: dict[tuple[int, int], Any]) -> list[OutlineItem]:
    """A file's bookmarks pointing at the merged file's copies of their pages (those whose page was copied)."""
    found = []
    for item in items:
        target = item.destination
        if target is None and item.action is not None and item.action.get("/S") == Name.GoTo:
            target = item.action.get("/D")
        if not (isinstance(target, Array) and len(target) and isinstance(target[0], Dictionary)
                and target[0].objgen in at):
            continue
        copy = OutlineItem(item.title, Array([at[target[0].objgen], *target[1:]]))
        copy.is_closed = item.is_closed
        copy.children.extend(_bookmarks(item.children, at))
        found.append(copy)
    return found
