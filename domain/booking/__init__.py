"""Booking context: rate requests, shipping orders, uploaded files and their reference data."""
