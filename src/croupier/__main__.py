"""``python -m croupier``: the same command line as ``croupier``."""

from croupier.cli import main

main()
