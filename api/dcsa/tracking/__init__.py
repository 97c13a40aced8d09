"""DCSA Track & Trace 3.0 on `/v3/events`: its routes and models."""
