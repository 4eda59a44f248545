"""Simulated players and test helpers, for the demo, the benches and the tests: never
imported by the device (tests/test_house_arrows.py holds it). ``coda``: a simulated Coda
table (device pool); ``entered``, ``table_pool``: the other pool modes' players;
``table_pool_hands``: hands that play the table pool in tests; ``mastermind``: a Mastermind
table; ``testing``: a fake clock, a record in memory and hands that press buttons."""
