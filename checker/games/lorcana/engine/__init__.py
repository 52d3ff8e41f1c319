"""The Lorcana checker: game state, legal plays, keyword interactions; verdicts cite rule IDs."""
