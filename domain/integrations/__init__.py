"""Integrations: how a customer's own systems reach the portal (API keys) and hear from it (webhooks)."""
