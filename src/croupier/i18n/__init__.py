"""The players' languages (issue 29, items 1-4; docs/translating.md): Portuguese (pt-PT),
Traditional Chinese (zh-Hant, as used in Macau) and English.

A message croupier says is a :class:`~croupier.i18n.message.Msg`: its English text, its key
(the English template, as gettext's msgid) and its parameters. The catalogues
(``catalogues/{language}.json``, one per language, shared by the server and the browser) give
each key's text in each language; :func:`~croupier.i18n.catalogue.translate` writes a message in
one, amounts and numbers the locale's way."""
