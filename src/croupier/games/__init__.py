"""Games: one package per game, each a pure, deterministic round state machine."""
