"""The teaching page in a real browser: Playwright driving Debian's Chromium against a
real uvicorn server. Squares are found by ``data-square``; marks by ``data-mark``,
``data-context`` and ``data-occupant``."""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.squares_help import S
from tests.web_server import ANSWER_LIMIT_MS, listen

KNIGHT_D4 = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
SCREENSHOT = Path(__file__).resolve().parent.parent / "docs" / "page.png"
expect.set_options(timeout=ANSWER_LIMIT_MS)
# a wait for a lasting state looks every 50 ms: Playwright's default looks at every frame,
# which keeps Chromium drawing 60 frames a second for as long as the answer takes
POLL_MS = 50
# the server and the browser are the session's (tests/conftest.py), one process's
pytestmark = pytest.mark.xdist_group("browser")


def open_page(page: Page, query: str = "") -> None:
    page.goto(page.base + query)  # type: ignore[attr-defined]
    page.wait_for_selector("body[data-ready=true]")


def marks(page: Page, attr: str = "mark") -> dict[str, str]:
    return page.eval_on_selector_all(
        f"[data-{attr}]", f"els => Object.fromEntries(els.map(e => [e.dataset.square, "
        f"e.dataset.{attr}]))")


def type_betza(page: Page, text: str) -> None:
    page.fill("#betza", text)
    page.press("#betza", "Enter")
    page.wait_for_function("t => document.querySelector('#status').textContent.startsWith(t)"
                           " || !document.querySelector('#error').hidden", arg=text,
                           polling=POLL_MS)


def test_the_knight_from_d4(page):
    open_page(page, "?from=d4")
    type_betza(page, "N")
    assert marks(page) == {sq: "both" for sq in KNIGHT_D4}
    squares = page.eval_on_selector_all("#board [data-square]", "els => els.length")
    assert squares == 64
    # White at the bottom: the first square in the grid is a8, the last h1
    first = page.eval_on_selector("#board [data-square]", "e => e.dataset.square")
    assert first == "a8"
    assert page.get_attribute('[data-square="d4"]', "aria-label").startswith("d4, the piece")


def test_an_enemy_on_f5_gives_the_locust_mark(page):
    open_page(page, "?betza=fcafmF&from=e4")
    assert marks(page) == {}
    page.click('[data-square="f5"]')  # empty -> friend
    expect(page.locator('[data-square="f5"]')).to_have_attribute("data-occupant", "friend")
    page.click('[data-square="f5"]')  # friend -> enemy
    expect(page.locator('[data-square="f5"]')).to_have_attribute("data-occupant", "enemy")
    expect(page.locator('[data-square="f5"]')).to_have_attribute("data-context", "locust")
    assert marks(page) == {"g6": "move"}
    assert "enemies=f5" in page.url


def test_hovering_a_destination_draws_its_path_and_says_why(page):
    open_page(page, "?betza=fcafmF&from=e4&enemies=f5")
    page.hover('[data-square="g6"]')
    expect(page.locator("#arrows polyline.path")).to_have_attribute("data-legs", "e4 f5 g6")
    expect(page.locator("#why")).to_contain_text("can go to g6")
    page.hover('[data-square="h8"]')
    expect(page.locator("#why")).to_contain_text("no position lets fcafmF on e4 reach h8")


def test_parts_of_the_string_light_up_their_squares(page):
    open_page(page, "?betza=fmWfcF&from=e4")
    expect(page.locator("#parts .part")).to_have_text(["fmW", "fcF"])
    assert marks(page) == {"e5": "move", "d5": "capture", "f5": "capture"}
    page.hover('#parts [data-part="1"]')
    expect(page.locator('[data-square="d5"]')).to_have_attribute("data-hl", "true")
    expect(page.locator('[data-square="e5"]')).to_have_attribute("data-dim", "true")
    page.hover('[data-square="e5"]')
    expect(page.locator('#parts [data-part="0"]')).to_have_attribute("data-active", "true")
    expect(page.locator('#parts [data-part="1"]')).to_have_attribute("data-active", "false")


