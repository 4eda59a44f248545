"""The edges: buttons or keyboard to intents, the buzzer, the seat LEDs."""
