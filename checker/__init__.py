"""reglas: rules knowledge base and compliance checker for tabletop card games."""

__version__ = "0.1.0"