def test_compare_same_and_different(page):
    open_page(page, "?betza=mRcB&from=d4&pane=compare")
    page.fill("#betza2", "mRcB")
    page.press("#betza2", "Enter")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "same")
    page.fill("#betza2", "cRmB")
    page.press("#betza2", "Enter")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "different")
    # (the counterexample's position is loaded, then the differences are asked anew:
    # wait for the answer about the position on the board, not an earlier one, and read
    # its marks in the same step: a later request clears them before it answers)
    diffs = page.wait_for_function(
        "() => { const box = document.querySelector('#differences');"
        " const seen = [...document.querySelectorAll('[data-diff]')];"
        " return !box.dataset.busy && box.querySelector('li') && seen.length"
        " && Object.fromEntries(seen.map(e => [e.dataset.square, e.dataset.diff])); }"
    ).json_value()
    # the counterexample's every difference is shown: rook lines only for mRcB (first),
    # bishop lines only for cRmB (second)
    assert diffs and set(diffs.values()) <= {"first", "second", "both"}
    origin = page.eval_on_selector('[data-piece="mover"]', "e => e.dataset.square")
    file, rank = origin[0], origin[1:]
    assert all(("first" if sq[0] == file or sq[1:] == rank else "second") == kind
               for sq, kind in diffs.items())


def test_a_permalink_restores_the_board(page):
    query = "?betza=fcafmF&from=e4&enemies=f5,c3&files=8&ranks=8"
    open_page(page, query)
    first = (marks(page), marks(page, "context"), marks(page, "occupant"))
    open_page(page, query)
    assert (marks(page), marks(page, "context"), marks(page, "occupant")) == first
    assert first[2] == {"f5": "enemy", "c3": "enemy"}


def test_user_text_stays_text(page):
    hostile = "<img src=x onerror=alert(1)>"
    open_page(page)
    type_betza(page, hostile)
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#caret")).to_contain_text(hostile)
    page.click('#tabs [data-pane="catalogue"]')
    page.fill("#catalogue-q", hostile)
    page.wait_for_timeout(400)
    assert page.locator("img").count() == 0


def test_a_malformed_string_shows_the_caret_and_the_server_goes_on(page):
    open_page(page, "?from=d4")
    type_betza(page, "3N")
    expect(page.locator("#caret")).to_have_text(
        "a range must follow an atom letter at position 1\n  3N\n  ^")
    type_betza(page, "N")
    expect(page.locator("#error")).to_be_hidden()
    assert marks(page) == {sq: "both" for sq in KNIGHT_D4}


def test_draw_mode_finds_the_knight(page):
    open_page(page, "?from=d4&mode=draw&pane=draw")
    for sq in KNIGHT_D4:
        page.click(f'[data-square="{sq}"]')
    expect(page.locator("[data-want=both]")).to_have_count(8)
    page.click("#find")
    expect(page.locator("#found-betza")).to_have_text("N")


def test_attacks_pane_lists_every_attacker(page):
    open_page(page, "?mode=attacks&pane=attacks&fen=8/8/8/8/8/3n4/8/5N2%20w&pieces=N:N")
    page.click('[data-square="e5"]')   # the black knight on d3 attacks e5
    expect(page.locator("#attackers li")).to_have_text(["d3 (N, black): d3-e5"])
    page.click('[data-square="h8"]')
    expect(page.locator("#attackers")).to_have_text("Nothing attacks h8.")
    page.click('[data-square="e3"]')
    expect(page.locator("[data-attacker=true]")).to_have_count(1)
    expect(page.locator("#attackers li")).to_contain_text(["f1"])
    page.click('[data-square="d2"]')
    expect(page.locator("[data-attacker=true]")).to_have_count(1)
    expect(page.locator("#attackers li")).to_contain_text(["f1"])


def test_explain_links_letters_to_the_glossary(page):
    open_page(page, "?betza=mafsW&from=e4")
    expect(page.locator("#explanation p.lead")).to_contain_text("Xiangqi Horse")
    expect(page.locator('#tokens a[href="#g-letter-m"]')).to_have_text("m")
    expect(page.locator('#tokens a[href="#g-atom-W"]')).to_have_text("W")


