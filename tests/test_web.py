"""The web rulebook: built with the rulebook, self-contained, read in headless Chromium at a phone's and a desktop's
width, one browser session for every check."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import CHROMEDRIVER, CHROMIUM, NO_BROWSER, PROJECT, chromium

from pnp.build import build


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("web")
    report = build(PROJECT, ["dead-mans-dice"], ["en", "es"], out=out, kinds=["web"], workers=1)
    game = out / "dead-mans-dice"
    assert report.warnings == [] and report.written == [game / "en" / "rulebook.html", game / "fonts.css",
                                                        game / "es" / "rulebook.html"]
    return out


def test_the_page_needs_no_file_but_the_games_fonts(pages):
    page = (pages / "dead-mans-dice" / "en" / "rulebook.html").read_text(encoding="utf-8")
    assert "file:" not in page and "pnp-face:" not in page and "@font-face" not in page
    assert 'href="../es/rulebook.html"' in page and 'name="viewport"' in page
    assert '<link rel="stylesheet" href="../fonts.css">' in page
    fonts = (pages / "dead-mans-dice" / "fonts.css").read_text(encoding="utf-8")
    assert fonts.count("@font-face") == 10 and fonts.count('src: url("data:font/ttf;base64,') == 10


@pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()), reason=NO_BROWSER)
def test_the_page_reads_on_a_phone_and_a_desktop_and_switches_language(pages):
    from selenium.webdriver.common.by import By

    browser = chromium()
    try:
        english = (pages / "dead-mans-dice" / "en" / "rulebook.html").as_uri()
        for width, mobile in ((360, True), (1280, False)):
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": mobile})
            browser.get(english)
            assert browser.execute_script("return innerWidth") == width
            assert browser.execute_script("return document.scrollingElement.scrollWidth <= innerWidth")
            broken = browser.execute_script(
                "return [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt)")
            assert broken == [] and browser.execute_script("return document.images.length") > 10
            assert "Examples" in browser.find_element(By.TAG_NAME, "body").text
            # The fonts come from the game's fonts.css, beside the languages' folders.
            loaded = browser.execute_async_script("document.fonts.ready.then(() => arguments[0]("
                                                  "[...document.fonts].filter(f => f.status == 'loaded')"
                                                  ".map(f => f.family.replaceAll('\"', ''))))")
            assert {"PT Serif", "PT Sans"} <= set(loaded)
        browser.find_element(By.CSS_SELECTOR, 'nav.langs a[hreflang="es"]').click()
        assert browser.current_url.endswith("/dead-mans-dice/es/rulebook.html")
        assert browser.execute_script("return document.documentElement.lang") == "es"
    finally:
        browser.quit()
