"""Every listed transition fires; every unlisted (state, trigger) pair is refused."""

from __future__ import annotations

import copy
import json

import pytest

from domain.shared.errors import Forbidden, IllegalTransition
from domain.shared.lifecycle import (
    MACHINES_DIR,
    PHRASE,
    TriggerLabelsMissing,
    all_lifecycles,
    build,
    lifecycle,
)

SPECS = {path.stem: json.loads(path.read_text()) for path in sorted(MACHINES_DIR.glob("*.json"))}
LISTED = [
    (machine, t["trigger"], source, t["actor"], t["dest"], t.get("guards", []))
    for machine, spec in SPECS.items()
    for t in spec["transitions"]
    for source in t["source"]
]


def test_the_eight_lifecycles_exist() -> None:
    assert set(SPECS) == {
        "rate_request",
        "shipping_order",
        "registration",
        "profile_edit_request",
        "notification",
        "booking_amendment",
        "booking_cancellation",
        "team_member",
    }


def test_rate_request_codes_are_the_ones_the_client_reads() -> None:
    codes = lifecycle("rate_request").codes
    # A floor: the codes the client knows stay; a state added to the file costs no edit here.
    assert (
        codes.items()
        >= {
            "requested": 0,
            "quoted": 0,
            "revision_requested": 1,
            "loi_pending": 2,
            "shipping_order": 3,
            "completed": 4,
            "rejected_by_admin": 5,
            "rejected_by_client": 6,
            "price_expired": 7,
            "cancelled": 8,
        }.items()
    )
    assert all(isinstance(code, int) and code >= 0 for code in codes.values())
    assert [
        lifecycle("shipping_order").code(s)
        for s in ("submitted", "revision_requested", "ready_for_approval", "approved")
    ] == [0, 1, 2, 3]


@pytest.mark.parametrize(("machine", "trigger", "source", "actor", "dest", "guards"), LISTED)
def test_listed_transition_fires(
    machine: str, trigger: str, source: str, actor: str, dest: str, guards: list[str]
) -> None:
    assert lifecycle(machine).decide(trigger, source, actor, {g: True for g in guards}) == dest
    for guard in guards:
        # With one of its guards false this transition may not fire (another listed one might).
        failing = {g: g != guard for g in guards}
        try:
            other = lifecycle(machine).decide(trigger, source, actor, failing)
        except IllegalTransition:
            continue
        assert other != dest


@pytest.mark.parametrize("machine", sorted(SPECS))
def test_unlisted_pairs_are_refused(machine: str) -> None:
    machine_lifecycle = lifecycle(machine)
    listed = {(t, s) for m, t, s, *_ in LISTED if m == machine}
    everything_true = {g: True for *_, guards in LISTED for g in guards}
    for state in machine_lifecycle.states:
        for trigger in machine_lifecycle.triggers:
            if (trigger, state) in listed:
                continue
            for actor in machine_lifecycle.actors:
                with pytest.raises(IllegalTransition) as refused:
                    machine_lifecycle.decide(trigger, state, actor, everything_true)
                assert refused.value.state == state


def test_wrong_actor_is_forbidden_not_illegal() -> None:
    with pytest.raises(Forbidden):
        lifecycle("rate_request").decide(
            "quote", "requested", "customer", {"price_positive": True, "validity_in_future": True}
        )
    with pytest.raises(Forbidden):
        lifecycle("rate_request").decide("accept_price", "quoted", "staff", {"before_validity": True})


def test_illegal_transition_names_the_current_state_and_code() -> None:
    with pytest.raises(IllegalTransition) as refused:
        lifecycle("rate_request").decide(
            "accept_price", "rejected_by_client", "customer", {"before_validity": True}
        )
    assert "rejected_by_client (6)" in refused.value.description


def test_guard_picks_the_registration_path() -> None:
    registration = lifecycle("registration")
    assert (
        registration.decide("submit_details", "started", "visitor", {"needs_verification": True})
        == "details_submitted"
    )
    assert (
        registration.decide("submit_details", "started", "visitor", {"skips_verification": True}) == "pending"
    )