def test_screenshot_for_the_readme(page, tmp_path):
    """The README's picture of the page; it replaces docs/page.png only when
    BETZA_UPDATE_SCREENSHOT=1, so that a test run leaves the checkout as it was."""
    open_page(page, "?betza=fcafmF&from=e4&enemies=f5,c3")
    expect(page.locator("#explanation p.lead")).to_contain_text("From e4 on an empty 8x8 board")
    page.hover('[data-square="g6"]')
    expect(page.locator("#why")).to_contain_text("can go to g6")
    target = SCREENSHOT if os.environ.get("BETZA_UPDATE_SCREENSHOT") == "1" else (
        tmp_path / "page.png")
    page.screenshot(path=str(target))
    assert target.stat().st_size > 10_000


def test_a_worked_example_goes_onto_the_board(page):
    open_page(page, "?betza=fcafmF&from=e4")
    assert marks(page) == {}
    page.click("#load-example")
    # the nearest square a locust capture reaches: c6, over an enemy on d5
    expect(page.locator('[data-square="d5"]')).to_have_attribute("data-occupant", "enemy")
    expect(page.locator('[data-square="d5"]')).to_have_attribute("data-context", "locust")
    assert marks(page) == {"c6": "move"}


def test_bracket_string_on_the_board(page):
    # brackets.md section 4: the Ship v[F?R] from d4, then the Griffon with a friend on e5
    open_page(page, "?from=d4")
    type_betza(page, "v[F?R]")
    assert set(marks(page)) == S("c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 e5 e6 e7 e8")
    expect(page.locator('#tokens a[href="#g-symbol-stop"]')).to_have_text("?")
    open_page(page, "?betza=%5BF%3FR%5D&from=d4&friends=e5")
    assert set(marks(page)) == S("a3 a5 b3 b5 c1 c2 c3 c5 c6 c7 c8 e1 e2 e3 f3 g3 h3")


def test_the_dialect_selector_reads_the_string_as_xboard_does(page):
    # mafN from e4: the spec goes on with the same (1,2) leap to a2 a6 c8 g8; XBoard's
    # continuation leg leaps (0,2) or (2,2) in the King direction: a1 a5 b8 f8
    open_page(page, "?betza=mafN&from=e4")
    assert marks(page) == {sq: "both" for sq in ("a2", "a6", "c8", "g8")}
    page.select_option("#dialect", "xboard")
    expect(page.locator('[data-square="a1"]')).to_have_attribute("data-mark", "both")
    assert marks(page) == {sq: "both" for sq in ("a1", "a5", "b8", "f8")}
    assert "dialect=xboard" in page.url
    open_page(page, "?betza=mafN&from=e4&dialect=xboard")
    expect(page.locator("#dialect")).to_have_value("xboard")
    assert marks(page) == {sq: "both" for sq in ("a1", "a5", "b8", "f8")}


# ---- issue 28: answers that belong to the question on screen ----------------------------

def dropped(page: Page) -> int:
    return int(page.eval_on_selector("body", "b => b.dataset.dropped || '0'"))


def wait_dropped(page: Page, more_than: int) -> None:
    page.wait_for_function("n => Number(document.body.dataset.dropped || 0) > n", arg=more_than,
                           polling=POLL_MS)


def test_an_old_explanation_never_shows_under_a_new_string(page, gate):
    # the explanation of fmWfcF is held back by the server until W7's has been shown
    gate.hold(lambda q: q.get("query") == "explain" and q.get("betza") == "fmWfcF")
    open_page(page, "?betza=fmWfcF&from=e4")
    # meanwhile the pane says it is working, and for how long from half a second on
    expect(page.locator("#explanation")).to_have_attribute("data-busy", "true")
    expect(page.locator("#explanation .working")).to_have_text(re.compile(r"working… \d+\.\d s"))
    before = dropped(page)
    type_betza(page, "W7")   # (the old request is aborted: the server drops it)
    expect(page.locator("#explanation p.lead")).to_contain_text("From e4 on an empty 8x8 board")
    wait_dropped(page, before)
    gate.release()
    expect(page.locator("#explanation p.lead")).to_have_count(1)
    assert page.inner_text("#explanation p.lead").startswith("W7 moves as the Rook")
    assert "Shatranj" not in page.inner_text("#explanation")
    expect(page.locator("#tokens")).to_have_text("W7")


