"""The tools the model may call: the registry, the argument models, the read and write handlers."""
