"""Who is told what about sailings: the customer when a republished schedule moves its booking's
sailing (old and new times) and before the shipping-instruction cut-off; the staff when a shipping order
comes in after that cut-off. In the app (notifications policy) and by e-mail (sailing_emails.py)."""

from __future__ import annotations

from domain.booking.rate_request import RateRequest, SailingMoved
from domain.booking.reference import port_named
from domain.booking.schedules import Sailing
from domain.booking.shipping_order import ShippingOrder
from domain.emails.words import digits, isolated, language_of, say, time_at
from domain.notifications.policy import STAFF, Notice, NoticeContext, Subject, notices, worded
from domain.shared.languages import DEFAULT, LANGUAGES

R = RateRequest


def _when(text: str | None, port: str | None = None, language: str = DEFAULT) -> str:
    """A sailing's time at its port (departure and cut-offs at the load port, arrival at the discharge
    port), in the port's local time with its zone; in Persian in the Solar Hijri calendar."""
    return say("sailingNotice.notGiven", language) if not text else time_at(text, port, language)


def sailing_reference(event: R.SailingRescheduled | R.CutOffReminded | R.EstimatedSailingReplaced) -> str:
    return event.reference or str(event.originator_id)[:8]


def _voyage(after: Sailing, language: str) -> dict[str, str]:
    """The vessel, voyage and ports a sentence names: codes and names as written, isolated in Persian."""
    vessel = after.vessel_name or after.vessel_imo_number or after.service_code
    return {
        "vessel": isolated(str(vessel or ""), language),
        "voyage": isolated(str(after.export_voyage or ""), language),
        "from": isolated(port_named(after.load_port), language),
        "to": isolated(port_named(after.discharge_port), language),
    }


def _moved(event: SailingMoved, reference: str, language: str) -> tuple[Sailing, Sailing, dict[str, str]]:
    """The sailing before and after a move, and the words that every sentence telling of a move says."""
    before, after = Sailing.from_record(event.previous), Sailing.from_record(event.sailing)
    return (
        before,
        after,
        {
            "ref": isolated(reference, language),
            **_voyage(after, language),
            "departedBefore": _when(before.departure, before.load_port, language),
            "departure": _when(after.departure, after.load_port, language),
            "arrival": _when(after.arrival, after.discharge_port, language),
        },
    )


def rescheduled_text(event: R.SailingRescheduled, reference: str, language: str = DEFAULT) -> str:
    before, after, words = _moved(event, reference, language)
    cut_off = (
        say(
            "sailingNotice.rescheduledCutOff",
            language,
            at=_when(after.shipping_instructions_cut_off, after.load_port, language),
        )
        if after.shipping_instructions_cut_off != before.shipping_instructions_cut_off
        else ""
    )
    # Only what moved is said to have moved (a republication may move the arrival alone).
    moves = [
        say(
            f"sailingNotice.{kind}Moved",
            language,
            before=_when(was, port, language),
            after=_when(now, port, language),
        )
        for kind, was, now, port in (
            ("departure", before.departure, after.departure, after.load_port),
            ("arrival", before.arrival, after.arrival, after.discharge_port),
        )
        if was != now
    ]
    if not moves:
        moves = [
            say("sailingNotice.timesKept", language, departure=words["departure"], arrival=words["arrival"])
        ]
    said = (
        moves[0]
        if len(moves) == 1
        else say("sailingNotice.movesJoined", language, first=moves[0], second=moves[1])
    )
    return say("sailingNotice.rescheduled", language, **words, moves=said, cutOff=cut_off)


def named_text(event: R.EstimatedSailingReplaced, reference: str, language: str = DEFAULT) -> str:
    _, after, words = _moved(event, reference, language)
    cut_off = _when(after.shipping_instructions_cut_off, after.load_port, language)
    return say("sailingNotice.named", language, **words, cutOff=cut_off)


def time_left(event: R.CutOffReminded, language: str = DEFAULT) -> str:
    """How long was left until the cut-off when the reminder went: minutes under an hour and a half, else
    hours rounded. A reminder recorded before it kept that says its lead."""
    minutes = event.minutes_left
    if minutes is None:
        minutes = event.hours * 60
    if minutes <= 1:
        return say("sailingNotice.left.minute", language)
    if minutes < 90:
        return say("sailingNotice.left.minutes", language, n=digits(str(minutes), language))
    return say("sailingNotice.left.hours", language, n=digits(str(round(minutes / 60)), language))


def reminder_text(event: R.CutOffReminded, reference: str, language: str = DEFAULT) -> str:
    """The cut-off in its load port's local time, the port named: "local time" alone does not say where. A
    reminder recorded before it kept its port has none, and reads in UTC."""
    port = port_named(event.load_port)
    return say(
        "sailingNotice.reminderAt" if port else "sailingNotice.reminder",
        language,
        ref=isolated(reference, language),
        at=_when(event.cut_off, event.load_port, language),
        port=isolated(port, language),
        left=time_left(event, language),
    )


def sailing_words(
    event: R.SailingRescheduled | R.CutOffReminded | R.EstimatedSailingReplaced, language: str
) -> tuple[str, str]:
    """The title and text of a sailing event for its customer, in `language` (its notice and e-mail)."""
    reference = sailing_reference(event)
    if isinstance(event, R.CutOffReminded):
        return say("sailingNotice.reminder.title", language), reminder_text(event, reference, language)
    if isinstance(event, R.EstimatedSailingReplaced):
        return say("sailingNotice.named.title", language), named_text(event, reference, language)
    return say("sailingNotice.rescheduled.title", language), rescheduled_text(event, reference, language)


@notices.register(R.SailingRescheduled, R.EstimatedSailingReplaced, R.CutOffReminded)
def told(
    event: R.SailingRescheduled | R.EstimatedSailingReplaced | R.CutOffReminded, context: NoticeContext
) -> Notice:
    """The customer's notice, in the account's language."""
    reference = sailing_reference(event)
    subject = Subject("rate_request", str(event.originator_id), reference)
    language = language_of(context.aggregate(event.customer_id))
    return worded(event.customer_id, lambda each: sailing_words(event, each), language, subject)


def late_order(
    notice: Notice, event: ShippingOrder.Created | ShippingOrder.Resubmitted, context: NoticeContext
) -> Notice:
    """The staff's notice of a new shipping order (or one submitted again), flagged when it came after the SI
    cut-off."""
    if notice.recipient != STAFF or notice.subject is None:
        return notice
    booking = context.aggregate(notice.subject.id)
    record = getattr(booking, "sailing", None)
    sailing = None if record is None else Sailing.from_record(record)
    cut_off = None if sailing is None else sailing.shipping_instructions_cut_off
    submitted = event.timestamp.strftime("%Y-%m-%dT%H:%M:%SZ")
    port = None if sailing is None else sailing.load_port
    if cut_off is None or submitted <= cut_off:
        return notice
    late: dict[str, tuple[str, str]] = {
        language: (
            say("staff.lateOrder.title", language),
            say(
                "staff.lateOrder",
                language,
                message=notice.in_language(language)[1],
                at=_when(cut_off, port, language),
            ),
        )
        for language in LANGUAGES
    }
    title, message = late[DEFAULT]
    return notice._replace(title=title, message=message, translated=late)
