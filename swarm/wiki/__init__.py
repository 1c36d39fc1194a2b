"""Local knowledge: reads the wiki. Pure and read-only: no model, no network."""
