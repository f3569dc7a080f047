"""kairos: schedule_time."""
