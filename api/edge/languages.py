"""Error descriptions in the language of the request's `Accept-Language` (English or Persian).

The domain and the edge write their errors in English from the catalogues (contract/validation-messages.json,
contract/error-messages.json); this reads an English text back to its catalogue entry, its `{name}` values
included, and writes the Persian entry (contract/validation-messages.fa.json) with the same values. Field
keys and the envelope stay as they are; a text no catalogue holds is answered as it was written.

A lifecycle's refusal ("Cannot {action} {machine} in state {state}", "{actor} may not {action} {machine}")
has its values said in Persian from the lifecycle files: the trigger's `labelFa`, the file's `labelFa` (its
thing), the state's `labelFa`, and the actor's role from contract/audit-words.json (decision 3841). A thing
no lifecycle file speaks for (an API key, a webhook subscription), and an act a file has no trigger for, has
its words in contract/refusal-words.json, in the files' shape, which the domain's English reads too: its name
is said in Persian wherever a refusal names it ("API key not found"), its acts and states beside it
(decision 3847).

A figure the portal wrote into a refusal (an amount "$2,900.00", a count, a day "2026-01-06", a time
"2026/12/07 14:02 UTC") is said as the e-mails say it (domain/emails/words.py): in Persian with Persian
digits and separators, a day or a time in the Solar Hijri calendar; a value the caller typed (a code, a
container number, a reference) is kept as written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from datetime import UTC, date, datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from fastapi.responses import JSONResponse

from api.edge.envelope import failure
from domain.emails.words import day_in, money, number, time_utc
from domain.shared.errors import a_thing
from domain.shared.languages import DEFAULT, from_accept_language
from domain.shared.lifecycle import all_lifecycles
from domain.shared.messages import MESSAGES
from domain.shared.refusal_words import THINGS

CONTRACT = Path(__file__).resolve().parents[2] / "contract"
PERSIAN_MESSAGES: dict[str, str] = json.loads(
    (CONTRACT / "validation-messages.fa.json").read_text(encoding="utf-8")
)
ERROR_MESSAGES: dict[str, dict[str, str]] = json.loads(
    (CONTRACT / "error-messages.json").read_text(encoding="utf-8")
)["messages"]
ROLES: dict[str, dict[str, str]] = json.loads((CONTRACT / "audit-words.json").read_text(encoding="utf-8"))[
    "roles"
]
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# The figures the portal writes into its English refusals: an amount (`money(..., "en")`), a number (`1,250`,
# `366.00`, `-40`), a day (`2026-01-06`).
_AMOUNT = re.compile(r"\$(\d{1,3}(?:,\d{3})*(?:\.\d+)?)")
_NUMBER = re.compile(r"-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# A moment as `written_utc` writes it (`2026/12/07 14:02 UTC`): when a colleague decided (decision 3911).
_MOMENT = re.compile(r"\d{4}/\d{2}/\d{2} \d{2}:\d{2} UTC")
# Placeholders that echo what the caller sent (kept as typed, digits and all, so the caller finds it), and a
# person's login name (`who`), which is his as he typed it.
_AS_TYPED = frozenset({"code", "container", "reference", "who"})


def _who(role: str) -> str:
    """A role as a refusal begins with it: "A customer", "Staff"."""
    said = a_thing(role)
    return said[:1].upper() + said[1:]


@cache
def _lifecycle_words(language: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The words of a lifecycle's refusal in `language`, from the lifecycle files (one source): the actors
    and things ("A customer", "a shipping order"), and for each thing its acts and states, which only mean
    one thing beside it ("approved" is one label of an amendment, another of a shipping order)."""
    key = f"label{language.capitalize()}"  # labelFa
    common = {_who(role): said.get(language, _who(role)) for role, said in ROLES.items()}
    of_thing: dict[str, dict[str, str]] = {}
    for machine in all_lifecycles():
        thing = a_thing(machine.thing)
        common[thing] = str(machine.spec.get(key, thing))
        words = {label: str(said.get(key, label)) for label, said in _triggers(machine.spec).items()}
        for state in machine.spec["states"]:
            name, said = state["name"], str(state.get(key, state["name"]))
            words[name] = words[f"{name} ({state['code']})"] = said
        of_thing[thing] = words
    for name, spec in THINGS.items():
        noun = _noun(name)
        thing = a_thing(noun)
        if "label" in spec:  # named in a sentence ("an API key"), in a `{what}` ("API key", "publisher key")
            said = str(spec.get(key, noun))
            common[thing] = common[noun] = common[noun[:1].upper() + noun[1:]] = said
        words = of_thing.setdefault(thing, {})
        words.update({label: str(said.get(key, label)) for label, said in _triggers(spec).items()})
        for state, said in spec.get("states", {}).items():
            words[state] = str(said.get(key, state))
    return common, of_thing


