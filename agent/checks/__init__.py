"""The reply checks: what a reply may say, checked against facts (persisted writes, this turn's reads, the guidance code gave the model) before it leaves the turn."""
