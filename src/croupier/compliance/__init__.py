"""The compliance matrix: every article and numbered paragraph of the regulations croupier
implements, the code that implements it and the tests that check it (``croupier compliance``)."""
