"""What code says to the user: sentences, receipts, times, free slots."""
