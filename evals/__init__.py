"""kairos: evals."""
