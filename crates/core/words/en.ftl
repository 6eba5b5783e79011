# The contract's own words (English): how a seat is called where no
# person's name is known, and the log's words for chance and for what a
# viewer may not see. Each key has its German twin in de.ftl.

seat = Seat { $n }
chance = Chance
hidden = hidden
