"""Spanish-aware search: the site's index enriched at build time, and the same ranking in the terminal."""
