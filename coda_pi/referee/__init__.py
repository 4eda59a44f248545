"""The table-side application: what the device is doing now, button intents in, events out."""
