"""The player protection an online operator owes its players (issue 29; docs/player-protection.md):
self-exclusion and time-outs, each rule as the law writes it, pure and tested at its
boundaries; the store keeps them with their history, the server enforces them."""
