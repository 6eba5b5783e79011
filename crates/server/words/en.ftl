# The server's own words (English). Each key has its German twin in de.ftl;
# docs/glossary.md names the terms both use.

# A bot as the table calls it, by its seat spec (the browser's kindWord).
bot-random = Bot: random
bot-heuristic = Bot: rules of thumb
bot-easy = Bot: Easy
bot-medium = Bot: Medium
bot-hard = Bot: Hard
bot-search = Bot ({ $spec })

# A yes-or-no option's value in the lobby.
option-on = on
option-off = off
