"""The browser client, served by ``croupier serve`` (static files)."""
