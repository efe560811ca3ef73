"""Game records: mjai and Tenhou readers and writers, and replay through the engine."""
