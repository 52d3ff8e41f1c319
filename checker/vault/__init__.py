"""The Obsidian vault: notes, wikilinks, their resolution, rule IDs and lint."""
