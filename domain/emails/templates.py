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


@dataclass(frozen=True)
class Template:
    label: str  # what the profile's switch says
    subject: str
    paragraphs: tuple[str, ...]
    action: str  # the link's words
    listed: str | None = None  # the key in `words` of several lines to list after the paragraphs


TEMPLATES: dict[str, Template] = {
    "quoteReady": Template(
        "A price is quoted for my booking",
        "Your quote is ready",
        ("Your booking {ref} has a price of {price} per container, valid until {until}.",),
        "Review and accept the price",
    ),
    "revisionRequested": Template(
        "Staff ask me to revise a booking",
        "Please revise your booking",
        ("Our staff ask you to revise your booking {ref}:",),
        "Revise the booking",
        listed="messages",
    ),
    "bookingConfirmed": Template(
        "My booking is confirmed",
        "Your booking is confirmed",
        (
            "Your booking {ref} is confirmed.{sailing}",
            "The next step is the shipping order: parties, containers and cargo.",
        ),
        "Fill in the shipping order",
    ),
    "orderNeedsChanges": Template(
        "My shipping order needs changes",
        "Your shipping order needs changes",
        ("Our staff ask for changes to the shipping order of your booking {ref}:",),
        "Change the shipping order",
        listed="messages",
    ),
    "readyForFinalApproval": Template(
        "My shipping order is ready for my final approval",
        "Your shipping order is ready for final approval",
        (
            "The shipping order of your booking {ref} was accepted by our staff.",
            "Please review the final report and approve it.",
        ),
        "Review and approve",
    ),
    "billOfLadingIssued": Template(
        "The bill of lading of my booking is issued",
        "Your bill of lading is issued",
        ("The bill of lading of your booking {ref} is issued.",),
        "See the bill of lading",
    ),
    "shippingInstructionsDeclined": Template(
        "Staff decline my shipping instructions",
        "Your shipping instructions were declined",
        ("Our staff declined the shipping instructions of your booking {ref}:",),
        "See the booking",
        listed="messages",
    ),
    "quoteExpiring": Template(
        "A quote expires within 24 hours",
        "Your quote expires within 24 hours",
        (
            "The price of {price} per container for your booking {ref} is valid until {until}.",
            "Accept it before then, or ask for a new price afterwards.",
        ),
        "Review the price",
    ),
    # DCSA use case 6: staff ask the customer to amend a confirmed booking.
    "amendmentAsked": Template(
        "Staff ask me to amend a confirmed booking",
        "Please amend your booking",
        (
            "Our staff ask you to amend your confirmed booking {ref}.",
            "It stays confirmed as it is until your amendment is decided. Their reason:",
        ),
        "Amend the booking",
        listed="messages",
    ),
    "amendmentDecided": Template(
        "Staff decide on an amendment I asked for",
        "Your amendment: {decision}",
        ("{outcome}",),
        "Open the booking",
    ),
    "cancellationDecided": Template(
        "Staff decide on a cancellation I asked for",
        "Your cancellation request: {decision}",
        ("{outcome}",),
        "Open the booking",
    ),
    # Following the cargo after confirmation (domain/tracking/emails.py).
    "vesselDeparted": Template(
        "The vessel carrying my cargo departs",
        "The vessel has departed",
        ("{news}", "Follow the rest of the voyage on the booking's page."),
        "Follow the booking",
    ),
    "vesselArrived": Template(
        "The vessel carrying my cargo arrives",
        "The vessel has arrived",
        ("{news}", "Discharge and delivery follow; the booking's page shows each step."),
        "Follow the booking",
    ),
    "cargoDelivered": Template(
        "My cargo is delivered",
        "Your cargo is delivered",
        ("{news}",),
        "Open the booking",
    ),
    "arrivalEstimateChanged": Template(
        "The estimated arrival moves by more than 24 hours",
        "The estimated arrival has changed",
        ("{news}", "Plan the collection of your cargo with the new time."),
        "Follow the booking",
    ),
}

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
    kind: str, reference: str, link: str, words: dict[str, str], lines: list[str] | None = None
) -> Rendered:
    """The e-mail of `kind` about the booking `reference`, opening `link`."""
    template = TEMPLATES[kind]
    filled = _Words({**words, "ref": reference})
    subject = f"[{reference}] {template.subject.format_map(filled)}"
    paragraphs = [paragraph.format_map(filled) for paragraph in template.paragraphs]
    listed = list(lines or [])
    foot = (
        "You get this e-mail because you have a booking with us. You can turn off"
        f' "{template.label}" e-mails on your profile.'
    )
    text = "\n\n".join(
        [
            *paragraphs,
            *(["\n".join(f"- {line}" for line in listed)] if listed else []),
            f"{template.action}: {link}",
            foot,
        ]
    )
    html = page_html(subject, paragraphs, listed, (link, template.action), foot)
    return Rendered(subject, text, html)


def page_html(
    title: str,
    paragraphs: list[str],
    lines: list[str] | None = None,
    action: tuple[str, str] | None = None,
    foot: str | None = None,
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
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title></head>"
        '<body style="font-family:Arial,Helvetica,sans-serif;color:#1a202c;line-height:1.5">'
        + body
        + (f"<ul>{items}</ul>" if items else "")
        + button
        + (f'<p style="color:#555;font-size:13px">{escape(foot)}</p>' if foot else "")
        + "</body></html>"
    )


def text_html(title: str, text: str) -> str:
    """The HTML part of an e-mail written as plain text (its blank lines part the paragraphs)."""
    return page_html(title, [p for p in text.split("\n\n") if p.strip()])
