"""The teaching page's Play tab in a real browser (Playwright driving Debian's Chromium
against a real uvicorn server): a piece picked lights up its legal targets (data-legal),
moves are listed in SAN, check and checkmate are shown, Undo takes a move back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web_server import ANSWER_LIMIT_MS

expect.set_options(timeout=ANSWER_LIMIT_MS)
# the server and the browser are the session's (tests/conftest.py), one process's
pytestmark = pytest.mark.xdist_group("browser")
SCHOLAR = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]


def open_play(page: Page, query: str = "") -> None:
    page.goto(page.base + "?pane=play" + query)  # type: ignore[attr-defined]
    page.wait_for_selector("body[data-ready=true]")
    expect(page.locator("#play-status")).to_contain_text("to move")


def lit(page: Page) -> list[str]:
    return sorted(page.eval_on_selector_all("#board [data-legal=true]",
                                            "els => els.map(e => e.dataset.square)"))


def move(page: Page, origin: str, to: str, plies: int) -> None:
    page.click(f'#board [data-square="{origin}"]')
    expect(page.locator(f'#board [data-square="{to}"]')).to_have_attribute("data-legal", "true")
    page.click(f'#board [data-square="{to}"]')
    expect(page.locator("#play-list li")).to_have_count(plies)


def test_picked_pieces_light_their_targets_and_moves_are_listed_in_san(page):
    open_play(page)
    assert page.locator("#board [data-square]").count() == 64
    expect(page.locator('#board [data-square="e1"]')).to_have_attribute("data-piece", "K")
    page.click('#board [data-square="e2"]')
    expect(page.locator('#board [data-square="e2"]')).to_have_attribute("data-picked", "true")
    assert lit(page) == ["e3", "e4"]
    page.click('#board [data-square="g1"]')   # another piece: its own targets
    expect(page.locator('#board [data-square="g1"]')).to_have_attribute("data-picked", "true")
    assert lit(page) == ["f3", "h3"]
    page.click('#board [data-square="e7"]')   # Black's pawn: not White's move, nothing lit
    expect(page.locator("#board [data-picked]")).to_have_count(0)
    assert lit(page) == []
    move(page, "e2", "e4", 1)
    expect(page.locator('#board [data-square="e4"]')).to_have_attribute("data-piece", "P")
    move(page, "e7", "e5", 2)
    assert page.locator("#play-list li").all_text_contents() == ["e4", "e5"]
    assert "play_moves=e2e4%2Ce7e5" in page.url
    expect(page.locator("#play-status")).to_contain_text("White to move")


def test_scholars_mate_is_shown_and_undo_takes_it_back(page):
    open_play(page, "&play_moves=" + ",".join(SCHOLAR[:-1]))
    expect(page.locator("#play-list li")).to_have_count(6)
    move(page, "h5", "f7", 7)
    assert page.locator("#play-list li").all_text_contents() == [
        "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    expect(page.locator("#play-status")).to_have_attribute("data-result", "checkmate")
    expect(page.locator("#play-status")).to_contain_text("Checkmate: Black is mated")
    page.click('#board [data-square="e8"]')   # no move to light up
    assert lit(page) == []
    page.click("#play-undo")
    expect(page.locator("#play-list li")).to_have_count(6)
    expect(page.locator("#play-status")).to_have_attribute("data-result", "")
    expect(page.locator('#board [data-square="h5"]')).to_have_attribute("data-piece", "Q")
    expect(page.locator('#board [data-square="f7"]')).to_have_attribute("data-piece", "p")


def test_check_is_shown(page):
    open_play(page, "&play_moves=e2e4,f7f5,d1h5")
    expect(page.locator("#play-status")).to_have_attribute("data-check", "true")
    expect(page.locator("#play-status")).to_contain_text("Black to move: in check")
    expect(page.locator("#board [data-check=true]")).to_have_count(1)
    expect(page.locator('#board [data-square="e8"]')).to_have_attribute("data-check", "true")
    page.click('#board [data-square="g7"]')
    assert lit(page) == ["g6"]   # the only pawn move that blocks the check


def test_a_pasted_fen_and_an_unknown_variant(page):
    open_play(page)
    page.fill("#play-fen", "7k/8/8/8/8/8/8/K7 w - - 0 1")
    page.press("#play-fen", "Enter")
    expect(page.locator('#board [data-square="a1"]')).to_have_attribute("data-piece", "K")
    page.click('#board [data-square="a1"]')
    assert lit(page) == ["a2", "b1", "b2"]
    page.fill("#play-fen", "")
    page.fill("#play-variant", "chesss")
    page.press("#play-variant", "Enter")
    expect(page.locator("#play-status")).to_have_attribute("data-result", "error")
    expect(page.locator("#play-status")).to_contain_text("did you mean chess")


def test_a_piece_in_hand_is_dropped(page):
    open_play(page, "&play_variant=crazyhouse&play_fen=4k3/8/8/8/8/8/8/4K3%5BQ%5D+w+-+-+0+1")
    hand = page.locator('[data-hand-side="white"] [data-hand="Q"]')
    hand.click()
    expect(hand).to_have_attribute("data-picked", "true")
    assert len(lit(page)) == 62   # every empty square
    page.click('#board [data-square="e7"]')
    expect(page.locator("#play-list li")).to_have_count(1)
    assert page.locator("#play-list li").all_text_contents() == ["Q@e7+"]
    expect(page.locator("#play-status")).to_have_attribute("data-check", "true")
    expect(page.locator('[data-hand="Q"]')).to_have_count(0)
    assert "shogi" in page.eval_on_selector_all("#play-variants option",
                                                "els => els.map(e => e.value)")
