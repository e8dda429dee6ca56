"""The page runs under its own Content-Security-Policy: Chromium, which enforces it, reports
no violation while the page loads, draws a board and explains a piece."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_server import listen

# the session's server and browser (tests/conftest.py), in the process of the others
pytestmark = pytest.mark.xdist_group("browser")


def test_the_page_needs_nothing_its_policy_forbids(page: Any) -> None:
    violations: list[str] = []
    listen(page, "console", lambda m: violations.append(m.text)
           if "Content Security Policy" in m.text else None)
    response = page.goto(page.base + "?betza=N&from=d4")
    assert response is not None
    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_selector('[data-square="f5"][data-mark="both"]')
    # the legend's swatches take their colour from a style attribute
    colour = page.eval_on_selector(".swatch", "e => getComputedStyle(e).backgroundColor")
    assert colour not in ("", "rgba(0, 0, 0, 0)")
    # the page's own scripts ran under the policy; an inline one would not
    page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'document.body.dataset.inline = "ran"';
        document.body.append(s); }""")
    assert page.get_attribute("body", "data-inline") is None
    # the inline script above is the only thing refused
    assert len(violations) == 1 and "inline script" in violations[0], violations
