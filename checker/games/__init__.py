"""One subpackage per game; each exports ``GAME`` (see :mod:`checker.game`)."""
