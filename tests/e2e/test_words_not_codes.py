"""Staff and customers never read a programmer's word. Every screen of both roles, with
realistic data (the layout tests' world: bookings in every step, an order, a waiting sign-up, a profile edit),
at 1280x800 and 375x812: no raw state or enum (`pending`, `loi_pending`), no snake_case or camelCase key, no
UUID, no JSON in what the page shows. Wire keys stay as they are; only what is shown is judged."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.e2e.browser import DESKTOP, PHONE
from tests.e2e.conftest import LiveServer
from tests.e2e.test_layout import World, page_as, visit, world  # noqa: F401  (the module's fixture)

# The names machines and enums use; shown alone in a cell, a badge or a line, they are code, not words.
CODE_WORDS = [
    "pending", "started", "details_submitted", "accepted", "declined", "approved", "requested", "quoted",
    "revision_requested", "loi_pending", "shipping_order", "completed", "rejected_by_admin",
    "rejected_by_client", "price_expired", "cancelled", "submitted", "ready_for_approval", "requoted",
    "withdrawn", "confirmed", "unread", "read", "rate_request", "registration", "edit_request", "amendment",
    "cancellation", "customer", "staff", "admin_only",
]  # fmt: skip

# Text on the page (in <main>, the header and any open dialog or menu) that reads as code. Each element's own
# text (not its children's) is judged, so a sentence that merely contains a word is not.
FIND_CODE = """(codeWords) => {
  const roots = [...document.querySelectorAll('main, header, [role="dialog"], [role="menu"]')];
  const found = [];
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const snake = /(^|[\\s(:,])[a-z]+_[a-z0-9_]+($|[\\s).,:])/;
  const camel = /(^|[\\s(:,])[a-z]+[A-Z][A-Za-z]*($|[\\s).,:])/;
  const json = /[{][\\s]*"|"\\s*:\\s*[\\[{"0-9]/;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (['SCRIPT', 'STYLE', 'INPUT', 'TEXTAREA', 'CODE'].includes(el.tagName) || !visible(el)) continue;
      if (el.closest('.visually-hidden')) continue;
      const texts = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent);
      const own = texts.join(' ').trim();
      if (!own) continue;
      const why = uuid.test(own) ? 'uuid' : json.test(own) ? 'json' : snake.test(own) ? 'snake_case'
        : camel.test(own) ? 'camelCase' : codeWords.includes(own) ? 'code word' : null;
      if (why) found.push(`${why}: ${own.slice(0, 80)}`);
    }
  }
  return [...new Set(found)];
}"""


# A date or time not written the one way (YYYY/MM/DD, HH:MM and a zone): ISO text, a browser's native date
# input (mm/dd/yyyy to many), month names, AM/PM. Inputs are judged by their type and value.
FIND_DATES = """() => {
  const roots = [...document.querySelectorAll('main, header, [role="dialog"], [role="menu"]')];
  const found = [];
  const months = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
  const wrong = [
    ['ISO date-time', /\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}/],
    ['ISO date', /(^|[^\\d])\\d{4}-\\d{2}-\\d{2}($|[^\\d])/],
    ['day/month/year', /(^|[^\\d\\/])\\d{1,2}\\/\\d{1,2}\\/\\d{2,4}($|[^\\d])/],
    ['month name', new RegExp(`\\\\b${months}[a-z]*\\\\.? \\\\d{1,2}\\\\b`)],
    ['day month', new RegExp(`\\\\b\\\\d{1,2} ${months}[a-z]*\\\\b`)],
    ['AM/PM', /\\d{1,2}:\\d{2}(:\\d{2})? ?[AP]M\\b/],
  ];
  const judge = (text, where) => {
    for (const [why, pattern] of wrong) {
      if (pattern.test(text)) found.push(`${why}: ${where}${text.slice(0, 80)}`);
    }
  };
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (['SCRIPT', 'STYLE', 'CODE'].includes(el.tagName) || el.closest('.visually-hidden')) continue;
      if (el.tagName === 'INPUT') {
        const native = ['date', 'datetime-local', 'month', 'week'].includes(el.type);
        if (native) found.push(`native ${el.type} input`);
        else if (el.value) judge(el.value, 'input ');
        continue;
      }
      const texts = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent);
      const own = texts.join(' ').trim();
      if (own) judge(own, '');
    }
  }
  return [...new Set(found)];
}"""


def dates_on(page: Page) -> list[str]:
    """Dates and times on the page not written YYYY/MM/DD HH:MM with a zone."""
    found: list[str] = page.evaluate(FIND_DATES)
    return found


def code_on(page: Page) -> list[str]:
    found: list[str] = page.evaluate(FIND_CODE, CODE_WORDS)
    return found


# Wordings retired for words that fit (docs/decisions/1101): shouting, code-like or wrong for the reader.
# "Supplier Co" is a party's own name in the test data, not the role.
RETIRED = [
    r"Added Successfully", r"Edited Successfully", r"Added Shipping Order", r"Login Successfully",
    r": done\b", r"price per container is:", r"Rejected By Client", r"\bIMCO\b", r"\bSupplier\b(?! Co\b)",
    r"Important Data", r"Fill Out The Details", r"Fill Form", r"Is Foreign\?", r"Your Profile Information",
    r"tariff \(version",
]  # fmt: skip

SHOWN_TEXT = """() => [...document.querySelectorAll('main, header, nav, [role="dialog"], [role="menu"]')]
  .map((el) => el.innerText).join('\\n')"""


def retired_on(page: Page, role: str) -> list[str]:
    text: str = page.evaluate(SHOWN_TEXT)
    # Staff read the tariff's version and row of an instant price; the customer does not.
    retired = [w for w in RETIRED if not (role == "admin" and w.startswith("tariff"))]
    return [f"retired wording: {m.group(0)}" for w in retired if (m := re.search(w, text))]


# An e-mail is judged as its reader sees it: the subject, the text part and the HTML part's words (its tags,
# attributes and links stripped: an address in a link is for the machine, not the reader).
MAIL_WRONG = [
    ("uuid", re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)),
    ("ISO date-time", re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}")),
    ("ISO date", re.compile(r"(^|[^\d])\d{4}-\d{2}-\d{2}($|[^\d])")),
    ("day/month/year", re.compile(r"(^|[^\d/])\d{1,2}/\d{1,2}/\d{2,4}($|[^\d])")),
    ("month name", re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}\b")),
    ("AM/PM", re.compile(r"\d{1,2}:\d{2}(:\d{2})? ?[AP]M\b")),
    ("snake_case", re.compile(r"(^|[\s(:,])[a-z]+_[a-z0-9_]+($|[\s).,:])")),
]
URL = re.compile(r"https?://\S+")


def mail_words(mail: dict[str, Any]) -> list[str]:
    """The lines a reader reads in an e-mail of the outbox: subject, text part, and the HTML part's text."""
    parts = [str(mail.get("subject") or ""), str(mail.get("body") or "")]
    if mail.get("html"):
        markup = re.sub(r"(?is)<(style|script|head)\b.*?</\1>", " ", str(mail["html"]))
        parts.append(html.unescape(re.sub(r"<[^>]+>", "\n", markup)))
    return [URL.sub(" ", line).strip() for part in parts for line in part.splitlines() if line.strip()]


