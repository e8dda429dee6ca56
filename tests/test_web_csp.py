"""The page runs under its own Content-Security-Policy: Chromium, which enforces it, reports
no violation while the page loads, draws a board and explains a piece."""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from tests.web_server import CHROMIUM_FLAGS, chromium_path, running_server


def test_the_page_needs_nothing_its_policy_forbids() -> None:
    violations: list[str] = []
    with running_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(60_000)
            page.on("console", lambda m: violations.append(m.text)
                    if "Content Security Policy" in m.text else None)
            response = page.goto(url + "?betza=N&from=d4")
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
        finally:
            browser.close()
    # the inline script above is the only thing refused
    assert len(violations) == 1 and "inline script" in violations[0], violations