def _noun(thing: str) -> str:
    """A thing as a refusal names it: its name in contract/refusal-words.json, else its lifecycle's."""
    return str(THINGS.get(thing, {}).get("label") or thing.replace("_", " "))


def _triggers(spec: Any) -> dict[str, dict[str, Any]]:
    """A lifecycle file's trigger words by their English label."""
    return {said["label"]: said for said in spec["triggers"].values()}


def _regex(english: str, known: dict[str, list[str]]) -> re.Pattern[str]:
    """`english`'s placeholders as groups: one of its `known` words where it has them, else any text."""
    parts = _PLACEHOLDER.split(english)  # text, name, text, name, ..., text
    regex = "".join(
        re.escape(part)
        if index % 2 == 0
        else f"(?P<{part}>{'|'.join(map(re.escape, known[part])) if part in known else '.+?'})"
        for index, part in enumerate(parts)
    )
    return re.compile(f"^{regex}$", re.DOTALL)


def request_language(headers: Any) -> str:
    """The language of an answer: the first of `Accept-Language` the portal speaks, else English."""
    return from_accept_language(headers.get("accept-language")) or DEFAULT


@cache
def _catalogue(language: str) -> tuple[dict[str, str], list[tuple[re.Pattern[str], str]]]:
    """English text -> the language's text, exact for fixed texts and as patterns for texts with values."""
    pairs = [(english, PERSIAN_MESSAGES.get(key, english)) for key, english in MESSAGES.items()]
    pairs += [(said["en"], said.get(language, said["en"])) for said in ERROR_MESSAGES.values()]
    exact: dict[str, str] = {}
    patterns: list[tuple[re.Pattern[str], str]] = []
    # The most specific text first (the most words of its own): "You already accepted this {thing} at {at}"
    # before "{who} already accepted this {thing} at {at}", whose {who} would take "You" too, wherever either
    # stands in the catalogue.
    pairs.sort(key=lambda pair: len(_PLACEHOLDER.sub("", pair[0])), reverse=True)
    for english, translated in pairs:
        if _PLACEHOLDER.search(english) is None:
            exact.setdefault(english, translated)
            continue
        # A lifecycle's words first (and contract/refusal-words.json's), so that "ask for a revision of a
        # rate request" splits at its thing; a value no catalogue names is read as any text is.
        strict = _regex(english, _known_words())
        loose = _regex(english, {})
        patterns += [(strict, translated)] if strict == loose else [(strict, translated), (loose, translated)]
    return exact, patterns


@cache
def _known_words() -> dict[str, list[str]]:
    """A lifecycle refusal's placeholders and the English words each may be, longest first."""
    machines = all_lifecycles()
    specs = [m.spec for m in machines] + list(THINGS.values())
    return {
        "actor": _longest_first(_who(role) for role in ROLES),
        "machine": _longest_first(a_thing(_noun(name)) for name in [*(m.id for m in machines), *THINGS]),
        "action": _longest_first(label for spec in specs for label in _triggers(spec)),
    }


def _longest_first(words: Iterable[str]) -> list[str]:
    return sorted(set(words), key=len, reverse=True)


