"""The e-mails a shipper expects: one template per kind (templates.py), rendered as plain text and HTML."""
