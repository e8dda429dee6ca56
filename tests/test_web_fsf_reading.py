"""Every pane of the teaching page follows "Read as" Fairy-Stockfish (issue 39): the board,
Explain, Why, Attacks, Compare and Draw answer for Fairy-Stockfish 0.0.90's reading. The
squares are worked out by hand from its from_betza and checked against pyffish in
tests/test_fsf_dialect.py: it skips the ``a`` of ``mafsW`` (on e4: d4 e5 f4, where the spec's
Xiangqi horse goes to c3 c5 d2 d6 f2 f6 g3 g5) and reads ``fK`` as ``fW`` and ``fF`` (on e4:
d5 e5 f5, where the spec's is the single step to e5). Playwright driving Debian's Chromium
against a real server (the fixtures of tests/test_web_page.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.test_web_page import (  # noqa: F401 (the fixtures)
    marks,
    open_page,
)

# the session's server and browser (tests/conftest.py), in the process of the others
pytestmark = pytest.mark.xdist_group("browser")

HORSE_SPEC = ("c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5")


def test_read_as_offers_fairy_stockfish(page):  # noqa: F811
    open_page(page)
    expect(page.locator('#dialect option[value="fsf"]')).to_have_text("Fairy-Stockfish")
    page.select_option("#dialect", "fsf")
    expect(page).to_have_url(re.compile(r"[?&]dialect=fsf(&|$)"))


def test_board_and_explain_follow_fairy_stockfish(page):  # noqa: F811
    open_page(page, "?betza=mafsW&from=e4&dialect=fsf")
    lead = page.locator("#explanation p.lead")
    expect(lead).to_contain_text("Read as Fairy-Stockfish reads it")
    expect(lead).to_contain_text("goes to d4 e5 f4 (the spec reading: " +
                                 " ".join(HORSE_SPEC) + ")")
    assert marks(page) == {sq: "move" for sq in ("d4", "e5", "f4")}
    # back to the spec: the horse's eight squares (m only on its first leg: it moves or
    # captures there), on the board and in Explain
    page.select_option("#dialect", "spec")
    expect(page.locator('[data-square="c3"]')).to_have_attribute("data-mark", "both")
    assert marks(page) == {sq: "both" for sq in HORSE_SPEC}
    expect(lead).not_to_contain_text("Read as")


def test_why_follows_fairy_stockfish(page):  # noqa: F811
    open_page(page, "?betza=mafsW&from=e4&dialect=fsf")
    page.hover('[data-square="d4"]')
    expect(page.locator("#why")).to_have_attribute("data-why-square", "d4")
    expect(page.locator("#why")).to_contain_text("on e4 can go to d4")
    page.hover('[data-square="d6"]')
    expect(page.locator("#why")).to_have_attribute("data-why-square", "d6")
    expect(page.locator("#why")).to_contain_text("no position lets mafsW on e4 reach d6")
    expect(page.locator("#why")).to_contain_text("go to d4 e5 f4 on an empty board")


def test_attacks_follow_fairy_stockfish(page):  # noqa: F811
    # a white fK on e4 (letter N): Fairy-Stockfish's attacks d5 e5 f5, the spec's only e5
    link = "?mode=attacks&pane=attacks&fen=8/8/8/8/4N3/8/8/8%20w&pieces=N:fK"
    open_page(page, link + "&dialect=fsf")
    page.click('[data-square="d5"]')
    expect(page.locator("#attackers li")).to_have_text(["e4 (fK, white): e4-d5"])
    page.click('[data-square="f5"]')
    expect(page.locator("#attackers li")).to_have_text(["e4 (fK, white): e4-f5"])
    open_page(page, link)
    page.click('[data-square="d5"]')
    expect(page.locator("#attackers")).to_have_text("Nothing attacks d5.")


def test_compare_follows_fairy_stockfish(page):  # noqa: F811
    # fK and fWfF differ in the spec (e5 against d5 e5 f5) and are one piece read as
    # Fairy-Stockfish, which takes K as W and F
    open_page(page, "?betza=fK&betza2=fWfF&from=e4&pane=compare")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "different")
    page.select_option("#dialect", "fsf")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "same")


def test_draw_follows_fairy_stockfish(page):  # noqa: F811
    # d4 e5 f4 drawn from e4: the spec string found is fsW, which Fairy-Stockfish reads so
    open_page(page, "?from=e4&mode=draw&pane=draw&dialect=fsf")
    for sq in ("d4", "e5", "f4"):
        page.click(f'[data-square="{sq}"]')
    page.click("#find")
    expect(page.locator("#found-betza")).to_have_text("fsW")
    expect(page.locator("#found-reading")).to_have_attribute("data-same", "true")
    expect(page.locator("#found-reading")).to_have_text(
        "Fairy-Stockfish reads fsW with the drawn moves here.")
