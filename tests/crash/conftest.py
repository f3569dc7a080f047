"""The ``crash`` marker (declared in pyproject.toml): tests that start and ``kill -9`` a real server
process (deselect with ``-m "not crash"``)."""
