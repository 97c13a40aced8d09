"""The messaging policy claims a batch's message ids in one statement: only ids never claimed come back, an
id twice in one batch comes back once, and a claim rolled back with its batch can be claimed again."""

from __future__ import annotations

import pytest

from api.bootstrap import open_read_models
from api.settings import Settings
from domain.accounts.messages import EMAIL, SMS, Message
from policies.messaging import CLAIM_ROWS, SENT_MESSAGES_DDL, claim_message, claim_messages


def message(index: int, channel: str = EMAIL) -> Message:
    return Message(f"m{index}:1:{channel}", channel, "someone@example.com", "Subject", f"body {index}")


def test_a_batch_claims_only_what_was_never_claimed(settings: Settings) -> None:
    settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
    db = open_read_models(settings, path=settings.VAR_DIR / "read.db")
    try:
        with db.transaction() as tx:
            tx.execute(SENT_MESSAGES_DDL)
            assert claim_message(tx, message(1), 5)
        many = [(message(i), 10 + i) for i in range(CLAIM_ROWS + 20)]  # more than one statement holds
        with db.transaction() as tx:
            claimed = claim_messages(tx, [*many, (message(2), 99), (message(3, SMS), 7)])
        assert claimed == {m.id for m, _ in many if m.id != message(1).id} | {message(3, SMS).id}
        with db.transaction() as tx:
            assert claim_messages(tx, many) == set()
            assert tx.scalar("SELECT position FROM sent_messages WHERE id = ?", (message(2).id,)) == 12
        # A batch that fails after claiming rolls its claims back: the next run claims (and sends) them.
        with pytest.raises(RuntimeError), db.transaction() as tx:
            assert claim_messages(tx, [(message(9000), 1)]) == {message(9000).id}
            raise RuntimeError("the delivery port failed")
        with db.transaction() as tx:
            assert claim_messages(tx, [(message(9000), 1)]) == {message(9000).id}
    finally:
        db.close()
