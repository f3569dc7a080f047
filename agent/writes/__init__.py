"""The write path: targets, times, confirmations, the store call and the pending command."""
