"""Read models built from the event store, the followers that keep them current, rebuild and verify."""
