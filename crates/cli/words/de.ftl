# Die eigenen Worte der Kommandozeile (Deutsch). Jeder Schlüssel hat seinen
# englischen Zwilling in en.ftl; docs/glossary.md nennt die Begriffe beider.

seat = Spieler { $n }
chance = Zufall

result = Ergebnis:
result-line = { $name }: Punkte { $score }, Rang { $rank }
draw = Unentschieden.
winners = Gewonnen hat: { $names }.

record-saved = Partie gespeichert in { $path }
seats-heading = { $game } — Spieler:
seed-line = Startwert { $seed } (--seed spielt diese Partie noch einmal)
together = Alle zugleich, Karten verdeckt: { $names }.
together-ask = wer handelt? eigene Spielernummer(n), oder Enter für niemand (quit)
cannot-act = kann jetzt nicht handeln: { $word }
pass-to = Weitergeben an { $name }. Enter drücken, um die eigenen Karten zu sehen.
since-last-turn = Seit deinem letzten Zug:
your-move = { $name } — dein Zug:
move-ask = Nummer oder Notation (help, view, quit)
game-left = Partie verlassen ({ $actions ->
    [one] 1 Aktion
   *[other] { $actions } Aktionen
 }).
input-ended = Eingabe beendet; Partie nicht zu Ende gespielt ({ $actions ->
    [one] 1 Aktion
   *[other] { $actions } Aktionen
 }).

replay-start = Beginn
replay-ends-early = Die Partie endet vor dem Spielende.
replay-ask = [Enter] weiter, b zurück, ZAHL springen, q Ende >

games-seats = { $name } (Spieler { $seats })
games-none = Keine Spiele registriert.
option-file = DATEI
option-text = Text
option-at-most = höchstens { $max }
option-follows = Standard: folgt { $key }
option-default = Standard { $value }
