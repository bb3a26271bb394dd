"""The online table runtime (PT online regulation 812/2015): seats, betting window, limits,
sessions, inactivity and faults around any game that follows the table protocol; transport-
agnostic (the server streams its events) and using the store through a small interface."""
