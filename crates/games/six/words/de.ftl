# Die eigenen Worte von Six (Deutsch). Jeder Schlüssel hat seinen
# englischen Zwilling in en.ftl; docs/glossary.md nennt die Wörter beider.
# Eine Zelle wird q,r geschrieben ($cell); $formation ist line (Linie),
# triangle (Dreieck) oder circle (Kreis).

## Das Spiel

game-name = Six

## Die Seiten (describe.rs)

colour-red = Rot
colour-black = Schwarz
# Die Buchstaben, mit denen die Zeichnung die Steine jeder Seite schreibt.
letter-red = R
letter-black = S
# Ein Spieler ohne Namen einer Person, in der Zeichnung.
seat = Spieler { $n }

## Züge in Worten (describe.rs, action)

action-place = einen Stein auf { $cell } setzen
action-place-six = einen Stein auf { $cell } setzen und { $formation ->
    [line] eine Linie
    [triangle] ein Dreieck
   *[circle] einen Kreis
 } bilden
action-replace = den aufgenommenen Stein auf { $cell } setzen
action-replace-six = den aufgenommenen Stein auf { $cell } setzen und { $formation ->
    [line] eine Linie
    [triangle] ein Dreieck
   *[circle] einen Kreis
 } bilden
action-lift = den Stein auf { $cell } aufnehmen
action-lift-split = den Stein auf { $cell } aufnehmen und das Feld teilen
action-keep = den Teil mit { $cell } behalten, die übrigen Teile werden geschlagen
action-pass = passen (jeder eigene Stein hält das Feld zusammen)

## Wie eine Partie endete (game.rs, GameResult::describe); $winner und $loser sind Farben

result-six = { $winner } gewinnt: { $name } bildet { $formation ->
    [line] eine Linie
    [triangle] ein Dreieck
   *[circle] einen Kreis
 }
result-starved = { $winner } gewinnt: { $loser } hat weniger als sechs Steine
result-both-starved = unentschieden: beide Seiten haben weniger als sechs Steine
result-repetition = unentschieden: Stellungswiederholung
result-move-limit = unentschieden: Zuggrenze der zweiten Runde erreicht

## Das Protokoll (log.rs): ein Eintrag je ganzem Zug

log-place = { $name } setzt einen Stein auf { $cell }
log-move = { $name } setzt den Stein von { $from } auf { $to }
log-lift = { $name } nimmt den Stein auf { $cell } auf
# Nach einem Komma an einen Zug angefügt, einmal je geschlagener Farbe.
log-captured = schlägt { $count } × { $colour }
log-pass = { $name } passt

## Die Zeichnung (describe.rs, draw und header)

draw-axes = Zeilen r links, Spalten q oben und unten (sie laufen schräg nach rechts unten); Zelle = q,r
# Die Legende: die Buchstaben der Steine, dann die Zeichen der Zeichnung.
legend-stones = { $red } = Rot, { $black } = Schwarz
legend-marks = . = hier darf ein Stein hin
legend-lifted = ~ = hier wurde der Stein aufgenommen
# $red-points, $black-points: die Matchpunkte der Seiten (halbe für Unentschieden).
header-match = Match: Partie { $game } von { $games }, Punkte { $red } { $red-points }, { $black } { $black-points }
header-result = Partie { $game }: { $result }
header-over-won = Ende: { $winner } gewinnt.
header-over-drawn = Ende: unentschieden.
# $colour: die Seite am Zug; $name: ihre Person oder ihr Spieler.
header-mover = { $colour } ({ $name }) ist am Zug
header-second-round = Zweite Runde, Zug { $move } von höchstens { $limit }: { $mover }: { $task }.
header-first-round = Erste Runde: { $mover }: { $task }.
header-stones = Steine im Spiel (geschlagen): { $red } { $red-stones } ({ $red-captured }), { $black } { $black-stones } ({ $black-captured })
# $supplies: der Vorrat jedes Spielers, wie supply-seat ihn sagt.
header-supply = Vorrat: { $supplies }
supply-seat = { $name } ({ $colour }) { $stones }
task-place = einen Stein aus dem Vorrat setzen
task-lift = einen eigenen Stein aufnehmen
task-keep = das Feld ist in gleich große Teile zerfallen: wähle den Teil, der bleibt
task-replace = den von { $cell } aufgenommenen Stein auf ein markiertes Feld setzen
task-wait = warten
