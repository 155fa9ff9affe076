### The game's words in English (Project Fluent: https://projectfluent.org/fluent/guide/).
### Every message here is in every other catalog (locale/*.ftl) with the same variables:
### tests/test_words.py checks it. The code names a message by its group and name with dots
### ("reason.expert.drive"); its id here has dashes ("reason-expert-drive"). A "## group" line
### starts each group.

# A side the table has not named, counted from 1.
side = side { $number }

# An action as an option weighed against another ("against 57% for discarding 50 km").
## option
option-play = playing { $card }
option-drive = driving { $card }
option-attack = attacking { $side } with { $card }
option-discard = discarding { $card }
option-coup-fourre = calling coup-fourré
option-decline = letting the attack pass
option-extend = extending the race to 1000
option-finish = stopping the race here

# The cards' names (millebornes.words.card_name). A catalog whose sentences need a card with its
# article gives it as the attributes .indefinite and .definite (see fr.ftl); a sentence asks for
# them with INDEFINITE($card) and DEFINITE($card), and gets the bare name where there are none.
## card
card-25 = 25 km
card-50 = 50 km
card-75 = 75 km
card-100 = 100 km
card-200 = 200 km
card-stop = Stop
card-speed-limit = Speed Limit
card-out-of-gas = Out of Gas
card-flat-tire = Flat Tire
card-accident = Accident
card-roll = Roll
card-end-of-limit = End of Limit
card-gasoline = Gasoline
card-spare-tire = Spare Tire
card-repairs = Repairs
card-right-of-way = Right of Way
card-extra-tank = Extra Tank
card-puncture-proof = Puncture-Proof
card-driving-ace = Driving Ace

# Lists: "a, b and c"; alternatives, one of which is meant: "2, 3 or 4".
## list
list-and = { $items } and { $last }
list-or = { $items } or { $last }

# Why an action is refused (the rules in core/deal.py, the table in table.py). {card}, {hazard}
# and {safety} are cards, {side} a side's name; {action} and {notation} are the command line's
# notation, as the player wrote it.
## refusal
refusal-action = { $action }: { $reason }
refusal-deal_over = the deal is over
refusal-answer_first = answer the attack first: 'coup-fourre' or 'decline'
refusal-decide_extension_first = decide first whether to 'extend' the race to 1000 or 'finish' it
refusal-no_attack = there is no attack to answer with a coup-fourré
refusal-no_extension = there is no extension to decide
refusal-no_such_side = there is no side { $side }: sides are 0 to { $last }
refusal-not_in_hand = you have no { $card } in hand
refusal-stopped_by = you are stopped by { $hazard }
refusal-not_rolling = you are not rolling: you need a { card-roll } first
refusal-speed_limit = you are under a { card-speed-limit }: only 25 and 50 until { card-end-of-limit }, not { $card }
refusal-past_the_race = { $card } would take you past { $race } km
refusal-two_200s = no more than two 200s per side
refusal-no_roll_needed = with { card-right-of-way } you need no { card-roll }
refusal-already_rolling = you are already rolling
refusal-remedy_first = { $hazard } needs its remedy first
refusal-not_limited = you are not under a { card-speed-limit }
refusal-repairs_only = { $card } only repairs { $hazard }
refusal-attack_another_side = a hazard is played on another side: write 'attack { $notation } SIDE'
refusal-own_side = you cannot attack your own side
refusal-side_protected = { $safety } protects { $side }
refusal-side_limited = a { card-speed-limit } is already on { $side }
refusal-side_not_rolling = { $side } cannot be attacked while stopped
refusal-not_your_turn = it is not your turn
refusal-game_over = the game is over
refusal-not_saved = the game could not save that move; please try again
refusal-room_moved = this room moved to another server: the page reconnects, then try again
refusal-not_saving = the server cannot save right now: this was not taken; try again in a moment
refusal-not_stored = the game could not save that move: the page reconnects, then try again
refusal-stopping = the server is restarting: this was not taken; the page reconnects, then try again
refusal-name_reserved = a player's name may not hold the words the table uses for bots and for you ("bot", "you"): choose another
refusal-name_taken = another player has this name, or one that reads the same: choose another
refusal-name_at_table = someone at this table has this name, or one that reads the same: choose another
refusal-bad_code = this code is unknown, used or expired: make a new one on your other device
refusal-bad_password = no player has this name and password
refusal-no_player = this needs your player: open the home page first, which makes one
refusal-bad_passkey = this passkey was refused: it is unknown here, or its answer came late or was used already; try again
refusal-no_name = take a name first: the browser shows it with your passkey
refusal-no_passkeys = passkeys need the server's name in its address, not an IP address
refusal-no_such_passkey = you have no passkey of that id
refusal-no_device = no other device of yours has this id

# Action notation that cannot be read (core/actions.py); {verbs} and {cards} list the notation.
## notation
notation-unknown_card = unknown card { $text }; cards are: { $cards }
notation-unknown_verb = unknown verb { $verb }; actions start with one of: { $verbs }
notation-malformed = malformed action { $shape }: play and discard take a card, attack takes a hazard and a side, the others nothing
notation-not_text = an action is written as text, not { $value }
notation-empty = empty action; write e.g. 'play 75', 'attack stop 1' or 'discard roll'
notation-unknown_action = unknown action { $word }; actions start with one of: { $verbs }
notation-takes_nothing = '{ $verb }' takes no card: write just '{ $verb }'
notation-takes_a_card = write '{ $verb } CARD', e.g. '{ $verb } 75'
notation-attack_shape = write 'attack HAZARD SIDE', e.g. 'attack flat-tire 1'
notation-not_a_hazard = { $card } is not a hazard: only hazards attack
notation-side_number = a side is a number (0 for the first), not { $text }

# What is wrong with a position (core/position.py, docs/position.md): {where} is a field's path
# in the JSON ("sides[1].battle") or a phrase, {value} and {field} are quoted from the input.
## position
position-where-position = the position
position-did_you_mean = did you mean { $near }?
position-fields_are = fields are: { $fields }
position-unknown_field = { $where }: unknown field { $field }; { $hint }
position-whole_number = { $where } must be a whole number, not { $value }
position-card_list = { $where } must be a list of cards
position-not_a_card = { $where }: { $item } is not a card name
position-at = { $where }: { $problem }
position-seat = { $where } must be a seat from 0 to { $last }, not { $value }
position-rules = rules must be the name of a preset, not { $value }
position-not_json = { $what } is not valid JSON: { $problem } (line { $line }, column { $column })
position-not_an_object = a position is a JSON object (see docs/position.md)
position-no_extension = { $rules } with { $players } players has no extension
position-extended_race = after an extension the race is 1000
position-hands = hands must list { $players } hands, one per seat
position-hand_size = { $where } holds { $count } cards; a hand holds at most { $most }
position-sides = sides must list { $sides } tableaux, one per side
position-tableau = { $where } must be an object with battle, speed, safeties, coups_fourres and distance
position-cannot_hold = { $where } cannot hold { $cards }
position-coups_in_safeties = { $where }: every coup-fourré safety must also be in safeties
position-past_the_race = { $where } has { $km } km, past the race of { $race }
position-too_many_200s = { $where } has { $count } 200s; a side lays at most two
position-too_many_cards = more cards than the deck has ({ $kinds } kinds, { $cards } cards): { $excess }
position-excess = { $count } { $card } too many
position-decision = decision must be one of { $decisions }, not { $value }
position-to_act_over = to_act must be null once the deal is over
position-no_cards = seat { $seat } is to act but holds no cards
position-trip_done = { $where } has completed the trip: the deal is over
position-attack_only = attack is given only with a coup-fourre decision, the attack answered
position-extension = an extension is decided only by a side that has just reached 700 in a parker 700 race
position-moves = moves must be a list of {"{"}"seat": SEAT, "action": ACTION{"}"}
position-attack_needed = a coup-fourre decision needs "attack": {"{"}"by": SEAT, "hazard": CARD{"}"}
position-hazard = attack.hazard must be a hazard, not { $value }
position-not_on_top = the attacked side { $side } has no { $card } on top of its pile
position-own_side = a seat cannot be attacked by its own side
position-no_safety = seat { $seat } does not hold { $card } to answer with
position-scores = scores must list { $sides } whole numbers, one per side, not { $value }

# What is wrong with a game record (core/records.py); {kind} is the record's kind, deal or match.
## record
record-where-record = the record
record-where-deal = deal { $deal }
record-actions = a record's actions must be a list of actions in notation
record-replay = action { $number } ({ $action }) cannot be replayed: { $problem }
record-replay_in_deal = deal { $deal }, action { $number } ({ $action }) cannot be replayed: { $problem }
record-whole_number = the record's { $field } must be a whole number, not { $value }
record-not_an_object = { $where } must be a { $kind } record (a JSON object)
record-kind = { $where }: kind must be { $kind }, not { $value }
record-version = { $where }: version must be { $version }, the record format this program reads, not { $value }
record-seats = { $where }: seats must be a list of names, one a seat
record-cannot_deal = the record cannot be dealt: { $problem }
record-deal_over = deal { $deal } is over
record-deals = a match record's deals must be a list
record-after_the_match = deal { $deal } comes after the match was already over
record-deal_not_over = deal { $deal } is not over after its { $actions ->
        [one] { $actions } action
       *[other] { $actions } actions
    }
record-not_a_record = a record is a JSON object with rules, players, seed and actions

