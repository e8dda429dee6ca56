"""Every pane of the teaching page follows "Read as" (issue 39): Explain, Why, Attacks,
Compare and Draw answer for the reading chosen, as the board does. Playwright driving
Debian's Chromium against a real server (the fixtures of tests/test_web_page.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.test_web_page import (  # noqa: F401 (the fixtures)
    KNIGHT_D4,
    marks,
    open_page,
)

# the session's server and browser (tests/conftest.py), in the process of the others
pytestmark = pytest.mark.xdist_group("browser")


def test_explain_follows_read_as(page):  # noqa: F811
    # mafN from e4: XBoard's second leg leaps in the King directions (a1 a5 b8 f8), the
    # spec's repeats the Knight leap (a2 a6 c8 g8); Explain says the board's squares
    open_page(page, "?betza=mafN&from=e4&dialect=xboard")
    lead = page.locator("#explanation p.lead")
    expect(lead).to_contain_text("Read as XBoard 4.9.1 reads it")
    expect(lead).to_contain_text("goes to a1 a5 b8 f8 (the spec reading: a2 a6 c8 g8)")
    expect(page.locator("#explanation")).to_contain_text("oblique-continuation")
    assert marks(page) == {sq: "both" for sq in ("a1", "a5", "b8", "f8")}
    # read as the Diagram: the spec's squares, said as such
    page.select_option("#dialect", "diagram")
    expect(page.locator('[data-square="a2"]')).to_have_attribute("data-mark", "both")
    expect(lead).to_contain_text("Read as the Interactive Diagram reads it")
    expect(lead).to_contain_text("goes to a2 a6 c8 g8 (the spec reading goes to the same squares)")
    # mpcaKmcabK: XBoard stops reading the letters at c after p (letter-order) and is left
    # with a null move, which the board shows as no mark and Explain says
    open_page(page, "?betza=mpcaKmcabK&from=e4&dialect=xboard")
    expect(lead).to_contain_text("makes only a null move, back to e4")
    expect(page.locator("#explanation")).to_contain_text("letter-order")


def test_why_follows_read_as(page):  # noqa: F811
    open_page(page, "?betza=mafN&from=e4&dialect=xboard")
    page.hover('[data-square="a1"]')
    expect(page.locator("#why")).to_have_attribute("data-why-square", "a1")
    expect(page.locator("#why")).to_contain_text("on e4 can go to a1")
    page.hover('[data-square="a2"]')
    expect(page.locator("#why")).to_have_attribute("data-why-square", "a2")
    # (the spec's a2 is no square of XBoard's: no position lets it get there)
    expect(page.locator("#why")).to_contain_text("no position lets mafN on e4 reach a2")
    expect(page.locator("#why")).to_contain_text("go to a1 a5 b8 f8 on an empty board")


def test_attacks_follow_read_as(page):  # noqa: F811
    # a white mafN on e4 (letter N): read as XBoard it attacks a1, in the spec a2
    link = "?mode=attacks&pane=attacks&fen=8/8/8/8/4N3/8/8/8%20w&pieces=N:mafN"
    open_page(page, link + "&dialect=xboard")
    page.click('[data-square="a1"]')
    expect(page.locator("#attackers li")).to_have_text(["e4 (mafN, white): e4-c3-a1"])
    page.click('[data-square="a2"]')
    expect(page.locator("#attackers")).to_have_text("Nothing attacks a2.")
    open_page(page, link)
    page.click('[data-square="a2"]')
    expect(page.locator("#attackers li")).to_have_text(["e4 (mafN, white): e4-c3-a2"])


def test_compare_follows_read_as(page):  # noqa: F811
    # fmrK and fmKrmK are the same piece in the spec (e5 and f4, moving only); XBoard reads
    # no direction after a mode letter (letter-order): its fmrK is fmK, without f4
    open_page(page, "?betza=fmrK&betza2=fmKrmK&from=d4&pane=compare")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "same")
    page.select_option("#dialect", "xboard")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "different")


def test_draw_follows_read_as(page):  # noqa: F811
    # the string found is the spec reading's; the pane says how XBoard reads it there
    open_page(page, "?from=d4&mode=draw&pane=draw&dialect=xboard")
    for sq in KNIGHT_D4:
        page.click(f'[data-square="{sq}"]')
    page.click("#find")
    expect(page.locator("#found-betza")).to_have_text("N")
    expect(page.locator("#found-reading")).to_have_attribute("data-same", "true")
    expect(page.locator("#found-reading")).to_have_text(
        "XBoard reads N with the drawn moves here.")


def test_a_reading_is_marked_from_its_table(page):  # noqa: F811
    # a program's reading compiles as the spec's does: the page asks for its table once
    # and marks a blocker itself (pR read as XBoard: over d5 from d2 to d6 d7 d8)
    open_page(page, "?betza=pR&from=d2&dialect=xboard")
    expect(page.locator("#board")).to_have_attribute("data-table", "table")
    page.click('[data-square="d5"]')
    expect(page.locator('[data-square="d5"]')).to_have_attribute("data-occupant", "friend")
    expect(page.locator("#board")).to_have_attribute("data-marked-by", "page")
    assert {sq for sq, kind in marks(page).items()} >= {"d6", "d7", "d8"}
