# Six's own words (English). Each key has its German twin in de.ftl;
# docs/glossary.md names the terms both use. A cell is written q,r ($cell);
# $formation is line, triangle or circle.

## The game

game-name = Six

## The sides (describe.rs)

colour-red = red
colour-black = black
# The letters the drawing writes each side's stones with.
letter-red = R
letter-black = B
# A seat without a person's name, in the drawing.
seat = seat { $n }

## Actions in words (describe.rs, action)

action-place = place a stone on { $cell }
action-place-six = place a stone on { $cell } and form { $formation ->
    [line] a line
    [triangle] a triangle
   *[circle] a circle
 }
action-replace = put the lifted stone on { $cell }
action-replace-six = put the lifted stone on { $cell } and form { $formation ->
    [line] a line
    [triangle] a triangle
   *[circle] a circle
 }
action-lift = lift the stone on { $cell }
action-lift-split = lift the stone on { $cell }, splitting the field
action-keep = keep the part with { $cell }; the other parts are captured
action-pass = pass (every stone of yours holds the field together)

## How a game ended (game.rs, GameResult::describe); $winner and $loser are colours

result-six = { $winner } wins: { $name } formed { $formation ->
    [line] a line
    [triangle] a triangle
   *[circle] a circle
 }
result-starved = { $winner } wins: { $loser } has fewer than six stones
result-both-starved = draw: both sides have fewer than six stones
result-repetition = draw: the position repeated
result-move-limit = draw: second-round move limit reached

## The log (log.rs): an entry per whole move

log-place = { $name } places a stone on { $cell }
log-move = { $name } moves the stone from { $from } to { $to }
log-lift = { $name } lifts the stone on { $cell }
# Added to a move after a comma, once per colour captured.
log-captured = capturing { $count ->
    [one] 1 { $colour } stone
   *[other] { $count } { $colour } stones
 }
log-pass = { $name } passes

## The drawing (describe.rs, draw and header)

draw-axes = rows r on the left, columns q above and below (they run diagonally down to the right); cell = q,r
# The legend: the stones' letters, then the marks the drawing shows.
legend-stones = { $red } = red, { $black } = black
legend-marks = . = where a stone may go
legend-lifted = ~ = where the stone was lifted from
# $red-points, $black-points: the sides' match points (halves for draws).
header-match = Match: game { $game } of { $games }, points { $red } { $red-points }, { $black } { $black-points }
header-result = Game { $game }: { $result }
header-over-won = Over: { $winner } wins.
header-over-drawn = Over: a draw.
# $colour: the side to move; $name: its person, or its seat.
header-mover = { $colour } ({ $name }) to move
header-second-round = Second round, move { $move } of at most { $limit }: { $mover }: { $task }.
header-first-round = First round: { $mover }: { $task }.
header-stones = Stones in play (captured): { $red } { $red-stones } ({ $red-captured }), { $black } { $black-stones } ({ $black-captured })
# $supplies: each seat's stones in supply, as supply-seat says them.
header-supply = Supply: { $supplies }
supply-seat = { $name } ({ $colour }) { $stones }
task-place = place a stone from your supply
task-lift = lift one of your stones
task-keep = the field fell into equal parts: choose the part that stays
task-replace = put the stone lifted from { $cell } on a marked cell
task-wait = wait
