"""Pure reference engines (standard library only) that compute rulebook examples and odds."""
