"""kairos: agent."""