def test_an_old_comparison_never_outlines_squares_for_a_new_pair(page, gate):
    # Q against cRmB differs; its board comparison is held back while Q against RB, the
    # same piece, is asked and answered
    gate.hold(lambda q: q.get("query") == "moves" and q.get("betza") == "cRmB")
    open_page(page, "?betza=Q&from=d4&pane=compare")
    page.fill("#betza2", "cRmB")
    page.press("#betza2", "Enter")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "different")
    expect(page.locator("#differences")).to_have_attribute("data-busy", "true")
    page.fill("#betza2", "RB")
    page.press("#betza2", "Enter")
    expect(page.locator("#verdict")).to_have_attribute("data-verdict", "same")
    expect(page.locator("#verdict")).to_contain_text("Q and RB are the same piece")
    expect(page.locator("#differences")).to_have_text(
        "In this position both strings make the same moves.")
    before = dropped(page)
    gate.release()
    wait_dropped(page, before)
    expect(page.locator("#differences")).to_have_text(
        "In this position both strings make the same moves.")
    assert marks(page, "diff") == {}


def test_why_answers_the_square_the_pointer_stopped_on(page, gate):
    open_page(page, "?betza=N&from=d4")
    gate.hold(lambda q: q.get("query") == "why" and q.get("to") == "f8")
    page.hover('[data-square="f8"]')
    expect(page.locator("#why .working")).to_be_visible()
    page.hover('[data-square="b6"]')
    expect(page.locator("#why")).to_have_attribute("data-why-square", "b6")
    expect(page.locator("#why")).to_contain_text("no position lets N on d4 reach b6")
    before = dropped(page)
    gate.release()
    wait_dropped(page, before)
    expect(page.locator("#why")).to_have_attribute("data-why-square", "b6")
    expect(page.locator("#why")).to_contain_text("reach b6")
    assert "f8" not in page.inner_text("#why")


def test_a_click_edits_and_the_why_follows_the_new_position(page):
    open_page(page, "?betza=N&from=d4")
    page.hover('[data-square="f5"]')
    expect(page.locator("#why")).to_contain_text("N (white) on d4 can go to f5")
    page.click('[data-square="f5"]')   # puts a friend there: no longer a move
    expect(page.locator('[data-square="f5"]')).to_have_attribute("data-occupant", "friend")
    expect(page.locator("#why")).to_contain_text("N (white) on d4 cannot go to f5")
    assert "can go to f5:" not in page.inner_text("#why")


def test_the_attacks_and_draw_tabs_set_what_a_click_does(page):
    open_page(page, "?betza=N&from=d4")
    page.click('#tabs [data-pane="attacks"]')
    expect(page.locator('input[name=mode][value="attacks"]')).to_be_checked()
    page.click('[data-square="e4"]')     # picks the target: no friend put there
    expect(page.locator('[data-square="e4"]')).to_have_attribute("data-target", "true")
    expect(page.locator("#attackers")).to_have_text("Nothing attacks e4.")
    assert marks(page, "occupant") == {}
    assert "mode=attacks" in page.url
    page.click('#tabs [data-pane="draw"]')
    expect(page.locator('input[name=mode][value="draw"]')).to_be_checked()
    page.click('[data-square="f5"]')
    expect(page.locator('[data-square="f5"]')).to_have_attribute("data-want", "both")
    assert marks(page, "occupant") == {}
    page.click('#tabs [data-pane="explain"]')
    expect(page.locator('input[name=mode][value="edit"]')).to_be_checked()
    page.click('[data-square="f5"]')
    expect(page.locator('[data-square="f5"]')).to_have_attribute("data-occupant", "friend")
    # and the radio buttons show their tab
    page.check('input[name=mode][value="attacks"]')
    expect(page.locator('#tabs [data-pane="attacks"]')).to_have_attribute("aria-selected", "true")


