"""Name-based aggregate ids: a uniqueness rule becomes the store's optimistic concurrency."""

from __future__ import annotations

from uuid import UUID, uuid5

NAMESPACE = UUID("6f1d2c1e-5c39-4c53-9a8e-2f0d6b8a4e11")
# How many times one name may be given a new id (a login erased and made again): bounds every search.
GENERATIONS = 100


def name_based_id(kind: str, natural_key: str, generation: int = 0) -> UUID:
    """`generation` n > 0 names the n-th successor of the first id (a login made again under a name whose
    earlier logins were erased); generation 0 is the first id, as it always was."""
    named = f"{kind}/{generation}" if generation else kind
    return uuid5(NAMESPACE, f"{named}:{natural_key.strip()}")


def generation_of(aggregate_id: UUID | str, kind: str, natural_key: str) -> int | None:
    """The generation under which `natural_key` names `aggregate_id`, or None: another key, or one that
    reads erased."""
    wanted = UUID(str(aggregate_id))
    for generation in range(GENERATIONS):
        if name_based_id(kind, natural_key, generation) == wanted:
            return generation
    return None
