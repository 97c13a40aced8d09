"""Tracking: DCSA Track & Trace 3.0 events published about a booking after confirmation."""
