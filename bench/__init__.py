"""On-demand benchmarks (``make bench``); figures are reported in notes, never asserted in tests."""
