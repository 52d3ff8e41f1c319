"""Regression scenarios: files that pin a verdict (legal or not, with rule IDs) and the state after a play."""
