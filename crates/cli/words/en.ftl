# The command line's own words (English). Each key has its German twin in
# de.ftl; docs/glossary.md names the terms both use.

seat = seat { $n }
chance = chance

result = Result:
result-line = { $name }: score { $score }, rank { $rank }
draw = Draw.
winners = Winner: { $names }.

record-saved = Record saved to { $path }
seats-heading = { $game } — seats:
seed-line = Seed { $seed } (--seed plays this game again)
together = Everyone at once, cards covered: { $names }.
together-ask = who acts? your seat number(s), or Enter for nobody (quit)
cannot-act = cannot act now: { $word }
pass-to = Pass to { $name }. Press Enter to see your cards.
since-last-turn = Since your last turn:
your-move = { $name } — your move:
move-ask = number or notation (help, view, quit)
game-left = Game left ({ $actions ->
    [one] 1 action
   *[other] { $actions } actions
 }).
input-ended = Input ended; game left unfinished ({ $actions ->
    [one] 1 action
   *[other] { $actions } actions
 }).

replay-start = start
replay-ends-early = The record ends before the game does.
replay-ask = [Enter] next, b back, NUMBER jump, q quit >

games-seats = { $name } (seats { $seats })
games-none = No games are registered.
option-file = FILE
option-text = text
option-at-most = at most { $max }
option-follows = default: follows { $key }
option-default = default { $value }
