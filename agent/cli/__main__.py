"""``python -m agent.cli``: the same command line as ``kairos``."""

from agent.cli import main

main()
