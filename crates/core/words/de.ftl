# Die eigenen Worte des Vertrags (Deutsch): wie ein Spieler heißt, dessen
# Namen niemand kennt, und die Worte des Protokolls für den Zufall und für
# das, was ein Betrachter nicht sehen darf. Jeder Schlüssel hat seinen
# englischen Zwilling in en.ftl.

seat = Spieler { $n }
chance = Zufall
hidden = verdeckt