def line_problems(lines: list[str]) -> list[str]:
    """What reads as code or as a date not written the one way in lines of text: a UUID, a code word alone or
    in snake_case, an ISO date or date-time, a date not YYYY/MM/DD. A moment with no place is written in UTC
    and says so (docs/decisions/0901), which is allowed."""
    found = []
    for line in lines:
        if line in CODE_WORDS:
            found.append(f"code word: {line}")
        found += [f"{why}: {line[:100]}" for why, pattern in MAIL_WRONG if pattern.search(line)]
    return list(dict.fromkeys(found))


def email_problems(mail: dict[str, Any]) -> list[str]:
    """`line_problems` of one e-mail as its reader reads it, and an e-mail without its HTML part."""
    return line_problems(mail_words(mail)) + ([] if mail.get("html") else ["no HTML part"])


def sweep(
    page: Page, server: LiveServer, role: str, routes: list[tuple[str, str]], shots: Path
) -> dict[str, list[str]]:
    width = page.viewport_size["width"] if page.viewport_size else 0
    found: dict[str, list[str]] = {}
    for name in visit(page, server, routes):
        problems = code_on(page) + dates_on(page) + retired_on(page, role)
        if role == "admin" and name == "overview":  # a profile edit is listed by who asks, not by a number
            edits = page.get_by_role("region", name="Edit profile requests")
            # `.first`: other tests on this server may ask for edits as a company of the same name.
            expect(edits.get_by_role("link", name="Karimi Trading FZE").first).to_be_visible()
        if name == "audit-timeline":  # a booking's record leads to the booking's trail in words
            expect(
                page.get_by_role("link", name=re.compile(r"^Read the booking.s whole trail in words$"))
            ).to_be_visible()
        if name == "overview":  # and the bell's list, which every screen carries
            page.get_by_role("button", name="Notifications").first.click()
            problems += [
                f"notifications: {p}" for p in code_on(page) + dates_on(page) + retired_on(page, role)
            ]
            page.keyboard.press("Escape")
        page.screenshot(path=str(shots / f"words-{role}-{width}-{name}.png"), full_page=True)
        if problems:
            found[name] = problems
    return found


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("role", ["customer", "admin"])
def test_no_screen_shows_a_programmers_word(
    browser: Browser,
    live_server: LiveServer,
    world: World,  # noqa: F811
    role: str,
    viewport: ViewportSize,
    screenshot_dir: Path,
) -> None:
    with page_as(browser, live_server, world, role, viewport) as page:
        routes = [r for r in world.routes[role] if r[0] != "not-found-booking"]
        found = sweep(page, live_server, role, routes, screenshot_dir)
        assert found == {}, "\n".join(f"{k}: {v}" for k, vs in found.items() for v in vs)


def test_no_e_mail_shows_a_programmers_word_or_a_date_not_written_the_one_way(
    live_server: LiveServer,
    world: World,  # noqa: F811
) -> None:
    """Every e-mail the layout tests' world sent (sign-ups, quotes, confirmations, orders, tracking, the
    set-password link): read as its reader reads it."""
    mails = [m for m in live_server.outbox() if m["channel"] == "email"]
    assert mails
    found = {f"{m['subject']} -> {m['to']}": problems for m in mails if (problems := email_problems(m))}
    assert found == {}, "\n".join(f"{k}: {v}" for k, vs in found.items() for v in vs)
