"""The turn: gates, prompt, the model loop, its state and telemetry."""
