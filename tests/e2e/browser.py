"""Browser helpers shared by the e2e tests: signing in through the form, the axe check, and the layout
checks (no page overflow, no overlapping controls, no input under 80 px, no clipped text, no panel's text at
its edge)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from tests.conftest import ADMIN_PASSWORD, ADMIN_USERNAME
from tests.e2e.conftest import DESKTOP as DESKTOP  # where the tests import both widths from
from tests.e2e.conftest import PHONE as PHONE  # where the tests import both widths from
from tests.e2e.conftest import LiveServer, speak
from tests.e2e.words import Language, english, words


def browser_of(page: Page) -> Browser:
    """The browser a page runs in (to open a second context beside it, as another person)."""
    browser = page.context.browser
    assert browser is not None, "the page's context has no browser"
    return browser


def sign_in(
    page: Page, server: LiveServer, username: str, password: str, w: Callable[..., str] = english
) -> None:
    """Signs in through the login form, its labels in the screen's language (`w`, tests/e2e/words.py)."""
    page.goto(f"{server.url}/login")
    _log_in(page, username, password, w)
    expect(page).to_have_url(f"{server.url}/dashboard/overview")


def _log_in(page: Page, username: str, password: str, w: Callable[..., str] = english) -> None:
    page.get_by_label(w("accounts:loginForm.username")).fill(username)
    page.get_by_label(w("accounts:loginForm.password"), exact=True).fill(password)
    hold_the_pages_own_reload(page)
    page.get_by_role("button", name=w("accounts:loginForm.submit")).click()
    reload_once_signed_in(page, w)


# Cancels the login document's own reloads: a script's reload is announced to the Navigation API's `navigate`
# event, which may cancel it; Playwright's page.reload() (the browser's, like its reload button) is not.
_HOLD_THE_OWN_RELOAD = """() => navigation.addEventListener('navigate', (event) => {
  if (event.navigationType === 'reload') event.preventDefault();
})"""


def hold_the_pages_own_reload(page: Page) -> None:
    """The login page, before the form is sent, no longer reloads itself: reload_once_signed_in makes the
    reload instead. Both at once (the page's timer falling due as the test reloads, on a loaded machine) made
    two loads of one tab: the page's cut the test's short (net::ERR_ABORTED), or Playwright's page.reload(),
    which waits for the next new document, whoever's, returned on the first and the second replaced the
    signed-in page under the test's next click (a link's navigation lost). Held back, the test's reload is
    the only one."""
    page.evaluate(_HOLD_THE_OWN_RELOAD)


def reload_once_signed_in(page: Page, w: Callable[..., str] = english) -> None:
    """The login page reloads itself 3 s after a successful sign-in (the specification's delay), and the
    guard then sends the person on. Once the session is stored and the page says so, this makes that reload
    at once: tests that only need a signed-in page do not wait out the delay. The page's own reload must be
    held back first (hold_the_pages_own_reload, before the form is sent), or it may come at the same moment.
    test_login.py and the counted journeys (journeys.py) still wait for the page's own reload."""
    expect(page.get_by_text(w("accounts:loginForm.signedIn"), exact=True)).to_be_visible()
    page.reload()


def through_the_login(page: Page, base_url: str, target: str, username: str, password: str) -> None:
    """A signed-out page opened at `target` (a path) is on the login page, which takes the person there once
    they sign in."""
    expect(page).to_have_url(f"{base_url}/login?next={quote(target, safe='')}")
    _log_in(page, username, password)
    expect(page).to_have_url(f"{base_url}{target}")


def signed_in_staff(
    browser: Browser, server: LiveServer, viewport: ViewportSize = DESKTOP, language: Language = "en"
) -> Iterator[Page]:
    """The bootstrap admin signed in, in a browser context of its own that closes after the test (for a
    `staff_page` fixture: `yield from signed_in_staff(browser, live_server)`), speaking `language`."""
    context = browser.new_context(viewport=viewport)
    speak(context, language)
    page = context.new_page()
    sign_in(page, server, ADMIN_USERNAME, ADMIN_PASSWORD, words(language))
    yield page
    context.close()


def no_serious_violations(page: Page) -> None:
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, [(v["id"], [(n["target"], n.get("failureSummary")) for n in v["nodes"]]) for v in bad]


