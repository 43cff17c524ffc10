"""Dicemants: press-your-luck in a diamond mine; rules schema, pure engine, narration, examples, odds, sheets."""
