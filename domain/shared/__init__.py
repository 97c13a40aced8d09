"""Shared kernel of the bounded contexts: actors, errors, lifecycles, event-store wiring."""