# One pass over the rendered page; returns what a person would see as broken. Controls are visible inputs,
# selects, textareas and buttons; "cut off" is text wider than a box that hides its overflow.
LAYOUT_PROBLEMS = """(root) => {
  const scope = root || document;
  const problems = [];
  const doc = document.documentElement;
  if (!root && doc.scrollWidth > window.innerWidth + 1)
    problems.push(`page overflows: ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && !el.closest('[aria-hidden="true"]') && !el.classList.contains('visually-hidden');
  };
  const name = (el) => el.getAttribute('aria-label') || el.id || el.name || el.textContent.trim().slice(0, 30)
    || el.tagName;
  // With a modal dialog open, the page behind it is out of reach: only the dialog's controls count.
  const modal = document.querySelector('[role="dialog"][aria-modal="true"], [role="dialog"]');
  const controls = [...(modal || scope).querySelectorAll('input, select, textarea, button')]
    .filter((el) => !['hidden', 'checkbox', 'radio', 'file'].includes(el.type))
    .filter(visible);
  for (const el of controls) {
    if (el.tagName === 'BUTTON') continue;
    const w = el.getBoundingClientRect().width;
    if (w < 80) problems.push(`input ${name(el)} is ${Math.round(w)}px wide`);
  }
  // A select's drawn chevron lies at the end of its line, in room its text leaves (right to left: the left).
  for (const el of controls) {
    if (el.tagName !== 'SELECT' || el.multiple) continue;
    const s = getComputedStyle(el);
    if (s.backgroundImage === 'none') continue;
    const onRight = s.backgroundPositionX.includes('100%');
    const room = parseFloat(onRight ? s.paddingRight : s.paddingLeft);
    if (onRight !== (s.direction === 'ltr') || room < 30)
      problems.push(`select ${name(el)}: its chevron lies under its text`);
  }
  // A sticky or fixed bar (the header) lies over the page scrolling under it by design: only controls of
  // one layer can overlap one another.
  const layer = (el) => {
    for (let at = el; at; at = at.parentElement)
      if (['fixed', 'sticky'].includes(getComputedStyle(at).position)) return at;
    return null;
  };
  const boxes = controls.map((el) => [el, el.getBoundingClientRect(), layer(el)]);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, ra, la] = boxes[i];
      const [b, rb, lb] = boxes[j];
      if (a.contains(b) || b.contains(a) || la !== lb) continue;
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 2 && y > 2) problems.push(`${name(a)} overlaps ${name(b)}`);
    }
  }
  for (const el of scope.querySelectorAll('body *')) {
    if (!visible(el) || el.children.length > 0 || !el.textContent.trim()) continue;
    const s = getComputedStyle(el);
    const hides = ['hidden', 'clip'].includes(s.overflowX) || ['hidden', 'clip'].includes(s.overflow);
    if (hides && el.scrollWidth > el.clientWidth + 1 && s.textOverflow !== 'ellipsis')
      problems.push(`text cut off: ${el.textContent.trim().slice(0, 40)}`);
    // A booking's reference is one word: broken at a hyphen, it reads as two numbers.
    if (/^FB-\\d{4}-\\d{6}$/.test(el.textContent.trim()) && el.getClientRects().length > 1)
      problems.push(`reference broken across lines: ${el.textContent.trim()}`);
  }
  // The side menu's background runs down the whole page, however tall (it stopped at the first screen).
  const side = document.querySelector('nav[aria-label="Side menu"]');
  if (!root && side && visible(side)) {
    let painted = side;
    const clear = (el) => getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)';
    while (painted && clear(painted)) painted = painted.parentElement;
    const bottom = painted.getBoundingClientRect().bottom + window.scrollY;
    if (bottom < doc.scrollHeight - 1)
      problems.push(`side menu stops ${Math.round(doc.scrollHeight - bottom)}px above the page's end`);
  }
  // Anything that leaves a dialog sideways is cut off for the person using it.
  for (const dialog of scope.querySelectorAll('[role="dialog"]')) {
    const box = dialog.getBoundingClientRect();
    if (dialog.scrollWidth > dialog.clientWidth + 1)
      problems.push(`dialog ${dialog.getAttribute('aria-labelledby') || ''} scrolls sideways`);
    for (const el of dialog.querySelectorAll('input, select, button, td, th')) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) problems.push(`${name(el)} runs off its dialog`);
    }
  }
  return problems;
}"""


def layout_problems(page: Page) -> list[Any]:
    return list(page.evaluate(LAYOUT_PROBLEMS, None))


@contextmanager
def signed_in_page(
    browser: Browser,
    server: LiveServer,
    viewport: ViewportSize | dict[str, int],
    username: str,
    password: str,
) -> Iterator[Page]:
    """A fresh browser context at `viewport`, signed in as `username`; closed afterwards."""
    size = ViewportSize(width=viewport["width"], height=viewport["height"])
    context = browser.new_context(viewport=size)
    page = context.new_page()
    sign_in(page, server, username, password)
    try:
        yield page
    finally:
        context.close()


