"""DCSA Commercial Schedules 1.0 on `/v1`: its routes and models."""
