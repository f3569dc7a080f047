"""kairos: storage."""
