# 6-Tage Rennen's words (German). Each key has its English twin in en.ftl;
# docs/glossary.md names the terms both use.

## The game

game-name = 6-Tage Rennen

## Words said in more than one place

seat = Spieler { $n } ({ $letter })
ordinal = { $n }.
plays = { $name } spielt { $value }: { $from } → { $landing }
across-the-line = im Ziel
fahrerwechsel = Fahrerwechsel
sturz = Sturz: setzt einmal aus
points = { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
 }

## The view drawn for the terminal (describe.rs)

view-title = 6-Tage Rennen · Rennen { $race }/{ $races } · { $track } ({ $length } Felder)
view-over = Die Serie ist beendet.
view-change = { $name }: Fahrerwechsel, zieht { $high } von 4–6, { $low } von 1–3
view-to-move = { $name }: ist am Zug
view-last-round = Letzte Runde, noch einmal dran: { $riders }
view-order = Reihenfolge: { $riders }
view-piles = Graue Stapel: 1–3: { $low }, 4–6: { $high }
track-legend = . Feld   | Sprintlinie   F Fahrerwechsel   S Sturz   Buchstaben: Fahrer
track-start = Start
track-finish = Ziel
track-sprint = nach { $line }: { $crossed } durch, nächster erhält { $next }
track-sprints = Sprints: { $sprints }
column-rider = Fahrer
column-position = Pos
column-to-go = Rest
column-cards = Karten
column-points = Punkte
column-status = Hand / Stand
status-hand = Hand: { $cards }
status-placed = { $place } im Ziel
status-changed = graue Karten (Fahrerwechsel)
status-fell = gestürzt: setzt einmal aus
status-no-cards = keine Karten: passt
score-sheet = Wertung: Punkte (Runden Rückstand)
score-race = Rennen { $race }
score-total = gesamt

## Actions in words (describe.rs)

action-draw = { $name } zieht eine graue Karte vom Stapel { $pile }
move-slipstream = Windschatten { $value }×{ $riders } = +{ $bonus } → { $to }

## The log (log.rs)

log-slipstream = Windschatten hinter { $riders ->
    [one] { $riders } Fahrer
   *[other] { $riders } Fahrern
 } +{ $bonus } → { $to }
crossing-sprint = als { $place } über die Sprintlinie nach { $line }
crossing-finish = als { $place } im Ziel
change = Fahrerwechsel: { $discarded ->
    [0] zieht
   *[other] wirft { $discarded } grüne Karten ab, zieht
 } { $high } von 4–6 und { $low } von 1–3
laps-down = { $laps ->
    [one] { $laps } Runde Rückstand
   *[other] { $laps } Runden Rückstand
 }
race-over = Rennen { $race } ist beendet: { $placings }
race-over-last = Rennen { $race } ist beendet: { $placings }. Die Serie ist beendet
