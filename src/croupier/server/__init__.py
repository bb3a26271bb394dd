"""The online table server: HTTP + WebSocket API over the table runtime (FastAPI); no game
logic here (DESIGN.md)."""
