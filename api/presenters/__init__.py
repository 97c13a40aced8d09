"""From the read models to the wire: shape read-model rows and records into the response models'
JSON (`api/schemas/`), one module per URL area. No query here: what a presenter needs, the query read."""
