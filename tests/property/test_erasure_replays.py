"""Any history with any erasures replays to read models equal to the live ones.

A customer's data opens as "erased person" once their keys are destroyed; the live read models are rewritten
at that moment (projections/erasure.py). Whatever came before and after, a replay of the whole store must
build exactly the live tables."""

from __future__ import annotations

import tempfile
from pathlib import Path
from uuid import UUID

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.accounts.account import INDIVIDUAL, Account
from domain.accounts.application import AccountsApplication
from domain.booking.address_book import AddressBookEntry, PartyEntryDraft
from domain.shared.actor import SYSTEM_ACTOR
from followers.follower import Follower
from infrastructure.event_store import SharedStore
from infrastructure.read_db import SqliteReadModels
from projections.erasure import rewrite_as_replayed
from projections.rebuild import rebuild
from projections.registry import READ_MODELS, applier, ensure_schema
from projections.verify import compare
from tests.corpus import LONG_ADDRESSES, PERSIAN_PEOPLE, ZAHRA_HOSSEINI

NAMES = [name for person in PERSIAN_PEOPLE for name in person] + [ZAHRA_HOSSEINI[1]]
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["open", "party", "profile", "erase"]),
        st.integers(min_value=0, max_value=2),
        st.sampled_from(NAMES),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(STEPS)
def test_any_history_with_erasures_replays_to_the_live_read_models(steps: list[tuple[str, int, str]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        store = SharedStore(
            {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(work / "e.db")}
        )
        live = SqliteReadModels(work / "live.db")
        ensure_schema(live)
        follower = Follower(READ_MODELS, store, live, applier(), batch_size=5)
        accounts = AccountsApplication(store)
        opened: dict[int, UUID] = {}
        erased: set[int] = set()
        scratch_number = 0
        try:
            for action, who, name in steps:
                if who not in opened:
                    profile = {
                        "firstName": name,
                        "email": f"person{who}@example.ir",
                        "address": LONG_ADDRESSES[0],
                    }
                    account = Account.open(f"customer-{who}", INDIVIDUAL, [], profile, SYSTEM_ACTOR)
                    accounts.save(account)
                    opened[who] = account.id
                elif action == "party":
                    draft = PartyEntryDraft(
                        name=name, address=LONG_ADDRESSES[1], email=f"party{who}@example.de"
                    )
                    accounts.save(AddressBookEntry.save(str(opened[who]), draft, SYSTEM_ACTOR))
                elif action == "profile":
                    customer = accounts.customer(opened[who])
                    customer.update_profile({"lastName": name}, f"edit-{who}", SYSTEM_ACTOR)
                    accounts.save(customer)
                elif action == "erase" and who not in erased:
                    accounts.erase_personal_data(opened[who], "erasure asked for", SYSTEM_ACTOR)
                    erased.add(who)
                    follower.poke()
                    follower.catch_up()
                    store.vault.destroy(str(opened[who]))
                    scratch_number += 1
                    scratch = SqliteReadModels(work / f"scratch-{scratch_number}.db")
                    try:
                        assert rewrite_as_replayed(store, live, scratch).unreplayed == 0
                    finally:
                        scratch.close()
                follower.poke()
                follower.catch_up()
            rebuilt = SqliteReadModels(work / "rebuilt.db")
            try:
                rebuild(store, rebuilt, parallel=False)
                assert compare(live, rebuilt) == []
            finally:
                rebuilt.close()
        finally:
            live.close()
            store.close()