def translated(text: str, language: str) -> str:
    """`text` in `language` where a catalogue holds it (its values translated too where they are words of
    a catalogue, as pydantic's `Expected string received number`), else `text` as it is."""
    if language == DEFAULT or not text:
        return text
    exact, patterns = _catalogue(language)
    if text in exact:
        return exact[text]
    for pattern, target in patterns:
        found = pattern.match(text)
        if found is not None:
            values = found.groupdict()
            common, of_thing = _lifecycle_words(language)
            words = {**exact, **common, **of_thing.get(values.get("machine", ""), {})}
            values = {name: _said(name, value, words, language) for name, value in values.items()}
            return target.format_map(values)
    return text


def _said(name: str, value: str, words: dict[str, str], language: str) -> str:
    """A refusal's value in `language`: a catalogue's word in its words, a figure the portal wrote as the
    e-mails write it (Persian digits and separators, a day in the Solar Hijri calendar), else as it is."""
    if value in words:
        return words[value]
    if name in _AS_TYPED:
        return value
    return _figure(value, language)


def _figure(value: str, language: str) -> str:
    """An amount, a number or a day as an English refusal writes it ("$2,900.00", "1,250", "2026-01-06"),
    written as the e-mails write it in `language` (Persian digits and separators, "... دلار"); any other
    text as it is."""
    if (amount := _AMOUNT.fullmatch(value)) is not None:
        return money(Decimal(amount[1].replace(",", "")), language)
    if _NUMBER.fullmatch(value) is not None:
        return number(value, language)
    if _MOMENT.fullmatch(value) is not None:
        return time_utc(datetime.strptime(value, "%Y/%m/%d %H:%M UTC").replace(tzinfo=UTC), language)
    if _DAY.fullmatch(value) is not None:
        try:
            return day_in(date.fromisoformat(value), language)
        except ValueError:
            return value
    return value


@cache
def _states_for_people() -> tuple[re.Pattern[str], dict[str, dict[str, str]]]:
    """The English refusal "Cannot {action} {machine} in state {state}" as a pattern, and for each thing its
    states' names (with and without their code) by the label its lifecycle file gives them."""
    labels: dict[str, dict[str, str]] = {}
    for machine in all_lifecycles():
        words = labels.setdefault(a_thing(machine.thing), {})
        for state in machine.spec["states"]:
            words[state["name"]] = words[f"{state['name']} ({state['code']})"] = str(state["label"])
    return _regex(ERROR_MESSAGES["cannotInState"]["en"], _known_words()), labels


def for_people(text: str) -> str:
    """A lifecycle's English refusal as a person reads it: its state by the label the screens show, quoted
    ("in state “Revision Requested”"), not the name and code a program reads ("revision_requested (1)")."""
    pattern, labels = _states_for_people()
    found = pattern.match(text)
    said = None if found is None else labels.get(found["machine"], {}).get(found["state"])
    if found is None or said is None:
        return text
    return f"{text[: found.start('state')]}“{said}”"


def translated_error(
    description: str, fields: dict[str, str] | None, language: str
) -> tuple[str, dict[str, str] | None]:
    """An error's description and field messages in `language`; a description built from the field
    messages (`name: message; ...`) has each message translated in place."""
    if language == DEFAULT:
        return description, fields
    said = {name: translated(text, language) for name, text in (fields or {}).items()}
    whole = translated(description, language)
    if whole == description:
        for name, text in (fields or {}).items():
            whole = whole.replace(f"{name}: {text}", f"{name}: {said[name]}")
    return whole, (said if fields is not None else None)


def failure_in_language(
    asked: Any, status: int, description: str, fields: dict[str, str] | None = None, **more: Any
) -> JSONResponse:
    """A failure envelope in the language the request's headers (`asked`) accept, which it names in
    Content-Language; the field keys stay the wire's; `more` is the envelope's (`headers`, `retry_after`).
    Every error answer leaves through here."""
    language = request_language(asked)
    description, fields = translated_error(description, fields, language)
    if from_accept_language(asked.get("accept-language")) == DEFAULT:
        # Asked in English by name (the web app, a person's browser): states in the screens' words. A
        # client that names no language reads the refusal as the domain wrote it.
        description = for_people(description)
    answer = failure(status, description, fields, **more)
    answer.headers["Content-Language"] = language
    return answer
