"""The wire contract: pydantic request and response models, one module per URL area.

Field names here are the wire's keys (the specification's camelCase and its misspellings), except in the
models built on `wire_model.WireModel` (the rate request and shipping order shapes): those have Python names
and generate their keys, the misspellings coming from api/mapping.py's tables. The rest of the code uses the
correct words. Responses are declared for the OpenAPI document; hot reads still answer with
pre-encoded bodies (`api/envelope.py`), and the schemathesis test checks that those bodies conform.
"""
