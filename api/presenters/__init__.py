"""Presenters: read-model rows shaped into the wire's response models (keys as `api/schemas/` declares them).

Projections store and query rows in the read models' own column names; only this layer knows the wire's keys.
They build plain dicts (not pydantic instances) on purpose: the hot reads render them in one encoding pass
(`api/envelope.py`); the schemathesis test checks they conform to the declared models.
"""
