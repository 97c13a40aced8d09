"""The wire contract: pydantic request and response models, one module per URL area.

The portal's own shapes are built on `wire_model.WireModel`: Python names, their keys generated (camelCase,
or the specification's spelling from api/mapping.py's tables: the one place the misspellings are written).
Answers the server makes by Python names derive from `WireAnswer`; bodies are read by their wire keys only.
The DCSA standard's own shapes (`dcsa_*`, `tnt`, `commercial_schedules`) keep the standard's names as
attribute names. Responses are declared for the OpenAPI document; hot reads still answer with pre-encoded
bodies (`api/edge/envelope.py`) whose keys the presenters write, and the schemathesis test checks that those
bodies conform.
"""
