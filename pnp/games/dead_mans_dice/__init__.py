"""Dead Man's Dice: piles of dice and plunder; its score pad."""
