"""Analysis: exact probabilities and house edges, PAR sheets, the shoe monitor."""
