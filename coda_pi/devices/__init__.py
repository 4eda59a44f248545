"""The edges: buttons or keyboard to intents, the buzzer, the seat LEDs, and the console's
keyboard waking the loop (``input_watch``)."""
