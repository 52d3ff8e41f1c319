"""The site: MkDocs hooks that render the vault (wikilinks, anchors, symbols, backlinks)."""