@pytest.mark.parametrize("machine", sorted(SPECS))
@pytest.mark.parametrize("language", ["label", "labelFa"])
def test_each_state_has_a_badge_of_its_own(machine: str, language: str) -> None:
    """A badge names one state: a revision staff asked for, read as "Rate Request" like a new one, told the
    customer a request waited for staff when it waited for her."""
    states = SPECS[machine]["states"]
    shared = {s[language] for s in states if [t[language] for t in states].count(s[language]) > 1}
    assert not shared, [(s["name"], s[language]) for s in states if s[language] in shared]


def test_every_transition_names_declared_states() -> None:
    for machine in all_lifecycles():
        declared = set(machine.states)
        for transition in machine.spec["transitions"]:
            assert set(transition["source"]) <= declared, transition
            assert transition["dest"] in declared, transition


# -- each trigger reads as words (decision 3841) ---
@pytest.mark.parametrize("machine", sorted(SPECS))
def test_every_trigger_of_every_machine_reads_as_a_phrase(machine: str) -> None:
    """The file labels every trigger its transitions fire with words, and nothing else; the refusals say
    them ("Cannot withdraw the update of a shipping order ..."), never the trigger's name."""
    spec = SPECS[machine]
    triggers = {t["trigger"] for t in spec["transitions"]}
    labels = {name: said["label"] for name, said in spec["triggers"].items()}
    assert set(labels) == triggers
    for trigger, said in labels.items():
        assert PHRASE.fullmatch(said), (machine, trigger, said)
        assert lifecycle(machine).action(trigger) == said
    # Two acts of one machine never read alike.
    assert len(set(labels.values())) == len(labels), labels


def test_a_trigger_added_without_its_words_is_refused_at_load() -> None:
    spec = copy.deepcopy(SPECS["shipping_order"])
    spec["transitions"].append(
        {"trigger": "put_on_hold", "source": ["submitted"], "dest": "submitted", "actor": "staff"}
    )
    no_label = r"shipping_order\.json: trigger put_on_hold has no label$"
    with pytest.raises(TriggerLabelsMissing, match=no_label):
        build(spec)
    spec["triggers"]["put_on_hold"] = {"label": "put_on_hold"}
    with pytest.raises(TriggerLabelsMissing, match="'put_on_hold' is not a phrase of lower-case words"):
        build(spec)
    spec["triggers"]["put_on_hold"] = {"label": "put on hold"}
    with pytest.raises(TriggerLabelsMissing, match=r"trigger put_on_hold has no labelFa$"):
        build(spec)
    spec["triggers"]["put_on_hold"]["labelFa"] = "نگه داشتن"
    assert build(spec).action("put_on_hold") == "put on hold"
    del spec["labelFa"]
    with pytest.raises(TriggerLabelsMissing, match=r"the file has no labelFa \(its thing's Persian name\)$"):
        build(spec)
    spec["labelFa"] = "دستور حمل"
    del spec["transitions"][-1]
    with pytest.raises(TriggerLabelsMissing, match="label for put_on_hold, which no transition fires"):
        build(spec)


@pytest.mark.parametrize(
    ("machine", "trigger", "state", "actor", "said"),
    [
        (
            "shipping_order",
            "cancel_update",
            "submitted",
            "customer",
            "Cannot withdraw the update of a shipping order in state submitted (0)",
        ),
        (
            "rate_request",
            "accept_price",
            "rejected_by_client",
            "customer",
            "Cannot accept the price of a rate request in state rejected_by_client (6)",
        ),
        ("shipping_order", "cancel_update", "update_received", "staff", None),
        ("shipping_order", "accept", "submitted", "customer", "A customer may not accept a shipping order"),
    ],
)
def test_a_refusal_says_the_trigger_s_words(
    machine: str, trigger: str, state: str, actor: str, said: str | None
) -> None:
    with pytest.raises((IllegalTransition, Forbidden)) as refused:
        lifecycle(machine).decide(trigger, state, actor, lifecycle(machine).every_guard)
    if said is None:  # the wrong actor; staff are not counted ("A staff may not" was wrong)
        assert refused.value.description == "Staff may not withdraw the update of a shipping order"
    else:
        assert refused.value.description == said
