"""Dice Arena: throw, match and capture; its arena mat and score pad."""
