"""Blackjack: Macau (Despacho 56/2004 as amended by Despacho 42/2007)."""
