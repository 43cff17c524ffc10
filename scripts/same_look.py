"""Whether two builds print the same: every page of each PDF found in both folders rendered (PDFium) and compared."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pypdfium2 as pdfium  # type: ignore[import-untyped]


def pages(path: Path, scale: float) -> list[bytes]:
    """Each page as raw RGB pixels at `scale` (1 = 72 dpi)."""
    document = pdfium.PdfDocument(path)
    try:
        return [page.render(scale=scale).to_pil().convert("RGB").tobytes() for page in document]
    finally:
        document.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--dpi", type=float, default=150)
    args = parser.parse_args(argv)
    scale = args.dpi / 72
    total = differ = 0
    for old in sorted(args.before.rglob("*.pdf")):
        new = args.after / old.relative_to(args.before)
        if not new.exists() or old.name == "kit.pdf":
            continue
        a, b = pages(old, scale), pages(new, scale)
        if len(a) != len(b):
            print(f"{new.relative_to(args.after)}: {len(a)} pages before, {len(b)} after")
            differ += 1
            continue
        changed = sum(sum(x != y for x, y in zip(pa[0::3], pb[0::3], strict=True))
                      + sum(x != y for x, y in zip(pa[1::3], pb[1::3], strict=True))
                      + sum(x != y for x, y in zip(pa[2::3], pb[2::3], strict=True)) > 0
                      for pa, pb in zip(a, b, strict=True))
        pixels = sum(sum(1 for i in range(0, len(pa), 3) if pa[i:i + 3] != pb[i:i + 3])
                     for pa, pb in zip(a, b, strict=True)) if changed else 0
        total += 1
        differ += pixels > 0
        print(f"{new.relative_to(args.after)}: {len(a)} pages, {pixels} pixels differ at {args.dpi:g} dpi")
    print(f"{total} files compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
