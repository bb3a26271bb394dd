"""The API's routes, one router per resource (issue 27(5)): the pages, players and their
accounts, tables, rounds (recall and history), sessions and statements, and the operator's
books and cluster. ``server/app.py`` puts them together."""
