"""Accounts context: registrations, customer and staff accounts, passwords, profile edit requests."""