def test_a_phone_sees_the_whole_board_without_scrolling_sideways(page):
    # the shared page, at a phone's size while the test runs (a context of its own cost
    # Chromium some 1.5 s of CPU)
    pg, wide = page, page.viewport_size
    pg.set_viewport_size({"width": 360, "height": 740})
    try:
        open_page(pg, "?betza=N&from=d4")
        widths = pg.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1] == 360
        for corner in ("a1", "a8", "h1", "h8"):
            box = pg.locator(f'[data-square="{corner}"]').bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360, corner
            assert box["y"] >= 0 and box["y"] + box["height"] <= 740, corner
        board = pg.locator("#board").bounding_box()
        assert board is not None and board["x"] + board["width"] <= 360
        # no pane widens the page either, a variant's table of pieces included
        pg.click('#tabs [data-pane="catalogue"]')
        pg.click('[data-variant="Capablanca"]')
        expect(pg.locator("#variant-info table")).to_be_visible()
        for pane in ("explain", "compare", "attacks", "draw", "catalogue", "glossary"):
            pg.click(f'#tabs [data-pane="{pane}"]')
            assert pg.evaluate("document.documentElement.scrollWidth") <= 360, pane
    finally:
        pg.set_viewport_size(wide)


def test_the_knight_shows_its_own_letter(page):
    open_page(page, "?betza=N&from=d4")
    expect(page.locator('[data-square="d4"] .disc')).to_have_text("N")
    type_betza(page, "Knight")
    expect(page.locator('[data-square="d4"] .disc')).to_have_text("N")
    type_betza(page, "K")
    expect(page.locator('[data-square="d4"] .disc')).to_have_text("K")


def test_explain_speaks_of_the_board_on_screen(page):
    # W7 is the Rook on 8x8, but not on 12x12, where the Rook goes 11 squares
    open_page(page, "?betza=W7&from=g7&files=12&ranks=12")
    lead = page.locator("#explanation p.lead")
    expect(lead).to_contain_text("From g7 on an empty 12x12 board it moves or captures on a7")
    assert "Rook" not in lead.inner_text() and "8x8" not in lead.inner_text()
    open_page(page, "?betza=W7&from=d4")
    expect(lead).to_contain_text("W7 moves as the Rook, R (proven the same piece on the 8x8 board)")


def test_explain_speaks_of_the_side_on_screen(page):
    open_page(page, "?betza=fmWfcF&from=e7&side=black")
    lead = page.locator("#explanation p.lead")
    expect(lead).to_contain_text("From e7 on an empty 8x8 board, as Black, it moves to e6")
    assert "e8" not in lead.inner_text()
    assert marks(page) == {"e6": "move", "d6": "capture", "f6": "capture"}


def test_the_cannon_drawn_as_a_person_draws_it(page):
    # the empty a4 and a5 between the screen (a3) and the victim (a6) are left undrawn
    open_page(page, "?from=a1&mode=draw&pane=draw&friends=a3&enemies=a6"
                    "&moves=a2,b1,c1,d1,e1,f1,g1,h1&captures=a6")
    page.click("#find")
    expect(page.locator("#found-betza")).to_have_text("mRcpR")
    expect(page.locator("#found-assumed")).to_contain_text(
        "with a4 a5 also drawn as capture squares (now marked), mRcpR fits")
    assert marks(page, "want") == {**{sq: "moves" for sq in S("a2 b1 c1 d1 e1 f1 g1 h1")},
                                   "a4": "captures", "a5": "captures", "a6": "captures"}


STRICT_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
              "object-src 'none'; base-uri 'none'")


def test_the_page_needs_nothing_inline(page):
    # a Content-Security-Policy without 'unsafe-inline' (which the server is to send) is
    # put on the page here: it still draws the board, its legend and its arrows
    pg, base_url = page, page.base
    violations: list[str] = []
    listen(pg, "console", lambda m: violations.append(m.text)
           if "Content Security Policy" in m.text else None)

    def strict(route):
        response = route.fetch()
        route.fulfill(response=response,
                      headers={**response.headers, "content-security-policy": STRICT_CSP})

    def the_page(url):
        return url.split("?")[0] == base_url

    pg.route(the_page, strict)
    try:
        open_page(pg, "?betza=fcafmF&from=e4&enemies=f5")
        pg.hover('[data-square="g6"]')
        expect(pg.locator("#arrows polyline.path")).to_have_attribute("data-legs", "e4 f5 g6")
        expect(pg.locator("#legend [data-legend=move] .swatch")).to_be_visible()
        expect(pg.locator("#why")).to_contain_text("can go to g6")
        assert violations == []
        # the policy is in force: a style attribute set now is refused, and reported
        with pg.expect_console_message(lambda m: "Content Security Policy" in m.text):
            pg.evaluate("document.body.setAttribute('style', 'color: blue')")
    finally:
        pg.unroute(the_page, strict)


