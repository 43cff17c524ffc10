"""Gang of Dice: warning cards (predicates, sentences, the card sheet), rounds and pools."""
