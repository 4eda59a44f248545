"""The games themselves. Pure: no screen, no pins, no clock and no randomness of its own."""
