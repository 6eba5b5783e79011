# Die eigenen Worte des Konformitätsbaukastens (Deutsch): die von
# Kuhn-Poker, dem Spiel, mit dem er sich selbst prüft. Jeder Schlüssel hat
# seinen englischen Zwilling in en.ftl.

game-name = Kuhn-Poker
