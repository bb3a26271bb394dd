"""A fourth game written only here, in the tests (issue 27): "high card", Dragon against
Tiger, one card each. It is what docs/adding-a-game.md promises a new game is: its rules, a
deal and a settlement on croupier's shared round machinery, and a spec; registered with
``CROUPIER_GAMES=tests.minigame.spec`` (or ``registry.register``), with no file under ``src/``
edited, and played by the CLI, the server, the browser and the random-play tests."""
