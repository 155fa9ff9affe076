"""The page formats the catalogs' Fluent source itself (the vendored @fluent/bundle): plurals and
the locale's numbers in both languages, each word looked up by the page's key, and nothing said
wrong to the console on the way."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from browserkit import a_server, chromium, new_context, page_errors, watch_errors

pytestmark = pytest.mark.browser

SAID = """async () => {
  const i18n = await import("/static/js/i18n.js");
  i18n.setup(await (await fetch("/api/config")).json());
  const say = () => ({
    one: i18n.t("read_stock", { n: 1 }),
    many: i18n.t("read_stock", { n: 42 }),
    points: i18n.t("side_points", { name: "Ann", points: 1500 }),
    deal: i18n.t("deal", { n: 3 }),
    preset: i18n.presetName("parker"),
    missing: i18n.t("no.such.word"),
  });
  const english = say();
  i18n.setLanguage("fr");
  return { en: english, fr: say() };
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def test_the_page_words_plurals_and_numbers_with_fluent(tmp_path: Path, browser: Browser) -> None:
    with a_server(tmp_path / "s.sqlite") as server:
        page = new_context(browser).new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        watch_errors(page)
        page.goto(server.url)
        said: dict[str, Any] = page.evaluate(SAID)
        assert page_errors(page) == []
    assert said["en"] == {
        "one": "1 card in the stock.",
        "many": "42 cards in the stock.",
        "points": "Ann 1,500 points",
        "deal": "Deal 3",
        "preset": "Parker Brothers (700 km, extension)",
        "missing": "no.such.word",
    }
    assert said["fr"] == {
        "one": "1 carte dans la pioche.",
        "many": "42 cartes dans la pioche.",
        "points": "Ann 1\u202f500 points",
        "deal": "Manche 3",
        "preset": "Parker Brothers (700 bornes, allonge)",
        "missing": "no.such.word",
    }
    assert [line for line in console if line.startswith("error")] == []