def full_shot(page: Page, shots: Path, prefix: str, name: str) -> None:
    """A full-page screenshot named `<prefix>-<width>-<name>.png`."""
    width = page.viewport_size["width"] if page.viewport_size else 0
    page.screenshot(path=str(shots / f"{prefix}-{width}-{name}.png"), full_page=True)


# A panel's texts (headings, paragraphs, list items, legends, labels, a chart's labels) whose line box comes
# closer than `room` px to the panel's edge. Under 2 px a screenshot of the panel, cut at its edge, loses the
# ink a bold Persian letter draws past its line box. What a box of the panel's own scrolls (a wide table) is
# clipped by that box, not by the panel, and left out. Each as [text, px inside on the left, on the right].
_TOO_CLOSE_TO_THE_EDGE = """(panel, room) => {
  const box = panel.getBoundingClientRect();
  const range = document.createRange();
  const scrolled = (element) => {
    for (let at = element.parentElement; at && at !== panel; at = at.parentElement)
      if (['auto', 'scroll'].includes(getComputedStyle(at).overflowX)) return true;
    return false;
  };
  const texts = [...panel.querySelectorAll('h1, h2, h3, h4, p, legend, label, caption, li, svg text')]
    .filter((element) => element.textContent.trim() && element.getClientRects().length && !scrolled(element));
  return texts.map((element) => {
    range.selectNodeContents(element);
    const ink = range.getBoundingClientRect();
    return [element.textContent.trim(), Math.round(ink.left - box.left), Math.round(box.right - ink.right)];
  }).filter(([, left, right]) => left < room || right < room);
}"""


def too_close_to_the_edge(panel: Locator, room: int = 2) -> list[Any]:
    """The texts of `panel` closer than `room` px to its border; by default those a screenshot of it would
    cut (see above): [] when none."""
    return list(panel.evaluate(_TOO_CLOSE_TO_THE_EDGE, room))


@contextmanager
def whole_page_in_view(page: Page) -> Iterator[None]:
    """The window as tall as the page (its width unchanged), then as it was: a panel's own screenshot. On a
    phone a panel is taller than the screen below the sticky header, and Playwright, scrolling it into view to
    shoot it, would leave the header lying over its heading (by design, as over any page scrolled under it:
    LAYOUT_PROBLEMS) and the rows below the screen unpainted, which would read as a clipped panel."""
    size = page.viewport_size
    assert size is not None, "the page has no fixed viewport"
    height = int(page.evaluate("() => document.documentElement.scrollHeight"))
    page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    try:
        yield
    finally:
        page.set_viewport_size(size)


REPORT_FRAME = 'iframe[src="/documents/report.html"]'
# The final step's report frame has taken the report's whole height (it grows as the report fills and its
# fonts load, moving the confirmation box below it), the report's fonts loaded.
_REPORT_SETTLED = """(selector) => {
  const frame = document.querySelector(selector);
  const inner = frame && frame.contentDocument;
  if (!inner || inner.readyState !== 'complete' || inner.fonts.status !== 'loaded') return false;
  return Math.abs(frame.getBoundingClientRect().height - (inner.documentElement.offsetHeight + 2)) <= 1;
}"""


def report_settled(page: Page, shows: str) -> None:
    """Waits for the final step's report to show `shows` (a fact of the booking) and its frame to have
    grown to the report, so a click below it lands where it was aimed."""
    expect(page.frame_locator(REPORT_FRAME).get_by_text(shows).first).to_be_visible()
    page.wait_for_function(_REPORT_SETTLED, arg=REPORT_FRAME, timeout=60_000)


# The room a panel keeps between its border and its texts (a card's padding, less a bold letter's overhang).
PANEL_ROOM = 12


def crowding_the_edge(panel: Locator, room: int = PANEL_ROOM) -> list[Any]:
    """The texts of `panel` closer than `room` px to its border, headings and content crowding its edge (as
    too_close_to_the_edge, with the panel's room): [] when none."""
    return too_close_to_the_edge(panel, room)


# The size each text of a chart (an SVG's `text`) is drawn at on the screen: its font size in the SVG's user
# units times the SVG's scale (its viewBox to its box on the page). Each under `least` px as [text, px].
_SMALL_CHART_TEXT = """(scope, least) => [...scope.querySelectorAll('svg text')]
  .filter((text) => text.textContent.trim() && text.getClientRects().length)
  .map((text) => {
    const scale = text.getScreenCTM();
    const px = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(scale.a, scale.b);
    return [text.textContent.trim(), Math.round(px * 10) / 10];
  })
  .filter(([, px]) => px < least)"""


def chart_text_under(scope: Locator, least: float = 11) -> list[Any]:
    """The chart texts in `scope` drawn smaller than `least` px on the screen (see above): [] when none."""
    return list(scope.evaluate(_SMALL_CHART_TEXT, least))
