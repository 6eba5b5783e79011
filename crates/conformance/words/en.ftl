# The conformance kit's own words (English): those of Kuhn poker, the game
# it tests itself with. Each key has its German twin in de.ftl.

game-name = Kuhn poker
