"""Every outcome and thing contract/decided-first.json names has its sentences in both catalogues (decisions
3916, 3922): a colleague's decision ({who}, {thing}, {at}) and the reader's own ({thing}, {at}), English and
Persian; and the server's English sentence reads as the Persian one, the reader's own never as a colleague's
named "You". A quote refused for a price quoted meanwhile names that price ({price}), in both languages."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path

import pytest

from api.edge.decided_first import MACHINES, PRICED, SENTENCES, catalogue_keys, sentence
from api.edge.languages import translated
from domain.emails.words import money, time_utc
from domain.shared.messages import MESSAGES
from domain.shared.moments import written_utc

CONTRACT = Path(__file__).resolve().parents[2] / "contract"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
CATALOGUES = {
    language: json.loads((CONTRACT / name).read_text(encoding="utf-8"))
    for language, name in (("en", "validation-messages.json"), ("fa", "validation-messages.fa.json"))
}
DECISIONS = [(machine, state) for machine, said in MACHINES.items() for state in said["states"]]
AT = datetime(2026, 12, 7, 14, 2, 9, tzinfo=UTC)


def missing(catalogues: dict[str, dict[str, str]]) -> list[str]:
    """Each sentence or thing the table names that a catalogue lacks, or says with other placeholders."""
    outcomes = {outcome for said in MACHINES.values() for outcome in said["states"].values()}
    wanted = {SENTENCES["thing"].format(thing=said["thing"]): set[str]() for said in MACHINES.values()}
    for outcome in outcomes:
        wanted[SENTENCES["byColleague"].format(outcome=outcome)] = {"who", "thing", "at"}
        wanted[SENTENCES["byYou"].format(outcome=outcome)] = {"thing", "at"}
    for outcome in PRICED:
        wanted[SENTENCES["byColleagueAtPrice"].format(outcome=outcome)] = {"who", "thing", "at", "price"}
        wanted[SENTENCES["byYouAtPrice"].format(outcome=outcome)] = {"thing", "at", "price"}
    problems = []
    for key, placeholders in sorted(wanted.items()):
        for language, catalogue in catalogues.items():
            text = catalogue.get(key)
            if not text:
                problems.append(f"{key}: no {language}")
            elif set(PLACEHOLDER.findall(text)) != placeholders:
                problems.append(f"{key}: {language} says {sorted(PLACEHOLDER.findall(text))}")
    return problems


def test_every_outcome_and_thing_has_its_sentences_in_both_catalogues() -> None:
    assert missing(CATALOGUES) == []
    # The keys the server reads through the table are these, and the catalogue has each.
    assert catalogue_keys() <= set(CATALOGUES["en"]) and len(catalogue_keys()) == 2 * 11 + 2 * 1 + 6


@pytest.mark.parametrize("whose", ["byColleague", "byYou"])
def test_the_check_fails_on_a_sentence_missing(whose: str) -> None:
    key = SENTENCES[whose].format(outcome="asked")
    without = {language: {k: v for k, v in said.items() if k != key} for language, said in CATALOGUES.items()}
    assert missing({"en": CATALOGUES["en"], "fa": without["fa"]}) == [f"{key}: no fa"]
    lost = {**CATALOGUES["en"], key: CATALOGUES["en"][key].replace("{at}", "then")}
    assert missing({"en": lost, "fa": CATALOGUES["fa"]}) == [
        f"{key}: en says {sorted({'who', 'thing'} if whose == 'byColleague' else {'thing'})}"
    ]


@pytest.mark.parametrize(("machine", "state"), DECISIONS)
def test_each_sentence_reads_in_persian_as_the_catalogue_says_it(machine: str, state: str) -> None:
    said = MACHINES[machine]
    outcome, thing = said["states"][state], said["thing"]
    persian = CATALOGUES["fa"]
    fa_thing = persian[SENTENCES["thing"].format(thing=thing)]
    at = time_utc(AT, "fa")
    colleague = sentence(machine, state, "sara.karimi", written_utc(AT))
    assert colleague is not None and colleague.startswith("sara.karimi already ")
    assert translated(colleague, "fa") == persian[SENTENCES["byColleague"].format(outcome=outcome)].format(
        who="sara.karimi", thing=fa_thing, at=at
    )
    yours = sentence(machine, state, None, written_utc(AT))
    assert yours is not None and yours.startswith("You already ")
    assert translated(yours, "fa") == persian[SENTENCES["byYou"].format(outcome=outcome)].format(
        thing=fa_thing, at=at
    )


@pytest.mark.parametrize(
    ("machine", "state"), [(m, s) for m, s in DECISIONS if MACHINES[m]["states"][s] in PRICED]
)
@pytest.mark.parametrize("who", ["sara.karimi", None])
def test_a_price_quoted_meanwhile_is_named_in_both_languages(
    machine: str, state: str, who: str | None
) -> None:
    said = MACHINES[machine]
    key = SENTENCES["byYouAtPrice" if who is None else "byColleagueAtPrice"].format(
        outcome=said["states"][state]
    )
    english = sentence(machine, state, who, written_utc(AT), Decimal("1450.75"))
    assert english is not None and "$1,450.75 per container" in english
    values = {"thing": CATALOGUES["fa"][SENTENCES["thing"].format(thing=said["thing"])]}
    values |= {"at": time_utc(AT, "fa"), "price": money(Decimal("1450.75"), "fa")}
    assert translated(english, "fa") == CATALOGUES["fa"][key].format(who=who, **values)
    # Without a price, the sentence names none.
    assert "per container" not in str(sentence(machine, state, who, written_utc(AT)))


def test_the_reader_s_own_sentence_is_read_as_theirs_wherever_the_catalogue_lists_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The translation tries the most specific text first: listed after "{who} already ...", whose {who}
    takes "You" too, "You already ..." is still read as the reader's own."""
    from api.edge import languages

    monkeypatch.setattr(languages, "MESSAGES", dict(reversed(list(MESSAGES.items()))))
    languages._catalogue.cache_clear()
    try:
        yours = sentence("registration", "accepted", None, written_utc(AT))
        assert yours is not None
        key = SENTENCES["byYou"].format(outcome="accepted")
        thing = CATALOGUES["fa"][SENTENCES["thing"].format(thing="signUp")]
        assert translated(yours, "fa") == CATALOGUES["fa"][key].format(thing=thing, at=time_utc(AT, "fa"))
    finally:
        languages._catalogue.cache_clear()
