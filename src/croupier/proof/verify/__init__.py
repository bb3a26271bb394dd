"""``croupier verify``: an export checked by code apart from the code that made it (issue 28,
item 3; docs/proof.md). Independent: the shoe's derivation (order.py), each game's deal, tableau
and main payouts (*_check.py), the books (books.py). Shared with the engines: replay.py."""
