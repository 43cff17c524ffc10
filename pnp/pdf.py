"""PDF by WeasyPrint: only project files and data: URIs are read, and files are written atomically."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher

from .errors import InputError
from .output import atomic_write_bytes


class ProjectOnlyFetcher(URLFetcher):  # type: ignore[misc]  # weasyprint has no type hints: URLFetcher is Any
    """Fetches data: URIs and files under the allowed folders; refuses everything else, the network above all."""

    def __init__(self, allowed: list[Path]) -> None:
        super().__init__(allowed_protocols={"file", "data"})
        self.allowed = [p.resolve() for p in allowed]

    def fetch(self, url: str, headers: Any = None) -> Any:
        scheme = url.split(":", 1)[0].lower()
        if scheme == "data":
            return super().fetch(url, headers)
        if scheme == "file":
            path = Path(unquote(urlparse(url).path)).resolve()
            if any(path.is_relative_to(folder) for folder in self.allowed):
                return super().fetch(url, headers)
        raise FatalURLFetchingError(f"refused to read {url}: only project files may be used")


class _Warnings(logging.Handler):
    """Collects WeasyPrint's warnings, so a layout problem fails the build rather than scrolling past."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def write_pdf(html: str, target: Path, allowed: list[Path], base_url: Path) -> list[str]:
    """Render HTML to a PDF at `target` (atomically); returns WeasyPrint's warnings."""
    handler = _Warnings()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(handler)
    try:
        fetcher = ProjectOnlyFetcher(allowed)
        fonts = FontConfiguration()
        try:
            document = HTML(string=html, base_url=str(base_url), url_fetcher=fetcher)
            data = document.write_pdf(font_config=fonts, pdf_variant=None, uncompressed_pdf=False)
        except FatalURLFetchingError as exc:
            raise InputError(str(exc)) from None
    finally:
        logger.removeHandler(handler)
    atomic_write_bytes(target, data)
    return handler.messages
