"""The wire contract: pydantic request and response models, one module per URL area.

Field names here are the wire's keys (the specification's camelCase and its misspellings); the rest of the
code uses the correct words. Responses are declared for the OpenAPI document; hot reads still answer with
pre-encoded bodies (`api/envelope.py`), and the schemathesis test checks that those bodies conform.
"""
