# 6-Tage Rennen's words (English). Each key has its German twin in de.ftl;
# docs/glossary.md names the terms both use. The special spaces keep their
# German names, Fahrerwechsel and Sturz, with the English in brackets.

## The game

game-name = 6-Tage Rennen (six-day race)

## Words said in more than one place

# A seat where no person's name is known, with its rider's letter.
seat = Seat { $n } ({ $letter })
# A place across a line: 1st, 2nd, 3rd, 4th… (eight riders at most).
ordinal = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
 }
# A card played: the rider's move before any slipstream.
plays = { $name } plays { $value }: { $from } → { $landing }
across-the-line = across the line
fahrerwechsel = Fahrerwechsel (driver change)
sturz = Sturz (fall): misses the next turn
# Race points: whole ("5"), or mixed ("2 1/2").
points = { $points ->
    [one] { $points } point
   *[other] { $points } points
 }

## The view drawn for the terminal (describe.rs)

view-title = 6-Tage Rennen · race { $race }/{ $races } · { $track } ({ $length } spaces)
view-over = The series is over.
view-change = { $name }: Fahrerwechsel (driver change), draws { $high } from 4–6, { $low } from 1–3
view-to-move = { $name }: to move
# $riders: their letters, or "-" for none.
view-last-round = Last round, still to ride once more: { $riders }
view-order = Turn order: { $riders }
view-piles = Grey piles: 1–3: { $low }, 4–6: { $high }
track-legend = . space   | sprint line   F Fahrerwechsel (driver change)   S Sturz (fall)   letters: riders
track-start = Start
track-finish = Finish
# A sprint line: how many riders crossed it, and the points for the next.
track-sprint = after { $line }: { $crossed } across, next gets { $next }
track-sprints = Sprints: { $sprints }
# The riders' table: its columns' headings, and each rider's status.
column-rider = rider
column-position = pos
column-to-go = to go
column-cards = cards
column-points = points
column-status = hand / status
status-hand = hand: { $cards }
# $place: an ordinal, "1st".
status-placed = { $place } across the line
status-changed = grey cards (driver changed)
status-fell = fell: misses the next turn
status-no-cards = no cards: passes
score-sheet = Score sheet: points (laps down)
score-race = race { $race }
score-total = total

## Actions in words (describe.rs)

action-draw = { $name } draws a grey card from the pile { $pile }
# The slipstream after plays: the card's value times the riders it met.
move-slipstream = slipstream { $value }×{ $riders } = +{ $bonus } → { $to }

## The log (log.rs)

log-slipstream = slipstream behind { $riders ->
    [one] { $riders } rider
   *[other] { $riders } riders
 } +{ $bonus } → { $to }
# $place: an ordinal, "1st".
crossing-sprint = { $place } across the sprint line after { $line }
crossing-finish = { $place } across the finish
change = Fahrerwechsel (driver change): { $discarded ->
    [0] draws
   *[other] discards { $discarded } green cards, draws
 } { $high } from 4–6 and { $low } from 1–3
laps-down = { $laps ->
    [one] { $laps } lap down
   *[other] { $laps } laps down
 }
# $placings: each rider by place, "1st Hanna, 5 points", joined by semicolons.
race-over = Race { $race } is over: { $placings }
race-over-last = Race { $race } is over: { $placings }. The series is over
