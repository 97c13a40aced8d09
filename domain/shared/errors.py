"""The one error family of the domain. The API maps each kind to a status; the domain knows no HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from decimal import Decimal


class DomainError(Exception):
    """Base of every rule the domain refuses."""

    def __init__(self, description: str) -> None:
        super().__init__(description)
        self.description = description


class ValidationFailed(DomainError):
    """Input breaks a rule; `fields` maps each offending field to its message."""

    def __init__(self, fields: dict[str, str], description: str | None = None) -> None:
        self.fields = dict(fields)
        text = description or "; ".join(f"{name}: {message}" for name, message in self.fields.items())
        super().__init__(text)


class NotFound(DomainError):
    pass


class Forbidden(DomainError):
    pass


class Unauthorized(DomainError):
    pass


class AlreadyExists(DomainError):
    pass


class Conflict(DomainError):
    """Somebody else changed the same thing first. `price`: the price (per container) it stands at now, where
    a price given meanwhile is what changed (decision 3922)."""

    def __init__(self, description: str, price: Decimal | None = None) -> None:
        super().__init__(description)
        self.price = price


class KeyReused(DomainError):
    """A client's idempotency key, sent again with a different request than the one it first came with:
    refused, and nothing recorded (the first request stands)."""


# Nouns of a body of people, not counted: "Staff may not ...", never "A staff may not ...".
UNCOUNTED = frozenset({"staff"})


def a_thing(noun: str) -> str:
    """`noun` as a refusal names one of it, its article chosen by its first sound: "a shipping order", "an API
    key", "staff" (decision 3841). Both the 409 and the 403 of a lifecycle say their nouns through here."""
    if noun in UNCOUNTED:
        return noun
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


class IllegalTransition(DomainError):
    """`trigger` may not fire from `state`. `action` is its words with the machine's thing as their object
    (a lifecycle file's label for it: "withdraw the update of"); without them the trigger is said as it is,
    so it must be words already ("revoke"). `noun` names the thing where its id does not read as its name
    ("API key"; contract/refusal-words.json, decision 3847)."""

    def __init__(
        self,
        machine: str,
        state: str,
        trigger: str,
        code: int | None = None,
        *,
        action: str | None = None,
        noun: str | None = None,
    ) -> None:
        self.machine = machine
        self.state = state
        self.trigger = trigger
        self.code = code
        self.action = action or trigger
        shown = f"{state} ({code})" if code is not None else state
        thing = noun or machine.replace("_", " ")
        super().__init__(f"Cannot {self.action} {a_thing(thing)} in state {shown}")


class DecidedFirst(IllegalTransition):
    """A decision refused because someone decided the thing first: the lifecycle's refusal (or a refusal of
    acting on what was decided meanwhile, a `Conflict` such as a price quoted since, with the `machine`, the
    `state` and the `trigger` it refused), with who decided (`decided_by`, an actor id) and when, and a price
    decided meanwhile (`price`, the `Conflict`'s). The domain words it as the refusal does; the edge may name
    the person to staff (decisions 3911, 3916, 3922)."""

    def __init__(
        self,
        refusal: DomainError,
        decided_by: str,
        decided_at: datetime,
        meanwhile: tuple[str, str, str] | None = None,
    ) -> None:
        if isinstance(refusal, IllegalTransition):
            super().__init__(
                refusal.machine, refusal.state, refusal.trigger, refusal.code, action=refusal.action
            )
        else:
            assert meanwhile is not None, "a refusal that is no lifecycle's names what it refused"
            super().__init__(*meanwhile)
        self.args = refusal.args
        self.description = refusal.description
        self.decided_by = decided_by
        self.decided_at = decided_at
        self.price = refusal.price if isinstance(refusal, Conflict) else None


@contextmanager
def decided_first(
    decided_by: str | None, decided_at: datetime | None, meanwhile: tuple[str, str, str] | None = None
) -> Iterator[None]:
    """A lifecycle's refusal of a decision on a thing decided already, said with who decided it and when;
    nothing changes where no decision is known (a thing never decided, or refused for another reason).
    `meanwhile` (the machine, the state decided and the trigger refused): a `Conflict` raised inside is such a
    refusal too (what was decided meanwhile differs from what the caller read)."""
    try:
        yield
    except DecidedFirst:
        raise
    except IllegalTransition as refusal:
        if decided_by is None or decided_at is None:
            raise
        raise DecidedFirst(refusal, decided_by, decided_at) from None
    except Conflict as refusal:
        if decided_by is None or decided_at is None or meanwhile is None:
            raise
        raise DecidedFirst(refusal, decided_by, decided_at, meanwhile) from None


class TooManyAttempts(DomainError):
    def __init__(self, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.retry_after = retry_after
