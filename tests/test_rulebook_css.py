"""The rulebook stylesheet's page breaks, each on a toy page set by the shipped rulebook.css: a table parts with two
rows or more on each page, and a heading keeps its first paragraph and what that leads into."""

from __future__ import annotations

import io

import pypdf
import pytest
from test_layout import FONTS

from pnp.pdf import render_pdf
from pnp.project import FONTS_DIR


def pages(project, body: str) -> list[str]:
    """Each page's text, the page set by the shipped stylesheet (A4)."""
    css = (project.templates / "rulebook.css").read_text(encoding="utf-8")
    html = f'<html lang="en"><head><style>{FONTS} @page {{ size: A4; }} {css}</style></head><body>{body}</body></html>'
    data, _ = render_pdf(html, [project.root, FONTS_DIR], project.templates, [project.templates], "", project.root)
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


ROWS = "".join(f"<tr><td>row {i}</td><td>what row {i} says</td></tr>" for i in range(1, 11))
TABLE = f'<table class="data"><thead><tr><th>Face</th><th>Effect</th></tr></thead><tbody>{ROWS}</tbody></table>'


@pytest.mark.parametrize("space", [178, 236])
def test_a_table_parts_with_two_rows_or_more_on_each_page(project, space):
    """At 178 mm down, nine rows fit and one would be left over; at 236 mm, one row fits: neither is let stand."""
    found = pages(project, f'<div style="height: {space}mm"></div>{TABLE}')
    rows = [[n for n in range(1, 11) if f"row {n} says" in text] for text in found]
    assert len(rows) == 2 and all(len(r) >= 2 or not r for r in rows) and sum(map(len, rows)) == 10
    assert "Face" in found[1] and "Effect" in found[1]  # the head repeats over the rows it carries over


def test_a_heading_keeps_its_first_paragraph_and_what_it_leads_into(project):
    """«Setup», one sentence, then a lead and its table: no room for the table, so the heading goes over with them
    rather than stand at the foot of page 1 with a sentence under it."""
    body = ('<div style="height: 222mm"></div><section><h2>Setup</h2><p>Shuffle the cards.</p>'
            '<p class="lead">Each player starts with a pool:</p>'
            '<table class="data"><tbody><tr><td>2</td><td>48</td></tr><tr><td>3</td><td>48</td></tr>'
            '<tr><td>4</td><td>36</td></tr></tbody></table></section>')
    first, second = pages(project, body)
    assert "Setup" not in first and second.startswith("Setup")
