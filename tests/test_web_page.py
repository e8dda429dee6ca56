"""The teaching page in a real browser: Playwright driving Debian's Chromium against a
real uvicorn server. Squares are found by ``data-square``; marks by ``data-mark``,
``data-context`` and ``data-occupant``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

from tests.squares_help import S
from tests.web_server import CHROMIUM_FLAGS, Gate, chromium_path, running_gated_server

KNIGHT_D4 = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]
SCREENSHOT = Path(__file__).resolve().parent.parent / "docs" / "page.png"
# Every wait is for an answer on the page; this only bounds how long a broken page is waited
# for, generously, since a search on a busy shared machine can take many seconds.
ANSWER_LIMIT_MS = 90_000
expect.set_options(timeout=ANSWER_LIMIT_MS)


@pytest.fixture(scope="module")
def served():
    with running_gated_server() as (url, gate):
        yield url, gate


@pytest.fixture(scope="module")
def base_url(served):
    return served[0]


@pytest.fixture
def gate(served) -> Gate:
    """The server's gate; whatever a test holds back is let go when it ends."""
    yield served[1]
    served[1].release()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, base_url):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(ANSWER_LIMIT_MS)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("dialog", lambda d: errors.append("dialog: " + d.message))
    pg.base = base_url  # type: ignore[attr-defined]
    yield pg
    context.close()
    assert errors == []


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
                           " || !document.querySelector('#error').hidden", arg=text)


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
    page.wait_for_selector("[data-diff]")
    diffs = marks(page, "diff")
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
