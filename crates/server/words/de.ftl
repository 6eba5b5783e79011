# Die eigenen Worte des Servers (Deutsch). Jeder Schlüssel hat seinen
# englischen Zwilling in en.ftl; docs/glossary.md nennt die Begriffe beider.

# Ein Bot, wie der Tisch ihn nennt, nach seiner Sitzangabe (kindWord im Browser).
bot-random = Bot: zufällig
bot-heuristic = Bot: Faustregeln
bot-easy = Bot: Leicht
bot-medium = Bot: Mittel
bot-hard = Bot: Schwer
bot-search = Bot ({ $spec })

# Der Wert einer Ja-Nein-Option in der Lobby.
option-on = an
option-off = aus