# Settings no table, match or bot can take (core/rules.py, core/match.py, the bots).
## settings
settings-players = { $rules } is played by { $counts } players, not { $players }
settings-race = { $rules } with { $players } players races to { $races } km, not { $race }
settings-unknown_rules = unknown rules { $name }; the presets are: { $presets }
settings-target = the match target must be a positive number of points, not { $target }
settings-dealer = dealer must be a seat from 0 to { $last }, not { $dealer }
settings-scores = scores list one number a side: { $sides }, not { $given }
settings-unknown_bot = unknown bot { $name }; bots are: { $bots }
settings-bot_options = { $bot } takes { $takes }; not { $refused }
settings-only_seed = only seed
settings-search_budget = a search needs iterations, a deadline or both
settings-two_bots = a tournament needs at least two bots (name one twice to play it against itself)
settings-decks = the number of deals is from 1 to { $most }, not { $decks }
settings-options_unused = options are given for bot { $bot }, which is not playing
settings-jobs = the number of jobs is from 1 to { $most }, not { $jobs }
settings-backend = unknown backend { $backend }; backends are: { $known }
settings-unknown_settings = unknown game settings: { $names }
settings-listen = cannot listen on { $where }: { $error }
settings-port_busy = cannot listen on { $where }: { $error } (is another server running there?)
settings-seat_kind = a seat is { $kinds }, not { $kind }
settings-no_person = a room needs at least one seat for a person
settings-knob = { $option } must be { $accepted }, not { $value }
settings-accepted-positive_whole = a positive whole number
settings-accepted-positive = a positive number
settings-accepted-whole = a whole number, 0 or more
settings-accepted-not_negative = a number, 0 or more
settings-accepted-share = a number between 0 and 1
settings-accepted-odds = a number from 0 to 1

# Something asked that the state of things cannot give (a program's request, not a player's).
## request
request-not_over = the deal is not over yet: it is scored once it ends
request-seat = seat must be from 0 to { $last }, not { $seat }
request-hand = seat { $seat } holds { $size ->
        [one] { $size } card
       *[other] { $size } cards
    }: give it that many, as counts of the { $kinds } kinds, not { $given }
request-stock = the stock holds the { $left ->
        [one] { $left } card
       *[other] { $left } cards
    } left, not { $given }
request-deal_not_over = deal { $deal } of this game is not over: only a finished deal is reviewed
request-open_not_over = every hand is shown once the deal is over: this one goes on
request-nothing_to_decide = seat { $seat } has no decision to make now ({ $decision })
request-tournament_database = cannot use { $path } as a tournament database: { $error }
request-no_run = { $path } holds no tournament run
request-no_such_run = { $path } has no run { $run }
request-empty_run = { $path } holds no game of run { $run }
request-no_such_game = { $path } has no game { $game }
request-no_games = a win rate needs at least one game
request-no_values = a { $of } needs at least one value
request-no_seat_to_act = the deal is over: no seat is to act

# Why a bot chose what it did (millebornes.bots.reasons). {card}, {hazard} and {safety} are card
# names, {side} a side's name, {win} and {risk} whole percentages; a {reason}-like placeholder
# ({why}, {meanwhile}, {goal}, {standing}...) is another phrase of this table.
## reason
reason-random = a random legal action
reason-tutor = the guided deal's scripted move

## reason.greedy
reason-greedy-coup_fourre = a coup-fourré is always worth calling
reason-greedy-finish = stop at { $race } while the trip is won
reason-greedy-remedy = { $card }: mend the car before anything else
reason-greedy-distance = { $card }: the biggest distance that fits
reason-greedy-attack = { $card } on the leader, { $side }
reason-greedy-safety = { $card }: nothing else to play, and a safety plays again
reason-greedy-discard_useless = discard { $card }: it can never be played
reason-greedy-discard_least = discard { $card }: the card least worth keeping