def test_a_changed_drawing_drops_the_answer_found_for_the_old_one(page, gate):
    open_page(page, "?from=d4&mode=draw&pane=draw&both=b3,b5,c2,c6,e2,e6,f3")
    gate.hold(lambda q: q.get("query") == "find")
    page.click("#find")
    expect(page.locator("#found .working")).to_be_visible()
    before = dropped(page)
    page.click('[data-square="f5"]')   # the eighth knight square: another question
    expect(page.locator("#found")).to_have_text("")
    wait_dropped(page, before)   # (its request aborted: the server drops it)
    gate.release()
    expect(page.locator("#found")).to_have_text("")
    page.click("#find")
    expect(page.locator("#found-betza")).to_have_text("N")


# ---- issue 26: the page marks blockers from the piece's move table ----------------------

def board_requests(page: Page) -> list[dict]:
    """The board and moves queries the page sends from now on."""
    sent: list[dict] = []

    def seen(request) -> None:
        if request.url.endswith("/api/query") and request.post_data:
            body = json.loads(request.post_data)
            if body.get("query") in ("board", "moves"):
                sent.append(body)
    listen(page, "request", seen)
    return sent


def server_board(page: Page, **query) -> dict:
    """The server's answer to a board query (not the page's: no request of the page)."""
    request = urllib.request.Request(
        page.base + "api/query",  # type: ignore[attr-defined]
        data=json.dumps({"query": "board", **query}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=ANSWER_LIMIT_MS / 1000) as response:
        return json.loads(response.read())


def page_squares(page: Page) -> dict[str, dict]:
    """The board's squares as a board answer has them: mark or context, and parts."""
    found = page.eval_on_selector_all(
        "#board [data-parts]", "els => els.map(e => [e.dataset.square, e.dataset.mark,"
        " e.dataset.context, e.dataset.parts])")
    return {sq: {("mark" if mark else "context"): mark or context,
                 "parts": [int(p) for p in parts.split(",") if p]}
            for sq, mark, context, parts in found}


# the piece, where the test puts blockers (a click: friend, two: enemy), and the marks
# that follows, by hand: [F?R] captures the enemy on d4, which blocks the rook legs beyond
# it (a4 b4 c4 d1 d2 d3); the enemy on c5 blocks rmabR's first leg to a5, so no move
# comes back to b5 c5 d5; the rook stops at the enemy on d6 and short of the friend on f4
TABLE_BOARDS = [
    ("[F?R]", "white", "e5", ["d4", "d4"],
     S("d4 d6 f4 f6 a6 b6 c6 d7 d8 f1 f2 f3 g4 h4 f7 f8 g6 h6")),
    ("rmabR", "black", "e5", ["c5", "c5"], S("f5 g5 h5")),
    ("R", "white", "d4", ["d6", "d6", "f4"], S("a4 b4 c4 e4 d1 d2 d3 d5 d6")),
]


def test_a_blocker_is_marked_from_the_table_without_asking_the_server(page):
    for betza, side, origin, clicks, marked in TABLE_BOARDS:
        link = f"?betza={urllib.parse.quote(betza)}&from={origin}&side={side}"
        open_page(page, link)
        expect(page.locator("#board")).to_have_attribute("data-table", "table")
        sent = board_requests(page)
        for sq in clicks:
            page.click(f'[data-square="{sq}"]')
        occupant = "enemy" if clicks.count(clicks[-1]) == 2 else "friend"
        expect(page.locator(f'[data-square="{clicks[-1]}"]')).to_have_attribute(
            "data-occupant", occupant)
        assert marks(page) == {sq: "both" for sq in marked}, betza
        assert sent == []
        expect(page.locator("#board")).to_have_attribute("data-marked-by", "page")
        # the same marks, context and parts as the server gives, and as many moves
        friends = sorted(sq for sq in set(clicks) if clicks.count(sq) == 1)
        enemies = sorted(sq for sq in set(clicks) if clicks.count(sq) == 2)
        answer = server_board(page, betza=betza, side=side, enemies=enemies, friends=friends,
                              **{"from": origin})
        assert page_squares(page) == answer["squares"], betza
        count = len(answer["moves"])
        expect(page.locator("#status")).to_have_text(
            f"{betza} ({side}) on {origin}: {count} move{'s' if count != 1 else ''}")


def test_a_piece_that_keeps_the_solver_path_is_marked_by_the_server(page):
    # the pawn's e.p. capture depends on the last move: it has no table
    open_page(page, "?betza=fmWfceFifmnD&from=e2")
    expect(page.locator("#board")).to_have_attribute("data-table", "solver")
    assert marks(page) == {"e3": "move", "d3": "capture", "f3": "capture"}
    sent = board_requests(page)
    page.click('[data-square="e3"]')    # a friend in front of it
    expect(page.locator('[data-square="e3"]')).not_to_have_attribute("data-mark", "move")
    assert marks(page) == {"d3": "capture", "f3": "capture"}
    assert [(q["betza"], q["friends"]) for q in sent] == [("fmWfceFifmnD", ["e3"])]
    expect(page.locator("#board")).to_have_attribute("data-marked-by", "server")


# pieces whose boards show every kind of square a table makes: locust victims (fcafmF),
# mounts (cpR), unloads and friends captured (afudW), a null move (rmabR), a local
# table (oW wraps round the board), first moves (ifmnDfmW); both sides, several boards
TABLE_CHECKS = [
    ("fcafmF", "e4", 8, 8, "white", "d5", "f5,c6", False),
    ("cpR", "c3", 8, 8, "black", "c5,a3", "c7,f3,h3", False),
    ("afudW", "d4", 10, 8, "white", "d6,f6,d3", "e5,d2", False),
    ("rmabR", "e5", 8, 8, "black", "", "c5,g5", False),
    ("oW", "a4", 8, 8, "white", "b4", "h4", False),
    ("ifmnDfmW", "d2", 6, 7, "white", "", "d4", True),
    ("ifmnDfmW", "d2", 6, 7, "black", "", "", True),
]


def test_the_page_matches_tables_as_the_server_does(page):
    open_page(page)
    shown: set[str] = set()
    for betza, origin, files, ranks, side, friends, enemies, virgin in TABLE_CHECKS:
        spec = {"betza": betza, "from": origin, "files": files, "ranks": ranks, "side": side,
                "friends": [s for s in friends.split(",") if s],
                "enemies": [s for s in enemies.split(",") if s], "virgin": virgin}
        table = page.evaluate("""async spec => {
            const res = await fetch("/api/query", {method: "POST", body: JSON.stringify(
              {query: "compile", ...spec}), headers: {"Content-Type": "application/json"}});
            return await res.json(); }""", spec)
        assert table["route"] == "table", betza
        mine = page.evaluate("""async ([table, spec]) => {
            const { boardOf, placedRows } = await import("/static/table.js");
            return boardOf(placedRows(table, spec.from, spec.side), spec.from,
                           { friends: new Set(spec.friends), enemies: new Set(spec.enemies),
                             royal: new Set(), virgin: spec.virgin }); }""", [table, spec])
        answer = server_board(page, **spec)
        assert mine == {"moves": answer["moves"], "squares": answer["squares"]}, betza
        shown |= {v.get("mark") or v["context"] for v in answer["squares"].values()}
        shown |= {"null move" for mv in answer["moves"] if mv.get("null_move")}
    assert shown == {"move", "capture", "both", "friend", "locust", "mount", "unload",
                     "null move"}


def attack_marks(page: Page) -> dict[str, list[str]]:
    return {kind: sorted(page.eval_on_selector_all(
        f"#board [data-{kind}]", "els => els.map(e => e.dataset.square)"))
        for kind in ("target", "attacker")}


def test_a_tab_shows_only_its_own_marks(page):
    # issue 40: the Attacks target stayed outlined in Explain, Draw and Catalogue, even
    # after "Empty the board", and the status line spoke of a piece no longer shown
    open_page(page, "?betza=N&from=d4&fen=8/8/8/8/8/3n4/8/5N2%20w&pieces=N:N")
    expect(page.locator("#status")).to_have_text("N (white) on d4: 8 moves")
    page.click('#tabs [data-pane="attacks"]')
    page.click('[data-square="e5"]')   # the black knight on d3 attacks e5
    expect(page.locator("#attackers li")).to_have_text(["d3 (N, black): d3-e5"])
    assert attack_marks(page) == {"target": ["e5"], "attacker": ["d3"]}
    expect(page.locator('#arrows polyline[data-legs="d3 e5"]')).to_have_count(1)
    expect(page.locator("#status")).to_have_text("")   # the board shows a position
    for tab in ("explain", "draw", "catalogue"):
        page.click(f'#tabs [data-pane="{tab}"]')
        expect(page.locator(f'#tabs [data-pane="{tab}"]')).to_have_attribute(
            "aria-selected", "true")
        assert attack_marks(page) == {"target": [], "attacker": []}, tab
        assert page.eval_on_selector("#arrows", "svg => svg.childElementCount") == 0, tab
    # Catalogue kept the mode of Draw: the piece is on the board, and the status says so
    expect(page.locator('input[name=mode][value="draw"]')).to_be_checked()
    expect(page.locator("#status")).to_have_text("N (white) on d4: 8 moves")
    # the Attacks tab draws its own marks again
    page.click('#tabs [data-pane="attacks"]')
    expect(page.locator('#board [data-square="e5"]')).to_have_attribute("data-target", "true")
    expect(page.locator('#board [data-square="d3"]')).to_have_attribute("data-attacker", "true")
    expect(page.locator("#status")).to_have_text("")


def test_empty_the_board_takes_the_attacks_target_away(page):
    open_page(page, "?betza=N&from=d4")
    page.click('#tabs [data-pane="attacks"]')
    page.click('[data-square="e4"]')
    expect(page.locator("#attackers")).to_have_text("Nothing attacks e4.")
    page.click('#tabs [data-pane="explain"]')
    expect(page.locator("#status")).to_have_text("N (white) on d4: 8 moves")
    assert attack_marks(page)["target"] == []
    page.click("#clear")
    expect(page).not_to_have_url(re.compile("target="))
    page.click('#tabs [data-pane="attacks"]')
    expect(page.locator('input[name=mode][value="attacks"]')).to_be_checked()
    expect(page.locator("#attackers")).to_have_text("")
    assert attack_marks(page) == {"target": [], "attacker": []}
    # and in the Attacks tab itself
    page.click('[data-square="c3"]')
    expect(page.locator("#attackers")).to_have_text("Nothing attacks c3.")
    page.click("#clear")
    expect(page.locator('#board [data-square="c3"]')).not_to_have_attribute("data-target", "true")
    expect(page.locator("#attackers")).to_have_text("")


def test_the_comparison_marks_stay_in_the_compare_tab(page):
    open_page(page, "?betza=N&betza2=K&from=d4&pane=compare")
    expect(page.locator("#differences li").first).to_be_visible()
    assert page.eval_on_selector_all("#board [data-diff]", "els => els.length") > 0
    page.click('#tabs [data-pane="explain"]')
    expect(page.locator("#board [data-diff]")).to_have_count(0)
    page.click('#tabs [data-pane="compare"]')
    expect(page.locator("#board [data-diff]").first).to_be_visible()


def test_the_page_names_its_channel_and_a_newer_question_drops_the_older(page, gate):
    # the explanation of the first string is held back at the server; asking for another
    # aborts it (the server drops it, unsent) and the page shows the newer one only
    open_page(page, "?betza=N&from=d4")
    expect(page.locator("#explanation p.lead")).to_contain_text("Knight")
    asked: list[dict] = []
    listen(page, "request", lambda r: asked.append(json.loads(r.post_data or "{}"))
           if r.url.endswith("/api/query") else None)
    gate.hold(lambda q: q.get("query") == "explain" and q.get("betza") == "W")
    before = dropped(page)
    type_betza(page, "W")
    expect(page.locator("#explanation")).to_have_attribute("data-busy", "true")
    type_betza(page, "F")
    expect(page.locator("#explanation p.lead")).to_contain_text("Ferz")
    wait_dropped(page, before)
    channels = {q["channel"] for q in asked if q.get("query") == "explain"}
    assert len(channels) == 1 and channels.pop().endswith(":explain")
    gate.release()
    expect(page.locator("#explanation p.lead")).to_contain_text("Ferz")
