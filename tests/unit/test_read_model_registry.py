"""A read model left out of `projections.modules.MODULES` would have no table and no follower: every
`Projection` a module of `projections/` holds must be one the registry lists (a module may import another's,
as the fresh answers' preview does), and every listed module must declare one."""

from __future__ import annotations

import importlib
import pkgutil

import projections
from projections.modules import MODULES
from projections.projection import Projection
from projections.registry import all_projections


def _held() -> dict[str, Projection]:
    found = {}
    for module in pkgutil.walk_packages(projections.__path__, prefix="projections."):
        held = getattr(importlib.import_module(module.name), "projection", None)
        if isinstance(held, Projection):
            found[module.name] = held
    return found


def test_every_read_model_a_module_declares_is_registered() -> None:
    held = _held()
    assert "projections.booking.handlers" in held  # the walk reaches the subpackages
    registered = [id(projection) for projection in all_projections()]
    assert {name for name, projection in held.items() if id(projection) not in registered} == set()
    assert set(MODULES) <= set(held)


def test_each_read_model_is_registered_once() -> None:
    assert len({id(projection) for projection in all_projections()}) == len(MODULES)


def test_every_read_model_has_a_handler() -> None:
    # A module whose table nothing fills (its `@projection.on` forgotten) would answer empty reads unseen.
    assert [projection.name for projection in all_projections() if not projection.handlers] == []