## reason.expert
reason-expert-coup_fourre = Coup-fourré: 300 more points, the attack cancelled and the next turn
reason-expert-extend = Extend to 1000: the others are far behind or stopped
reason-expert-finish = Stop at { $race }: take the trip while it is safe
reason-expert-wait_to_finish = Wait to finish once the stock is out (delayed action): { $meanwhile }
reason-expert-lay_before_finishing = Lay { $card } before finishing: in hand at the end it scores nothing
reason-expert-completes = { $card } completes the trip
reason-expert-clears = { $card } clears the attack and plays again
reason-expert-right_of_way_rolls = Right of Way at once (Dujardin's advice): it gets the car rolling for good
reason-expert-right_of_way_spares = Right of Way at once (Dujardin's advice): no Roll needed again, no Stop nor Speed Limit to fear
reason-expert-lay_only_safeties = Lay { $card }: the hand holds nothing else
reason-expert-lay_deal_may_end = Lay { $card } now: the deal may end before a coup-fourré
reason-expert-lay_all_seen = Lay { $card } and play again: every hazard it prevents is seen, no coup-fourré is left
reason-expert-lay_stuck = Lay { $card } and play again: a fresh card beats discarding a useful one
reason-expert-lay_unlikely = Lay { $card } and play again: a coup-fourré has become unlikely
reason-expert-mends = { $card } mends the { $hazard }
reason-expert-roll = Roll: the car is stopped
reason-expert-attack_safe = { $card } on { $side }: no risk of { $safety } answering it
reason-expert-attack_risk = { $card } on { $side }: { $risk }% risk of { $safety } answering it
reason-expert-end_of_limit = End of Limit: the big cards wait
reason-expert-drive = { $card }: { $left } km to go
reason-expert-drive_no_200 = { $card }: { $left } km to go, though it costs the no-200 bonus
reason-expert-discard = Discard { $card }: { $why }
reason-expert-never_playable = it can never be played
reason-expert-all_seen = every { $hazard } is already seen
reason-expert-covered = { $safety } in hand answers any { $hazard }
reason-expert-spare_copy = a spare copy
reason-expert-least_worth_keeping = the card least worth keeping

## reason.master
reason-master-only_legal = The only legal action
reason-master-only_sensible = The only sensible action
reason-master-odds = { $why }; it wins { $win }% of { $rollouts } simulated endings
reason-master-keeps_within_noise = { $why }; it wins { $win }% of { $rollouts } simulated endings, against { $other_win }% for { $other }, but the difference is within the noise of the simulation, so it keeps the expert's choice
reason-master-departs = { $why }; it wins { $win }% of { $rollouts } simulated endings, against { $other_win }% for { $other }
reason-master-departs_fewer_wins = { $why }; it wins { $win }% of { $rollouts } simulated endings, against { $other_win }% for { $other }: fewer wins, but a better result on average (more points, or the match near its end)
reason-master-attack = Attack { $side } with { $card }: { $standing } and { $guard }
reason-master-leads = it leads by { $km } km
reason-master-trails = it trails by { $km } km
reason-master-level = it is level with you
reason-master-you_hold = you hold { $card }
reason-master-already_out = { $card } is already out
reason-master-cannot_hold = it cannot hold { $card }
reason-master-unseen = { $card } is still unseen
reason-master-drive = Drive { $card }: { $goal }
reason-master-completes = completes the trip
reason-master-to_go = { $km } km still to go
reason-master-clears = Play { $card }: clears the attack, and another turn
reason-master-protects = Play { $card }: 100 points and protection, and another turn
reason-master-end_of_limit = Play End of Limit: the big distances can go again
reason-master-remedy = Play { $card } to get going again
reason-master-discard = Discard { $card }: the card the simulated endings miss least
reason-master-coup_fourre = Coup-fourré with { $card }: 300 bonus points and the next turn
reason-master-finish = Stop at { $race }: take the trip now
reason-master-extend = Extend the race to 1000: more points in reach than at risk
reason-master-decline = Let the attack pass: the safety is worth more later

# The presets' names, as players know them (both games).
## preset
preset-dujardin = Dujardin (the French classic)
preset-winning-moves = Winning Moves (2008, partners)
preset-parker = Parker Brothers (700 km, extension)
rules_title = Mille Bornes rules: { $preset }

# The seats' default names, by where they sit around the table (the terminal game).
## seat
seat-south = South
seat-north = North
seat-west = West
seat-east = East
seat-northwest = Northwest
seat-northeast = Northeast
seat-southwest = Southwest
seat-southeast = Southeast

# The terminal game's words (tui/); card names are in the card group, log lines in narrate.
## tui
tui-title = Mille Bornes
tui-new_game = New game
tui-rules = Rules
tui-players = Players
tui-race = Race
tui-race_km = { $race } km
tui-match = Game
tui-match_target = Match to 5000 points
tui-single_deal = A single deal
tui-language = Language
tui-seats = Seats (in turn order)
tui-person = Person
tui-easy = Easy bot
tui-medium = Medium bot
tui-hard = Hard bot
tui-start = Start
tui-start_hint = Enter starts the game set below. To change it first: Tab or the arrows move between fields, Enter or Space opens one.
tui-you_mark = you
# A tableau's state: whether it rolls, what it needs to roll, and the speed limit.
tui-state-rolling = rolling
tui-state-stopped = stopped: needs { $card }
tui-state-limited = speed limit
tui-state-unlimited = no limit
tui-safeties = Safeties
tui-none = —
tui-twos = 200s
tui-stock = Stock
tui-discard = Last discard
tui-cards = { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
tui-deal = Deal { $number }
tui-points = { $points } pts
tui-your_turn = Your turn: pick a card (1-7), then p to play or d to discard.
tui-must_discard = You must discard: no card can be played. Pick one (1-7), then d to discard it.
tui-your_turn_short = ▶ Your turn
tui-must_discard_short = ▶ You must discard
tui-thinking = { $name } is thinking…
tui-hand = { $name }'s hand
tui-hidden_hand = The hand is hidden.
tui-your_hand = Your hand
tui-new_card = new
tui-bell_on = The bell rings on your turn and at a coup-fourré (b: no bell).
tui-bell_off = No bell (b: a bell on your turn).
tui-waiting = Waiting for { $name }.
tui-distance = distance
tui-hazard = hazard
tui-remedy = remedy
tui-safety = safety
tui-play = Play
tui-discard_button = Discard
tui-help = Rules
tui-pick_first = Pick a card first: press its number (1-7) or click it.
tui-not_your_turn = It is not your turn.
tui-choose_target = Attack whom? Press the number of a tableau, or click it (Esc: cancel).
tui-selected = { $card } selected: p to play, d to discard.
tui-selected_hazard = { $card } selected: p to attack, d to discard.
tui-cannot_play = ✗ { $card } cannot be played: { $reason }. d to discard it.
tui-hint_line = Hint: { $action }. { $reason }
tui-hint_wait = Asking the master for a hint…
tui-coup_title = Coup-fourré?
tui-coup_text =
    { $attack }.
    You hold { $safety }: call coup-fourré to stop the attack, score 300 more and play at once.
tui-coup_call = Coup-fourré! (c)
tui-coup_pass = Let it pass (n)
tui-extension_title = 700 km reached
tui-extension_text = Extend the race to 1000 km, or stop here and end the deal?
tui-extend = Extend to 1000 (e)
tui-finish = Stop at 700 (s)
tui-pass_title = Pass to { $name }
tui-pass_text = Hand the keyboard to { $name }, then press Enter to show their hand.
tui-ready = I am { $name } (Enter)
tui-deal_over = Deal { $number } is over
tui-next_deal = Next deal (Enter)
tui-match_over = Winner of the match: { $winner }!
tui-match_tie = The match ends in a tie.
tui-deal_summary = Deals played: { $deals }.
tui-new_game_button = New game (n)
tui-see_table = Table (t)
tui-final_table = The table as the deal ended: Enter for the next deal, s for the score.
tui-final_table_over = The table as the match ended: s for the score, q to quit.
tui-quit = Quit (q)
tui-total = Total of the deal
tui-match_total = Match total
tui-resume_title = Unfinished games
tui-resume_none = No unfinished game: start a new one.
tui-resume_item = { $when }  { $rules } · { $who } · { $actions ->
        [one] { $actions } move
       *[other] { $actions } moves
    } · { $scores }
tui-resume_against_bots = { $person } against { $bots ->
        [one] 1 bot
       *[other] { $bots } bots
    }
tui-resume_hot_seat = hot seat: { $people } people{ $bots ->
        [0] {""}
        [one] , 1 bot
       *[other] , { $bots } bots
    }
tui-resume_bots_only = { $bots } bots
tui-resume_rules-dujardin = Dujardin
tui-resume_rules-winning-moves = Winning Moves
tui-resume_rules-parker = Parker Brothers
tui-saved = Game saved. Continue it with: millebornes play --resume
tui-deal_over_log = Deal { $number } over: { $scores }
tui-side_total = { $name } { $points }
# A number in the locale's form (1,500).
tui-number = { $value }
tui-deal_start_log = Deal { $number }: { $dealer } deals.
tui-key_pick = Pick card
tui-key_play = Play
tui-key_discard = Discard
tui-key_hint = Hint
tui-key_rules = Rules
tui-key_quit = Quit
tui-key_start = Start
tui-key_new_game = New game
tui-key_back = Back
tui-key_field = Next field
tui-key_open = Open
tui-key_choose = Choose
tui-key_continue = Continue it
tui-key_next_deal = Next deal
tui-key_score = Score sheet
tui-key_target = Target
tui-key_attack = Attack
tui-key_cancel = Cancel
tui-key_bell = Bell
tui-key_table = See the table
tui-key_review = Review
tui-key_replay = Replay
tui-key_coup_call = Call coup-fourré
tui-key_coup_pass = Let it pass
tui-key_extend = Extend to 1000
tui-key_finish = Stop at 700
tui-key_ready = Show my hand

# The keys' names on the keyboard, in the footers.
## tui.keyname
tui-keyname-enter = Enter
tui-keyname-space = Space
tui-keyname-esc = Esc
tui-keyname-tab = Tab

# The items of a deal's score, named on the terminal's score sheet.
## tui.score_item
tui-score_item-distance = Distance
tui-score_item-safeties = Safeties (100 each)
tui-score_item-coups_fourres = Coups-fourrés (300 more each)
tui-score_item-winner = Winner of the deal
tui-score_item-no_200 = Winner without a 200
tui-score_item-capot = Capot (a side with 0 km)
tui-score_item-all_safeties = All four safeties
tui-score_item-trip = Trip completed
tui-score_item-delayed_action = Delayed action
tui-score_item-safe_trip = Safe trip (no 200)
tui-score_item-shut_out = Shut-out
tui-score_item-extension = Extension

# The browser game's words (web/static/app.js), sent to the page with /api/config.
## web
web-title = Mille Bornes
web-new_room = New game
web-rules = Rules
web-players = Players
web-race = Race
web-length = Length
web-match_5000 = Match to 5000 points
web-single_deal = One deal
web-seats = Seats
web-create = Create the room
web-learn_text = One guided deal against a scripted opponent: each idea of the game in turn, with why.
web-learn_start = Start the lesson
web-lesson_again = The lesson again
web-how_title = How it works
web-how_text = Create a room, send the invitation link to your friends, and bots fill the seats you give them. Everyone plays from their own phone or computer.
web-person = A person
web-bot_easy = Bot: easy
web-bot_medium = Bot: medium
web-bot_hard = Bot: hard
web-teams = Partners sit opposite each other:
web-team = seats { $seats } form side { $side }
web-join_title = Join the game
web-your_name = Your name
web-watch = Just watch
web-take_seat = Sit at seat { $n }
web-copy_link = Invite
web-copy = Copy
web-copied = Invitation link copied
web-add_player = Add a player on this device
web-waiting_for = Waiting for players: { $names }. Send them the invitation link.
web-seats_free = The game starts once every seat is taken.
web-memo = Memo
web-more = More
web-memo_title = Which card answers which
web-memo_hazard = Hazard
web-memo_remedy = Remedy
web-memo_safety = Safety (prevents it for good)
web-close = Close
web-log = Game log
web-your_turn = Your turn: pick a card
web-must_discard = You must discard: no card can be played
web-waits_for = { $name } is playing…
web-you_wait = Waiting for the table…
web-deal_over = The deal is over
web-match_over = The match is over
web-play = Play
web-discard = Discard
web-attack = Attack { $name }
web-choose_target = or tap { $teams ->
    [yes] a team
   *[no] a player
} to attack
web-coup_title = { $name } attacks you with { $hazard }!
web-coup_text = You hold { $safety }: call coup-fourré?
web-call = Coup-fourré!
web-decline = Let it pass
web-coup_time = { $s ->
        [one] 1 second
       *[other] { $s } seconds
    } to play your { $safety } as a coup-fourré
web-question_time = { $s ->
        [one] 1 second
       *[other] { $s } seconds
    } to decide
web-time_left = { $s ->
        [one] 1 second left
       *[other] { $s } seconds left
    }
web-extension_title = You reached 700 km!
web-extension_text = Extend the race to 1000 km, or stop here?
web-extend = Extend to 1000
web-finish = Stop at 700
web-battle = Battle
web-speed = Speed
web-safeties = Safeties
web-km = km
web-stock = Stock
web-discard_pile = Discards
web-deal = Deal { $n }
web-race_of = Race { $km } km
web-side = Side { $n }
web-you = you
web-bot = bot
web-away = away
web-offline = offline
web-score_title = Deal { $n }: scores
web-review = Review
web-totals = Match total
web-continue = Continue
web-next_deal = Next deal
web-rematch = Rematch
web-watch_rematch = Watch the rematch
web-wins = { $name } wins!
web-tie = No winner
web-spectating = Watching
web-reconnecting = Reconnecting…
web-not_saving = The server cannot save moves right now: a move waits, and goes through by itself once it can.
web-handover = { $name } must play.
web-show_seat = Show { $name }'s hand
web-cover = Pass the device to { $name }
web-reveal = I am { $name }: show my hand
web-no_room = There is no such room: check the invitation link.
web-back = New game
web-scores = Scores
web-coup_fourre_mark = coup-fourré
# The page's words besides (issue 40): who plays, what just happened, the keys, leaving.
web-other_language = Français
web-skip_to_hand = Go to your hand
web-table_title = Mille Bornes: the table
web-seats_here = Your seats on this device
web-seat_n = Seat { $n }
web-hand = Your hand
web-side_panel = Scores and game log
web-sound = Sounds
web-notify = Notify me when it is my turn
web-notify_refused = The browser does not allow notifications for this page.
web-leave = Leave
web-leave_title = Leave the room?
web-leave_text = Your seat stays yours: come back with the invitation link. Meanwhile a bot plays for you after a while.
web-leave_yes = Leave
web-leave_no = Stay
web-held_title = Your games
web-held_room = Room { $code }
web-forget = Forget
web-invite_link = Invitation link
web-copy_failed = Could not copy: select the link and copy it yourself.
web-local_only = Only this machine can open this link: friends on other machines cannot join. To invite them, serve the game on your network (--host 0.0.0.0) or on the internet (docs/deploy.md).
web-keys_hint = Keys: press ? to list them
web-list = { $items } and { $last }
web-nothing = none
web-no_limit = no limit
web-you_side = { $name } (you)
web-playing_now = (playing now)
web-turn_position = plays { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
} in turn
web-stood_in = a bot plays for them
web-offline_for = offline: a bot plays in { $s } s
web-lost_connection = { $name } lost connection: a bot takes their seat in { $s } s
web-stand_in_plays = A bot plays for { $name }…
web-waits_next = Waiting for { $names } to start the next deal
web-reads_review = { $names } { $count ->
    [one] is
   *[other] are
} reading the review of the deal: the next one starts at { $time } at the latest
web-watching = { $count ->
    [one] 1 person watching
   *[other] { $count } people watching
}
web-watching_names = { $watching }: { $names }
web-your_question = Your answer is awaited
web-target_here = Target
web-last_move = Last move
web-no_move_yet = No move yet in this deal.
web-card_playable = can be played
web-card_not_playable = cannot be played
web-card_new = just drawn
web-new_badge = new
web-why_not = Cannot be played because { $reason }
web-choose_target_key = Choose whom to attack: Tab between the sides, Enter attacks.
web-cannot_play_key = { $card } cannot be played now: press D to discard it.
web-move_waits = Connection lost: your move will be sent when it is back.
web-move_dropped = Your move was not sent: the table changed while the connection was lost. Play again.
web-coup_moment = COUP-FOURRÉ!
web-coup_moment_by = { $name } answers the attack
web-deal_end = Deal { $n } is over: { $scores }.
web-side_points = { $name } { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
web-tab_your_turn = ▶ Your turn · Mille Bornes
web-following_rematch = The rematch has started: you follow it in a moment.
web-rematch_offered = The players may start a rematch: you will follow them to it.
web-discard_safety_title = Discard { $card }?
web-discard_safety_text = A safety protects you for the whole deal, and playing it gives you another turn. Discarded, it is gone.
web-discard_safety_yes = Discard it
web-discard_safety_no = Keep it
web-read_side = { $name }: { $km } of { $race } km; battle pile: { $battle }; speed: { $speed }; safeties: { $safeties }.
web-read_stock = { $n ->
        [one] { $n } card
       *[other] { $n } cards
    } in the stock.
web-read_hand = Your hand: { $cards }.

web-chat = Chat
web-chat_unread = { $n ->
    [one] Chat, 1 new message
   *[other] Chat, { $n } new messages
}
web-chat_title = Table chat
web-chat_label = Message to the table
web-chat_send = Send
web-chat_empty = No message yet.
web-chat_said = { $name }: { $text }
web-chat_spectator = { $name } (watching)
web-chat_watcher = Spectator { $id }
web-chat_spectators_only = seen by spectators only
web-chat_people = Mute, block or remove
web-chat_mute = Mute { $name }
web-chat_remove = Remove { $name }
web-chat_removed = { $name } can no longer watch this table.
web-chat_block = Block { $name }
web-chat_is_blocked = { $name } (blocked)
web-chat_blocked = You blocked { $name }: their messages will not reach you in any game. Your page lets you unblock them.
web-errors-cannot-block = Only a person with a player can be blocked: not a bot, a guest, nor yourself.
web-player_blocks_title = Blocked players
web-player_blocks_intro = Their chat messages and reactions never reach you, in any game. They are not told.
web-player_unblock = Unblock { $name }
web-player_unblocked = { $name } is no longer blocked.
web-player_blocked_spectator = a spectator
web-chat_host = Your table
web-chat_listed = Listed on the home page
web-chat_show_names = Names shown in the list
web-chat_quiet = Spectators' messages hidden from players during a deal
web-reactions = Quick reactions
web-reaction-well-played = Well played
web-reaction-oops = Oops
web-reaction-thanks = Thanks
web-reaction-hurry-up = Hurry up
web-reaction-good-game = Good game
web-tables_title = Public tables
web-tables_empty = No public table is waiting for players right now: start a quick game, and others can join you.
web-tables_playing = Being played
web-tables_join = Join
web-tables_watch = Watch
web-tables_players = { $players } players
web-tables_race = { $race } km
web-tables_bots = { $bots ->
    [0] no bot
    [one] 1 bot
   *[other] { $bots } bots
}
web-tables_free = { $free ->
    [one] 1 free seat
   *[other] { $free } free seats
}
web-tables_waited = waiting for { $minutes ->
    [0] less than a minute
    [one] 1 minute
   *[other] { $minutes } minutes
}
web-tables_language = in { $spoken ->
    [fr] French
   *[en] English
}
web-tables_names = with { $names }
web-tables_name = Your name at the table
web-tables_name_needed = Type your name first: the others see it at the table.
web-quick_game = Quick game
web-quick_hint = Sits you at a public table that fits your choice, where people already wait, or opens one that others find the same way. Bots take the seats still free after the wait you chose.
web-quick_any = Any
web-quick_wait = Bots take the free seats after
web-quick_wait_choice = { $seconds ->
    [30] 30 seconds
   *[other] { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
}
web-quick_bots = Their level
web-tables_waiting = { $count ->
    [one] { $names } is waiting
   *[other] { $names } are waiting
}
web-tables_here = { $here ->
    [one] 1 person is waiting
   *[other] { $here } people are waiting
}
web-tables_watching = { $watching ->
    [one] 1 watching
   *[other] { $watching } watching
}
web-bots_at = Bots take the free seats at { $time }.
web-list_table = List the table on the home page, so that anyone can join
web-list_names = Show the players' names in the list
# Turn clocks and the coup-fourré window (issue 46).
web-time_control = Turn clock
web-time_control_auto = Default: a clock only if listed
web-time_control_none = None (friends)
web-time_control_clock = { $move } s a move, and a bank of { $bank } min
web-long_coup_fourre = More time to call a coup-fourré ({ $s } s)
web-clock_left = { $name }: { $move } left, bank { $bank }
web-clock_warning = { $s ->
    [one] One second left to play
   *[other] { $s } seconds left to play
}
web-time_ran_out = Time ran out: the stand-in played for { $name }
web-time_abandoned = { $name } ran out of time { $n } times in a row: the stand-in plays for them until they come back
# The items of a deal's score, named on the page's score sheet.
## web.items
web-items-distance = Distance
web-items-safeties = Safeties
web-items-coups_fourres = Coups-fourrés
web-items-winner = Winner
web-items-no_200 = Without a 200
web-items-capot = Shut-out (capot)
web-items-all_safeties = All four safeties
web-items-trip = Trip completed
web-items-delayed_action = Delayed action
web-items-safe_trip = Safe trip (no 200)
web-items-shut_out = Shut-out
web-items-extension = Extension
web-items-total = Total
# The keys of the table (the ? key lists them).
## web.keys
web-keys-title = Keys
web-keys-arrows_key = ← →
web-keys-arrows = move between the cards of your hand
web-keys-enter_key = Enter
web-keys-enter = play the card (or choose whom to attack)
web-keys-discard_key = D
web-keys-discard = discard the card
web-keys-digits_key = 1 … 7
web-keys-digits = go to a card of your hand
web-keys-escape_key = Esc
web-keys-escape = put the selected card back
web-keys-table_key = T
web-keys-table = read the table aloud: every side's distance, piles and safeties
web-keys-hand_key = H
web-keys-hand = read your hand aloud
web-keys-last_key = L
web-keys-last = read the last move again
web-keys-keys_key = ?
web-keys-chat_key = C
web-keys-chat = open the table chat and write in it (Esc: back to your hand)
web-keys-keys = this list

# Errors the server sends, by their code (docs/web.md); for others the page shows the server's own message.
## web.errors
web-errors-bad-token = This seat is not yours any more: it was taken with another link.
web-errors-not-your-seat = That seat is not yours.
web-errors-not-your-turn = It is not your turn.
web-errors-not-started = The game starts once every seat is taken.
web-errors-game-over = The game is over.
web-errors-too-fast = Too many requests: wait a moment and try again.
web-errors-too-many-rooms = You already have as many games open as one address may. Finish one of your games (listed on the home page), or wait: a room nobody comes back to closes after a day.
web-errors-server-full = The server is full: try again later.
web-errors-room-full = This room has as many spectators as it allows.
web-errors-unknown-room = There is no such room: check the invitation link.
web-errors-server-error = The server failed: try again.
web-errors-not-over = The rematch comes once the match is over.
web-errors-chat-too-long = A message is at most 200 characters: shorten it.
web-errors-chat-too-fast = You are writing too fast: wait a few seconds.
web-errors-not-host = Only the table's creator can do that.
web-errors-removed = The table's creator removed you from this room.
web-errors-moved = This room is moving to another server: try again in a moment.
web-errors-restarting = The server is restarting: try again in a moment.
web-errors-not-saving = The server cannot save right now: try again in a moment.
web-errors-closed = The server's operator closed this room.
web-errors-unauthorized = This needs the operator's token.
web-errors-banned = This server does not take connections from your address.
web-errors-name-taken = Another player has this name, or one that reads the same: choose another.
web-errors-name-reserved = A name may not hold the words the table uses for bots and for you: choose another.
web-errors-bad-code = This code is unknown, used or expired: make a new one on your other device.
web-errors-bad-password = No player has this name and password.
web-errors-no-player = Your player is not known here: reload the page.
web-errors-bad-passkey = This passkey was refused: it is unknown here, or its answer came late or was used already. Try again.
web-errors-no-name = Take a name first: the browser shows it with your passkey.
web-errors-no-passkeys = Passkeys need the server's name in its address, not an IP address.
web-errors-no-such-passkey = You have no such passkey: it was removed already.
web-errors-no-device = This device is not signed in as your player any more: reload the page.
web-player_link = Your page
web-player_title = Your player
web-player_intro = This browser remembers you: your games follow you here. Take a name others will know you by, protect it with a password or a passkey, or carry it to another device with a one-time code.
web-player_name = Your name
web-player_unnamed = You have no name yet.
web-player_save_name = Save the name
web-player_saved = Saved.
web-player_password = Password (8 characters or more)
web-player_set_password = Set the password
web-player_has_password = Your player has a password: you may sign in with it on any device.
web-player_device_title = Another device
web-player_make_code = Make a one-time code
web-player_code = On your other device, open this page and type { $code }. It works once, within { $minutes } minutes.
web-player_use_code = A code from your other device
web-player_claim = Use the code
web-player_signin_title = Sign in with your name and password
web-player_signin = Sign in
web-player_signed_in = You are { $name } on this device now.
web-player_signed_in_unnamed = This device is yours now: your games are below.
web-player_playing_title = Games in progress
web-player_finished_title = Finished games
web-player_none = None yet.
web-player_your_turn = your turn
web-player_turn_of = { $name }'s turn
web-player_waiting = waiting for players
web-player_won = won
web-player_lost = lost
web-player_drawn = a draw
web-player_closed = closed before its end
web-player_against = against { $names }
web-player_score = { $mine } to { $others }
web-player_open = Open the table
web-player_review = Review the last deal
web-player_replay = Replay the last deal
web-passkeys_title = Passkeys
web-passkeys_intro = A passkey signs you in on any browser with your device's screen lock, fingerprint or face: no name, no password to type.
web-passkeys_unavailable = This browser cannot use passkeys at this address: they need https (or localhost) and the server's name, not its IP address.
web-passkeys_none = No passkey yet.
web-passkey_name = Name of a new passkey (such as “Phone”)
web-passkey_add = Add a passkey
web-passkey_added = Passkey added: sign in with it on any browser.
web-passkey_removed = Passkey removed.
web-passkey_remove = Remove
web-passkey_created = added { $date }
web-passkey_used = last used { $date }
web-passkey_unused = never used yet
web-passkey_signin_title = Sign in with a passkey
web-passkey_signin = Use a passkey
web-passkey_cancelled = No passkey was given: nothing changed.
web-passkey_exists = This device holds one of your passkeys already.
web-passkey_unusable = This browser could not use a passkey here.
web-player_games_of = Games of { $name }
web-online = { $players ->
    [one] { $players } player online
   *[other] { $players } players online
}
web-devices_title = Your devices
web-devices_intro = Each browser signed in as your player, the last seen first. Sign out one you no longer use, or one that is not yours.
web-devices_unknown = An unknown browser
web-devices_what = { $browser } on { $system }
web-devices_this = this device
web-devices_seen = last seen { $when }
web-devices_sign_out = Sign out
web-devices_sign_out_others = Sign out all other devices
web-devices_sign_out_this = Sign out this device
web-devices_warning_password = Signed out, this device becomes a new guest, as at a first visit. Your name and password bring your player back here.
web-devices_warning_code = Signed out, this device becomes a new guest, as at a first visit. You have no password: only a one-time code made on another of your devices brings your player back here.
web-devices_warning_lost = Signed out, this device becomes a new guest, as at a first visit. You have no password and no other device: your player, its games and its ratings would be lost for good. Set a password first to keep them.
web-devices_confirm = Sign out this device?
web-devices_stay = Stay signed in
web-devices_signed_out = Signed out: { $what }.
web-devices_others_signed_out = { $count ->
    [one] { $count } other device signed out.
   *[other] { $count } other devices signed out.
}
web-devices_signed_out_this = This device is signed out: it is a new guest now.
web-leaderboard_link = Leaderboard
web-leaderboard_title = Leaderboard
web-leaderboard_intro = Each rule family and table size has its own rating, after every finished game between players (bots count at their measured strength; a player who leaves a game to the stand-in for good loses it). A rating is the skill you have at least, sure to 99.7%: it starts at 0 and rises as you win. It is provisional for about ten games.
web-leaderboard_none = No rated game yet.
web-leaderboard_board = { $rules }, { $players } players
web-leaderboard_rank = Rank
web-leaderboard_player = Player
web-leaderboard_rating = Rating
web-leaderboard_games = Games
web-rating_value = { $rating }
web-rating_provisional = provisional
web-rating_games = { $games ->
    [one] { $games } game
   *[other] { $games } games
}
web-ratings_title = Your ratings
web-ratings_none = No rating yet: finish a game against other players or bots.
web-rating_line = rating { $rating } (mu { $mu }, sigma { $sigma })
web-announcement = Message from the server: { $text }

# The review page of a deal (web/static/js/review.js).
## web.review_page
web-review_page-title = Review of deal { $n }: { $name }
web-review_page-table = The table
web-review_page-share = Copy link
web-review_page-copied = Link copied
web-review_page-first = First action
web-review_page-previous = Previous action
web-review_page-next = Next action
web-review_page-last = Last action
web-review_page-distance = Distance
web-review_page-points_before = Points before
web-review_page-none = none
web-review_page-hand = { $name }'s hand:
web-review_page-step = Action { $n } of { $total }: { $text }
web-review_page-over = The deal is over.
web-review_page-not_yours = Not the reviewed seat's decision.
web-review_page-failed = The review failed: { $error }
web-review_page-thinking = Master is still reviewing this decision…
web-review_page-working = Master is reviewing: { $done } of { $total ->
        [one] { $total } decision
       *[other] { $total } decisions
    }
web-review_page-unknown = No review has this link.

# The replay of a finished deal (web/static/js/replay.js, and tui/replay.py); its steps reuse the
# review page's words.
## web.replay_page
web-replay = Replay
web-replay_page-title = Replay of deal { $n }
web-replay_page-seen_by = Seen by
web-replay_page-open = All hands open
# The last step's words ({ $step }), then the deal's end ({ $end }, a sentence).
web-replay_page-last = { $step }. { $end }
web-replay_page-dealt = The cards are dealt: nothing is played yet.
web-replay_page-hands = The hands
web-replay_page-steps = The actions
web-replay_page-unknown = No replay has this link.
web-replay_page-on_table = See it on the table

# Game log lines (narrate.py): {who} is a seat's name or "You", {target} a side's name,
# {card} a card's name; {you} is "yes" when the reader made the move (the verb says "you").
## narrate
narrate-you = you
# Who made a move a bot took for a person away (the actor of a log line).
narrate-stand_in = { $name }'s stand-in bot
narrate-play_distance = { $who } { $you ->
        [yes] drive
       *[no] drives
    } { $card }
narrate-play_remedy = { $who } { $you ->
        [yes] play
       *[no] plays
    } { $card }
narrate-play_safety = { $who } { $you ->
        [yes] play
       *[no] plays
    } { $card } and { $you ->
        [yes] play again
       *[no] plays again
    }
narrate-attack = { $who } { $you ->
        [yes] attack
       *[no] attacks
    } { $target } with { $card }
narrate-attack_you = { $who } attacks you with { $card }
narrate-attack_your_team = { $who } attacks your team with { $card }
narrate-discard = { $who } { $you ->
        [yes] discard
       *[no] discards
    } { $card }
narrate-coup-fourre = COUP-FOURRÉ! { $who } { $you ->
        [yes] answer
       *[no] answers
    } with { $card }
narrate-decline = { $who } { $you ->
        [yes] let
       *[no] lets
    } the attack pass
narrate-decline_timed_out = Time ran out: the attack passed
narrate-finish_timed_out = Time ran out: { $who } { $you ->
        [yes] stop
       *[no] stops
    } at 700
narrate-extend = { $who } { $you ->
        [yes] extend
       *[no] extends
    } the race to 1000
narrate-finish = { $who } { $you ->
        [yes] stop
       *[no] stops
    } at 700

# The review of a deal (review/told.py, tui/review.py, cli/review.py): master's verdict on each
# of the seat's decisions. {played} is what the seat did (a review-done phrase), {best} master's
# choice (an option), {label} a label, {loss} and {points} points.
## review
review-title = Review of deal { $deal }
review-key_back = Back
review-key_previous = Previous
review-key_next = Next
review-key_costly = Costliest
review-step = Action { $number } of { $total }: { $text }
review-end = The deal is over.
review-working = Master is reviewing your decisions: { $done } of { $total }
review-failed = The review failed: { $error }
review-not_yours = Not your decision.
review-forced = Forced: nothing else was worth playing (discarding a safety never is).
review-verdict = { $label }: you { $played }; master's choice: { $best }; lost about { $loss ->
        [one] { $loss } point
       *[other] { $loss } points
    }
review-best = best: master would have played the same
review-lesson = Action { $number }: you { $played }; { $best } was worth about { $loss ->
        [one] { $loss } point
       *[other] { $loss } points
    } more
review-summary = Accuracy { $accuracy }%, { $points ->
        [one] { $points } point
       *[other] { $points } points
    } lost in all ({ $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }).
review-interrupted = the analysis stopped before its end: open the review again to restart it
review-skill_and_luck = Your choices cost you { $choices ->
        [one] { $choices } point
       *[other] { $choices } points
    }, the draws { $draws }.
review-parts = In points: { $start } expected at the start, { $choices } by your choices, { $draws } by your draws, { $others } by the others' turns; { $margin } in the end.
review-parts_so_far = In points: { $start } expected at the start, { $choices } by your choices, { $draws } by your draws; the deal goes on.
review-draws-gained = brought you { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
review-draws-lost = cost you { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
review-nothing_judged = No decision to judge: each one was forced.
review-costliest_key = Press c for the costliest:
review-button = Review (r)

# What the seat did, after "you".
## review.done
review-done-play = played { $card }
review-done-drive = drove { $card }
review-done-attack = attacked { $side } with { $card }
review-done-discard = discarded { $card }
review-done-coup-fourre = called coup-fourré
review-done-decline = let the attack pass
review-done-extend = extended the race
review-done-finish = stopped at 700

## review.labels
review-labels-best = Best
review-labels-good = Good
review-labels-inaccuracy = Inaccuracy
review-labels-mistake = Mistake
review-labels-blunder = Blunder

# How many decisions had each label (the command line's summary).
## review.count
review-count-best = { $count } best
review-count-good = { $count } good
review-count-inaccuracy = { $count ->
        [one] { $count } inaccuracy
       *[other] { $count } inaccuracies
    }
review-count-mistake = { $count ->
        [one] { $count } mistake
       *[other] { $count } mistakes
    }
review-count-blunder = { $count ->
        [one] { $count } blunder
       *[other] { $count } blunders
    }

# The command line's review, a line a decision ({number} counts the deal's actions from 1).
## review.cli
review-cli-forced = you { $played }: forced
review-cli-labelled = you { $played }: { $label }
review-cli-seat = { $seat }: { $judged ->
        [one] { $judged } decision judged
       *[other] { $judged } decisions judged
    } ({ $forced } forced), accuracy { $accuracy }%, { $points ->
        [one] { $points } point
       *[other] { $points } points
    } lost in all

# The command line (cli/): its own lines around the engine's words, its usage errors and the
# help of its options. Seats and sides are named as the terminal game names them by default.
## cli
cli-error = millebornes: error: { $message }
cli-cannot_read = cannot read { $path }: { $error }
cli-not_text = { $path } is not UTF-8 text (at byte { $byte }): positions and records are text files
cli-cannot_write = cannot write { $path }: { $error }
cli-no_folder = cannot write { $path }: no such folder
cli-whole_number = { $what } must be a whole number, not { $text }
cli-not_whole_number = { $text } is not a whole number
cli-not_a_number = { $text } is not a finite number
cli-a_position = this is a position, not a record (see millebornes legal)
cli-with_bot = { $name } ({ $bot })
cli-deals_at_least = --deals is from 1 to { $most }, not { $deals }
cli-bots_count = --bots names one bot, or one per seat ({ $players }), not { $given }


## cli.argparse
# argparse's own words, each with argparse's %-placeholders (cli/parser.py finds a message by
# its English text, so the English is argparse's exactly, without its spaces at either end).
cli-argparse-usage = usage:
cli-argparse-error = %(prog)s: error: %(message)s
cli-argparse-argument = argument %(argument_name)s: %(message)s
cli-argparse-positionals = positional arguments
cli-argparse-options = options
cli-argparse-help = show this help message and exit
cli-argparse-subcommands = subcommands
cli-argparse-unrecognized = unrecognized arguments: %s
cli-argparse-not_allowed = not allowed with argument %s
cli-argparse-ignored = ignored explicit argument %r
cli-argparse-required = the following arguments are required: %s
cli-argparse-one_required = one of the arguments %s is required
cli-argparse-expected_one = expected one argument
cli-argparse-expected_at_most_one = expected at most one argument
cli-argparse-expected_at_least_one = expected at least one argument
cli-argparse-expected_count = { $count ->
        [one] expected %s argument
       *[other] expected %s arguments
    }
cli-argparse-ambiguous = ambiguous option: %(option)s could match %(matches)s
cli-argparse-unexpected = unexpected option string: %s
cli-argparse-invalid_value = invalid %(type)s value: %(value)r
cli-argparse-invalid_choice = invalid choice: %(value)r (choose from %(choices)s)
cli-argparse-unknown_parser = unknown parser %(parser_name)r (choices: %(choices)s)
cli-argparse-cannot_open = can't open '%(filename)s': %(error)s

## cli.metavar
# The names of options' values in the help (--players PLAYERS).
cli-metavar-command = COMMAND
cli-metavar-position = POSITION.json
cli-metavar-action = ACTION
cli-metavar-record = RECORD.json
cli-metavar-game = GAME
cli-metavar-path = PATH
cli-metavar-file = FILE
cli-metavar-chart = FILE.png
cli-metavar-run = RUN
cli-metavar-seconds = SECONDS
cli-metavar-hours = HOURS
cli-metavar-count = COUNT
cli-metavar-levels = LEVEL,...
cli-metavar-option = BOT.KEY=VALUE
cli-metavar-players = PLAYERS
cli-metavar-race = KM
cli-metavar-deals = DEALS
cli-metavar-seed = SEED
cli-metavar-bots = BOTS
cli-metavar-seat = SEAT
cli-metavar-jobs = JOBS
cli-metavar-address = ADDRESS
cli-metavar-host = HOST
cli-metavar-port = PORT
cli-metavar-public_url = URL
cli-metavar-name = NAME
cli-metavar-days = DAYS
cli-metavar-room = CODE
cli-metavar-text = TEXT

## cli.replay
cli-replay-deal = deal { $number }: { $rules }, { $players } players, race { $race } km, seed { $seed }, dealer { $dealer }
cli-replay-action = { $line }  [km: { $km }]
cli-replay-side = { $side }: { $points ->
        [one] { $points } point
       *[other] { $points } points
    } ({ $items })
cli-replay-item = { $item } { $points }
cli-replay-nothing = nothing
cli-replay-in_progress = (deal in progress)
cli-replay-match = match: { $totals } ({ $outcome })
cli-replay-total = { $side }: { $points }
cli-replay-undecided = undecided
cli-replay-tie = a tie
cli-replay-wins = { $side } wins
cli-replay-needs_textual = the replay's table needs textual: pip install 'millebornes[tui]'

## cli.simulate
cli-simulate-deal = deal { $number } (seed { $seed }): km { $km } points { $points }
cli-simulate-summary = { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    } of { $rules } with { $players } players ({ $bots }):
cli-simulate-side = { $side }: { $won ->
        [one] { $won } deal won
       *[other] { $won } deals won
    }, { $points } points a deal

## cli.play
cli-play-seats_count = --seats names { $seats ->
        [one] { $seats } seat
       *[other] { $seats } seats
    } for { $players } players
cli-play-level = --seats: { $level } is not one of { $levels }
cli-play-cannot_open = cannot open the games file { $path }: { $error }
cli-play-pace = --pace is a number of seconds from 0 to { $most }, not { $pace }
cli-play-no_such_game = no unfinished game { $game } in { $path }; 'millebornes play --resume' lists them

## cli.serve
cli-serve-port = --port is from 0 to 65535, not { $port }
cli-serve-cannot_open = cannot open the game database { $path }: { $error }
cli-serve-web_extra = the browser game needs the web extra ({ $module } is missing): pip install -e '.[web]'
cli-serve-served = Mille Bornes is served at { $address } (rooms kept in { $path }); Ctrl+C stops
cli-serve-friends = Friends join at { $address }
cli-serve-loopback_only = Only this machine can open it: --host 0.0.0.0 lets your network in, and docs/deploy.md puts it on the internet
cli-serve-plain_python = The engine is not compiled (no C compiler at install): bots think about 2.4 times slower and deals run 1.7 times slower (docs/bots.md). To compile it: sudo apt-get install build-essential python3-dev, then install the game again (pip install --force-reinstall --no-deps SOURCE)

## cli.tournament
cli-tournament-show_or_export = give --show or --export-record, not both
cli-tournament-needs = the tournament needs { $module }: pip install 'millebornes[{ $extra }]'
cli-tournament-no_bots = name the bots to play with --bots, e.g. --bots expert,random
cli-tournament-bots = --bots { $text }: write bot names separated by commas
cli-tournament-option = --option { $text }: write BOT.KEY=VALUE, e.g. master.seconds=0.2 or master.iterations=300
cli-tournament-chart = chart written to { $path }
cli-tournament-address = --address names a Ray cluster: give it with --backend ray
cli-tournament-title = tournament: { $settings }
cli-tournament-stored = stored as run { $run } in { $path } (games { $first } to { $last }); to replay one: millebornes tournament --db { $path } --export-record { $first } game.json, then millebornes replay game.json
cli-tournament-no_database = no tournament database at { $path }
cli-tournament-empty_run = run { $run } of { $path } holds no game
cli-tournament-run = run { $run }: { $settings }; games { $first } to { $last } ({ $stored } stored)
cli-tournament-exported = game { $game } written to { $path }; replay it with: millebornes replay { $path }

## cli.tournament.table
# The results table's headings: a group's over its columns, then each column's.
cli-tournament-table-bot = bot
cli-tournament-table-games = games
cli-tournament-table-wins = win rate
cli-tournament-table-decks = decks won
cli-tournament-table-time = time a decision
cli-tournament-table-rating = rating
cli-tournament-table-rate = %
cli-tournament-table-interval = 95%
cli-tournament-table-margin = margin
cli-tournament-table-median = median
cli-tournament-table-p95 = p95
cli-tournament-table-mu_sigma = mu±sigma
cli-tournament-table-ordinal = ordinal
cli-tournament-estimate = { $games ->
        [one] { $games } game
       *[other] { $games } games
    }: about { $time } in all (the first took { $first })
cli-tournament-time_left = { $done }/{ $games } games: about { $time } left
cli-duration-seconds = { $seconds } s
cli-duration-minutes = { $minutes } min
cli-duration-hours = { $hours } h { $minutes } min

## cli.export
cli-export-no_games_file = no games file at { $path }: play a game first (millebornes play), or give --db
cli-export-no_such_game = no game { $game } in { $path }; 'millebornes export' lists them
cli-export-ambiguous = more than one game in { $path } starts with { $game }: give more of its id
cli-export-no_file = name the file to write the game to (- for standard output)
cli-export-written = game { $game } written to { $path }; review it with: millebornes review { $path }
cli-export-none = no game stored by the terminal game yet
cli-export-line = { $game }  { $when }  { $rules } · { $who } · { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    }{ $over ->
        [yes] , over
       *[no] {""}
    }

## cli.admin
cli-admin-older = the game database { $path } is at schema version { $version } and this millebornes needs { $expected }: run millebornes admin migrate with the same --config or --db, then start again
cli-admin-newer = the game database { $path } is at schema version { $version }, from a later millebornes than this one (version { $expected }): run that version, or restore a backup made before it
cli-admin-migrated = the game database { $path } is at schema version { $version } ({ $count ->
        [0] it was already
        [one] 1 migration applied: { $migrations }
       *[other] { $count } migrations applied: { $migrations }
    })
cli-admin-backup_postgres = { $path } is a PostgreSQL database: back it up with pg_dump (docs/deploy.md, Backups and restore, gives the commands)
cli-admin-restore_postgres = { $path } is a PostgreSQL database: restore it with pg_restore (docs/deploy.md, Backups and restore, gives the commands)
cli-admin-no_database = no game database at { $path }
cli-admin-not_games = { $path } is not a game database of millebornes (a SQLite file holding its games)
cli-admin-exists = { $path } exists already: name a new file, so that no backup is written over
cli-admin-restore_exists = { $path } exists already: stop the server, then run again with --replace (the database it replaces is kept beside it)
cli-admin-backed_up = { $path } backed up to { $file } ({ $count ->
        [one] 1 game
       *[other] { $count } games
    })
cli-admin-restored = { $file } restored into { $path } ({ $count ->
        [one] 1 game
       *[other] { $count } games
    }); start the server again
cli-admin-kept = the database it replaced is kept in { $path }
cli-admin-keep_all = keep_finished_days is 0: every game is kept, none deleted
cli-admin-purged = { $count ->
        [one] 1 game over
       *[other] { $count } games over
    } that nobody played or reviewed for { $days } days deleted from { $path }

cli-admin-no_rooms = no room in the database
cli-admin-free_seat = (free)
cli-admin-held = { $server } until { $until }
cli-admin-column-code = CODE
cli-admin-column-rules = RULES
cli-admin-column-players = PLAYERS
cli-admin-column-names = NAMES
cli-admin-column-state = STATE
cli-admin-column-deal = DEAL
cli-admin-column-updated = PLAYED (UTC)
cli-admin-column-server = LEASE (UTC)
cli-admin-column-listed = LISTED
cli-admin-state-waiting = waiting
cli-admin-state-playing = playing
cli-admin-state-over = over
cli-admin-state-closed = closed
cli-admin-listed-true = yes
cli-admin-listed-false = no
cli-admin-closed = room { $code } closed: its players were told, and it is kept as a record
cli-admin-drained = { $server } drained: { $count ->
        [one] 1 room
       *[other] { $count } rooms
    } let go to the other servers; it takes no room until it restarts
cli-admin-announced = announced on { $server } to { $count ->
        [one] 1 connection
       *[other] { $count } connections
    }
cli-admin-no_token = no admin token: set MILLEBORNES_ADMIN_TOKEN, or admin_token_file in the --config file, to the server's
cli-admin-bad_server = --server must be the server's address, http://HOST:PORT or https://HOST, not { $server }
cli-admin-unreachable = cannot reach { $server }: { $error }
cli-admin-wrong_token = { $server } refused the admin token: give the one its server was started with
cli-admin-no_endpoint = { $server } has no admin endpoint: start it with an admin token (docs/deploy.md, Administration)
cli-admin-refused = the server refused ({ $status }): { $message }
cli-admin-not_address = { $address } is neither an address nor a network: write one as 203.0.113.7, 2001:db8::7 or 203.0.113.0/24
cli-admin-banned = { $address } banned: the servers refuse its connections, joins and new rooms within { $seconds } seconds (connections already open stay until they end)
cli-admin-banned_already = { $address } was banned already
cli-admin-unbanned = { $address } no longer banned (within { $seconds } seconds on the running servers)
cli-admin-not_banned = { $address } was not banned: millebornes admin bans lists those that are
cli-admin-no_bans = no address is banned

## cli.review
cli-review-one_deal = the record holds one deal: --deal may only be 1, not { $deal }
cli-review-deal = --deal must be from 1 to { $last }, not { $deal }
cli-review-iterations = --iterations must be at least 1, not { $iterations }
cli-review-seconds = --seconds must be above 0, not { $seconds }
cli-review-seat = --seat must be from 0 to { $last }, not { $seat }
cli-review-jobs = --jobs is from 1 to { $most }, not { $jobs }
cli-review-needs_rich = the review needs rich: pip install 'millebornes[bots]'

# The help of each subcommand and option; argparse fills %(default)s (so a percent sign is %%).
## cli.help
cli-help-millebornes = Mille Bornes: play, analyse and simulate.
cli-help-version = print the version and exit
cli-help-legal = list the legal actions of a position, one a line
cli-help-apply = apply actions to a position, print the new one
cli-help-apply_actions = e.g. 'play 75'
cli-help-score = the itemised score of a finished deal (JSON)
cli-help-replay = print a recorded deal or match as readable lines
cli-help-replay_table = step through one deal on the terminal's table (keys: arrows, Home, End, Esc)
cli-help-replay_seat = with --table: the table as this seat saw it (default: every hand open, once the deal is over)
cli-help-simulate = play bot games and print a summary
cli-help-simulate_bots = one bot for every seat, or one per seat: greedy,random
cli-help-simulate_quiet = print only the summary

## cli.help.play
cli-help-play-play = play Mille Bornes in the terminal (the default)
cli-help-play-resume = continue an unfinished game: choose it from a list, or give its id
cli-help-play-db = the games file (default: %(default)s)
cli-help-play-pace = how long each bot move stays on screen before the next (0: instant; default 0.8)
cli-help-play-lang = en or fr (default: the language of LANG)
cli-help-play-rules = the new game's rules (dujardin)
cli-help-play-players = the new game's player count
cli-help-play-race = the race, e.g. 700, if it may vary
cli-help-play-seats = who sits at each seat, in turn order: %(levels)s (default: person,medium); the new game screen shows it, Enter starts
cli-help-play-seed = shuffle the new game with this seed
cli-help-play-tutorial = play the guided first deal: each move shown and explained, in the chosen language

## cli.settings
cli-settings-refused = { $name } is { $accepted }, not { $value }
cli-settings-in_file = { $setting } in { $path }
cli-settings-unknown = { $setting } in { $path } is not a setting{ $nearest ->
        [none] {""}
       *[other] : did you mean { $nearest }?
    } (docs/deploy.md lists them)
cli-settings-unreadable = cannot read { $path }: { $error }
cli-settings-not_toml = { $path } is not TOML: { $error }
cli-settings-accepts-seconds = a number of seconds from { $low } to { $high }
cli-settings-accepts-positive = a positive number up to { $high }
cli-settings-accepts-days = a number of days from 0 (never) to { $high }
cli-settings-accepts-whole_positive = a positive whole number up to { $high }
cli-settings-accepts-whole = a whole number from { $low } to { $high }
cli-settings-accepts-boolean = true or false
cli-settings-accepts-text = a text that is not empty
cli-settings-accepts-choice = { $choices }
cli-settings-accepts-public_url = an address such as https://cards.example.org
cli-settings-accepts-host_port = HOST:PORT, such as 127.0.0.1:9100
cli-settings-accepts-networks = addresses or networks such as 10.0.0.0/8 or ::1

## cli.help.serve
cli-help-serve-serve = start the browser game (rooms for friends, bots in empty seats)
cli-help-serve-description = Serve the browser game. Open the printed address, create a room and send its invitation link to your friends (use --host 0.0.0.0 to let other machines in).
cli-help-serve-config = a TOML file of settings (default: $MILLEBORNES_CONFIG); the environment's MILLEBORNES_<KEY> and these flags override it (docs/deploy.md lists every key)
cli-help-serve-max_rooms = rooms open at once on this server; the next creation is refused (%(default)s)
cli-help-serve-max_spectators = spectators one room lets watch (%(default)s)
cli-help-serve-host = address to listen on (%(default)s)
cli-help-serve-port = port (%(default)s)
cli-help-serve-db = where every room is kept: a SQLite file, or a PostgreSQL URL (postgresql://USER@HOST/DATABASE) that several servers share, its password in $MILLEBORNES_DB_PASSWORD, $PGPASSWORD or db_password_file rather than here, where ps shows it (default: %(path)s)
cli-help-serve-keep_finished_days = delete a game over that nobody played or reviewed for this many days; 0 keeps every game (default: %(default)s)
cli-help-serve-away_seconds = a bot plays for a person disconnected this long, until they return (%(default)s)
cli-help-serve-coup_fourre_seconds = time to answer a coup-fourré before it is declined (%(default)s)
cli-help-serve-bot_delay = seconds a bot waits before each move, so people can follow (%(default)s)
cli-help-serve-deal_pause = seconds bots wait at most after a deal for the people to close its score sheet (%(default)s)
cli-help-serve-settle_seconds = after an attack someone might answer with a coup-fourré, how long the next seat waits to see it, so that a pause does not tell who could answer (%(default)s)
cli-help-serve-idle_hours = close and archive a room nobody has been connected to this long (%(default)s)
cli-help-serve-rooms_per_minute = rooms one address may create a minute, on average (%(default)s)
cli-help-serve-connects_per_minute = joins and connections one address may open a minute (%(default)s)
cli-help-serve-rooms_per_address = open rooms one address may hold at once (%(default)s)
cli-help-serve-tables_per_minute = looks at the home page's list of tables one address may take a minute, on average (%(default)s)
cli-help-serve-behind_proxy = the server is reached only through a reverse proxy, whatever its address: a client's address is the last entry of the X-Forwarded-For header the proxy sets that is not a --trusted-proxy
cli-help-serve-public_url = the address friends open, e.g. https://cards.example.org (invitation links say it; default: $MILLEBORNES_PUBLIC_URL, or the address the page was opened at)
cli-help-serve-worker_name = this process's name among the processes sharing one database, the same at every restart (e.g. west-1; default: $MILLEBORNES_WORKER_NAME, or a new one at each start): a process restarted under its name takes its rooms back at once instead of waiting out their leases. Never give two running processes one name
cli-help-serve-trusted_proxy = a reverse proxy in front of the server, an address or a network (repeat it, or separate them with commas; default: $MILLEBORNES_TRUSTED_PROXIES): a client's address is the first one of X-Forwarded-For from the right that is not a trusted proxy
cli-help-serve-metrics = serve the server's metrics for Prometheus at /metrics on its own port (keep the proxy from forwarding it, or use --metrics-address)
cli-help-serve-metrics_address = serve the metrics at /metrics only on this address of their own, HOST:PORT such as 127.0.0.1:9100, which no proxy forwards to
cli-help-serve-lease_seconds = with several servers on one database: when a server dies, another takes its rooms this long after it last renewed their leases (%(default)s)
cli-help-serve-search_processes = processes in which hard bots search, at a lower priority than the server (default: one a core)
cli-help-serve-log_format = logs on standard error: a line of text, or a JSON object, an event (%(default)s)
cli-help-serve-seed = deal every room from this seed, for tests and demos only: whoever knows it knows every hand (default: a secret 128-bit seed per room)

## cli.help.tournament
cli-help-tournament-tournament = play bots against each other on duplicate deals and rate them
cli-help-tournament-description = Play bots against each other; every deck is played once per rotation of the bots over the sides, so that the luck of the deal cancels.
cli-help-tournament-bots = the bots, comma-separated, e.g. master,expert
cli-help-tournament-race = the race length, e.g. 700
cli-help-tournament-deals = decks to play, each once per rotation of the bots
cli-help-tournament-match = play every game as a match to 5000, not one deal
cli-help-tournament-seed = same seed, same games
cli-help-tournament-jobs = worker processes (the CPUs of a local Ray)
cli-help-tournament-backend = play in worker processes here, or as Ray tasks (needs the ray extra)
cli-help-tournament-address = with --backend ray: the cluster to join, e.g. ray://head:10001 or auto (default: start a local Ray for the run)
cli-help-tournament-option = write BOT.KEY=VALUE, e.g. master.seconds=0.2 or master.iterations=300
cli-help-tournament-db = the SQLite results file (default: %(default)s)
cli-help-tournament-plot = draw the win rates to this file
cli-help-tournament-progress = a progress bar on stderr (default: when stderr is a terminal)
cli-help-tournament-show = print the table of a stored run (default: the latest) instead of playing
cli-help-tournament-export_record = write a stored game's record to FILE, for millebornes replay

## cli.help.export
cli-help-export-export = write a game played in the terminal as a record, for review and replay
cli-help-export-description = Without GAME, list the games the terminal game stored (the newest first), each with the start of its id; with GAME (any unique start of its id) and FILE, write its record.
cli-help-export-game = the game: any unique start of its id, as the list shows it
cli-help-export-file = where to write its record (- for standard output)
cli-help-export-db = the games file (default: %(default)s)

## cli.help.admin
cli-help-admin-admin = an operator's work on the server's database: list the rooms, migrate, back up, restore, purge
cli-help-admin-description = Work on the database that millebornes serve uses, found as it finds it (--config, MILLEBORNES_DB, --db). docs/deploy.md says when to run each.
cli-help-admin-config = a TOML file of the server's settings (default: $MILLEBORNES_CONFIG), read as millebornes serve reads it
cli-help-admin-db = the database: a SQLite file, or a PostgreSQL URL (default: the server's, server.sqlite in the data folder)
cli-help-admin-migrate = bring the database's schema up to this version
cli-help-admin-migrate_description = Apply the migrations the database lacks (a new database gets them all). A SQLite file is migrated by the server itself; a PostgreSQL database only by this, once for all the servers sharing it, run by a role that may create tables.
cli-help-admin-backup = copy the SQLite database to a new file while the server runs
cli-help-admin-backup_description = Copy the SQLite database whole to a new file, with SQLite's online backup: the server may go on playing meanwhile. PostgreSQL is backed up with pg_dump (docs/deploy.md).
cli-help-admin-restore = put a backup back in place of the database (the server stopped)
cli-help-admin-restore_description = Copy a backup into the database's place and migrate it to this version; stop the server first. An existing database is replaced only with --replace, and kept beside it.
cli-help-admin-purge = delete the games over that nobody kept for keep_finished_days
cli-help-admin-purge_description = Delete the games that are over (finished, or closed after idle_hours) and that nobody played or reviewed for keep_finished_days; a game in progress or still open on a server is kept. The server does the same every hour.
cli-help-admin-file = the backup: a SQLite file
cli-help-admin-replace = replace an existing database (it is kept beside, its name ending in the time)
cli-help-admin-rooms = list the rooms in the database and their state
cli-help-admin-rooms_description = List the browser game's rooms: code, rules, players and their names, state, deal, when last played, which server holds the room's lease and until when, whether it is in the public list. Rooms in progress only, unless --all.
cli-help-admin-all = every room, those over and closed too
cli-help-admin-json = print JSON for tools instead of a table
cli-help-admin-close = close a room of a live server: its players told, the room kept as a record
cli-help-admin-close_description = Close the room CODE on the server at --server (any of those sharing the database: it takes the room over): its players are told, in their language, that the operator closed it, and it is never resumed. Needs the server's admin token (MILLEBORNES_ADMIN_TOKEN or admin_token_file).
cli-help-admin-drain = drain a live server: its rooms go to the other servers
cli-help-admin-drain_description = The server at --server takes no room any more and lets go of its rooms, whose players reconnect through the proxy to another server; its /healthz answers 503 until it restarts. Needs the server's admin token.
cli-help-admin-announce = show a message to every table of a live server
cli-help-admin-announce_description = Show TEXT (300 characters at most) to every page connected to the server at --server, introduced in each player's language as a message from the server. With several servers, announce on each one's own address. Needs the server's admin token.
cli-help-admin-server = the server's own address (http://127.0.0.1:8000 on its machine)
cli-help-admin-code = the room's code, as in its link /room/CODE
cli-help-admin-text = the message, shown as it is written
cli-help-admin-ban = ban an address or a network from every server of the database
cli-help-admin-ban_description = Refuse the connections, joins and new rooms of ADDRESS (an IPv4 or IPv6 address, or a network such as 203.0.113.0/24) on every server of the database, within seconds. Players have no account yet: a ban is of an address, which a player may change and others may share.
cli-help-admin-unban = lift the ban of an address or a network
cli-help-admin-unban_description = Lift the ban of ADDRESS, written as it was banned (millebornes admin bans lists them).
cli-help-admin-bans = list the banned addresses and networks
cli-help-admin-bans_description = List the addresses and networks banned by millebornes admin ban, the oldest first.
cli-help-admin-address = an IPv4 or IPv6 address, or a network such as 203.0.113.0/24

## cli.help.review
cli-help-review-review = master judges a seat's decisions in a recorded deal
cli-help-review-record = a deal or match record
cli-help-review-seat = the seat reviewed, numbered from 0 as in the notation (default 0: South)
cli-help-review-deal = of a match: its deal K (from 1)
cli-help-review-iterations = rollouts per decision (reproducible; default 1000)
cli-help-review-seconds = seconds per decision instead
cli-help-review-jobs = processes (default 1)
cli-help-review-seed = the review's random seed
cli-help-review-json = print the review as JSON

# The guided first deal (core/tutorial.py): the line that says which move each step asks for and
# why (tutorial-IDEA), and what answers another move. Both games show them.
## tutorial
tutorial-title = Learn to play
tutorial-step = Lesson { $number } of { $count }
tutorial-roll = You drive South's car against North: the first to travel exactly 1000 km wins the deal. Nobody drives before a green light: play your Roll.
tutorial-distance = You are rolling: distance cards take you on. Play your 100 km.
tutorial-remedy = North gave you a Flat Tire, a hazard: you cannot drive until you play its remedy. Play your Spare Tire.
tutorial-roll_again = The tire is mended, but after a remedy you need a Roll again before you drive on. Play your Roll.
tutorial-speed_limit = North put a Speed Limit on you: while it stands, only 25 km and 50 km may be played. Play your 50 km.
tutorial-end_of_limit = End of Limit lifts the Speed Limit. Play it, and every distance card is yours again.
tutorial-safety = A safety protects you for the whole deal, is worth 100 points and gives you another turn at once. Play Puncture-Proof: no Flat Tire can stop you again.
tutorial-another_turn = Your extra turn, thanks to the safety: play your 200 km.
tutorial-coup_fourre = North attacks you with an Accident, and you hold Driving Ace, its safety: call coup-fourré! The Accident is thrown away, the safety earns 300 points more, and you play at once.
tutorial-after_coup_fourre = After a coup-fourré you play straight away: play your 200 km.
tutorial-keep_going = Keep driving: play a 100 km.
tutorial-two_200s = You hold a third 200 km, but a side may lay only two in a deal: this one cannot be played. Play a 100 km instead.
tutorial-near_the_end = Play a 100 km: you will be at 950 km.
tutorial-exactly = A 100 km would take you past 1000, and the race ends exactly there. Play your 50 km to finish.
tutorial-score = You reached exactly 1000 km and won the deal. The sheet counts 1 point a km, 100 a safety, 300 more for the coup-fourré and 400 for the win; the two 200 km cost you the 200 points of a trip without one.
tutorial-refused = Not this move: this lesson asks you to play { $card }, as its line says.
tutorial-refused_coup_fourre = Call the coup-fourré: letting the attack pass would leave you stopped by the Accident.
tutorial-leave = Leave the lesson
