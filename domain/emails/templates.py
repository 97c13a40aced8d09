"""One template per kind of e-mail a customer gets about a booking, and how a template becomes a message.

This is the one place a new kind of e-mail is added (a sailing reminder, say): give it a `Template` in
`TEMPLATES` under a new key, and build its `words` where the reason to send arises (an event in
domain/booking/emails.py, or a scheduled scan like policies/quote_expiry.py). Every e-mail:

- names the booking reference in its subject (`[FB-2026-000123] Your quote is ready`),
- is sent as plain text and as HTML with the same paragraphs,
- links to the booking's page,
- can be turned off by the customer per kind (`KINDS`, shown on the profile), and says so at its foot.

Pure: words in, subject and bodies out. `{name}` placeholders are filled from `words`; a `lines` placeholder
(`{items}`) lists several lines (staff's messages per field), one per line or list item.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import NamedTuple

from domain.emails.words import TEMPLATE_WORDS, isolated, say
from domain.shared.languages import DEFAULT, LANGUAGES


@dataclass(frozen=True)
class Template:
    label: str  # what the profile's switch says
    subject: str
    paragraphs: tuple[str, ...]
    action: str  # the link's words
    listed: str | None = None  # the key in `words` of several lines to list after the paragraphs


# The kinds that list several lines (staff's messages per field) after their paragraphs.
_LISTING = {
    "revisionRequested",
    "orderNeedsChanges",
    "shippingInstructionsDeclined",
    "amendmentAsked",
    "bookingRejected",
}


def _template(kind: str, language: str) -> Template:
    said = TEMPLATE_WORDS[kind][language]
    return Template(
        str(said["label"]),
        str(said["subject"]),
        tuple(str(p) for p in said["paragraphs"]),
        str(said["action"]),
        listed="messages" if kind in _LISTING else None,
    )


# Each kind's words per language, from the catalogue (contract/email-messages.json, keyed by language).
TRANSLATED: dict[str, dict[str, Template]] = {
    kind: {language: _template(kind, language) for language in LANGUAGES} for kind in TEMPLATE_WORDS
}
# The English words, as the profile's switches show them.
TEMPLATES: dict[str, Template] = {kind: by_language[DEFAULT] for kind, by_language in TRANSLATED.items()}

# The kinds in the order the profile lists them.
KINDS: tuple[str, ...] = tuple(TEMPLATES)


class Rendered(NamedTuple):
    subject: str
    text: str
    html: str


class _Words(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def render(
    kind: str,
    reference: str,
    link: str,
    words: dict[str, str],
    lines: list[str] | None = None,
    language: str = DEFAULT,
) -> Rendered:
    """The e-mail of `kind` about the booking `reference`, opening `link`, in `language`."""
    template = TRANSLATED[kind].get(language, TEMPLATES[kind])
    filled = _Words({**words, "ref": isolated(reference, language)})
    subject = f"[{reference}] {template.subject.format_map(filled)}"
    paragraphs = [paragraph.format_map(filled) for paragraph in template.paragraphs]
    listed = list(lines or [])
    foot = say("foot", language, label=template.label)
    text = "\n\n".join(
        [
            *paragraphs,
            *(["\n".join(f"- {line}" for line in listed)] if listed else []),
            f"{template.action}: {link}",
            foot,
        ]
    )
    html = page_html(subject, paragraphs, listed, (link, template.action), foot, language)
    return Rendered(subject, text, html)


def page_html(
    title: str,
    paragraphs: list[str],
    lines: list[str] | None = None,
    action: tuple[str, str] | None = None,
    foot: str | None = None,
    language: str = DEFAULT,
) -> str:
    """The HTML part of an e-mail: its paragraphs (a line break inside one kept), listed lines, the action's
    link as a button (`action`: the link and its words) and the foot; every e-mail of the portal looks so."""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines or [])
    body = "".join(
        "<p>" + "<br>".join(escape(part) for part in paragraph.split("\n")) + "</p>"
        for paragraph in paragraphs
    )
    button = ""
    if action is not None:
        link, words = action
        button = (
            f'<p><a href="{escape(link, quote=True)}" style="display:inline-block;padding:10px 16px;'
            'background:#0b3a82;color:#ffffff;text-decoration:none;border-radius:6px">'
            f"{escape(words)}</a></p>"
        )
    # Persian reads right to left: the whole page says so, and its text aligns to the right.
    direction = "rtl" if language == "fa" else "ltr"
    return (
        f'<!doctype html><html lang="{language}" dir="{direction}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title></head>"
        f'<body dir="{direction}" style="font-family:Tahoma,Arial,Helvetica,sans-serif;color:#1a202c;'
        f'line-height:1.5;text-align:{"right" if direction == "rtl" else "left"}">'
        + body
        + (f"<ul>{items}</ul>" if items else "")
        + button
        + (f'<p style="color:#555;font-size:13px">{escape(foot)}</p>' if foot else "")
        + "</body></html>"
    )


def text_html(title: str, text: str, language: str = DEFAULT) -> str:
    """The HTML part of an e-mail written as plain text (its blank lines part the paragraphs)."""
    return page_html(title, [p for p in text.split("\n\n") if p.strip()], language=language)
