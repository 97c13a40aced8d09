"""Notifications context: messages to customers created by a policy from other contexts' events."""
