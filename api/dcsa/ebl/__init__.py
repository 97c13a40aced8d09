"""/v3: the provider side of DCSA Bill of Lading 3.0.3 (shipping instructions, transport documents)."""
