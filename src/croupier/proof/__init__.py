"""Proof anyone can check (issue 28; docs/proof.md): the verifiable shoe's protocol."""
