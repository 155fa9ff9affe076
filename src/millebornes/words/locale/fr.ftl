### Les mots du jeu en français (Project Fluent : https://projectfluent.org/fluent/guide/) :
### les mêmes messages que locale/en.ftl, avec les mêmes variables (tests/test_words.py le
### vérifie). Les commentaires de en.ftl disent ce que chaque groupe contient.

side = l'équipe { $number }

## option
option-play = poser { INDEFINITE($card) }
option-drive = avancer de { $card }
option-attack = attaquer { $side } avec { INDEFINITE($card) }
option-discard = défausser { INDEFINITE($card) }
option-coup-fourre = annoncer le coup fourré
option-decline = laisser passer l'attaque
option-extend = prolonger la course à 1000
option-finish = arrêter la course ici

# .indefinite et .definite : le nom avec son article, là où une phrase en demande un
# ({ INDEFINITE($card) }, { DEFINITE($card) }).
## card
card-25 = 25 bornes
    .indefinite = un 25 bornes
    .definite = le 25 bornes
card-50 = 50 bornes
    .indefinite = un 50 bornes
    .definite = le 50 bornes
card-75 = 75 bornes
    .indefinite = un 75 bornes
    .definite = le 75 bornes
card-100 = 100 bornes
    .indefinite = un 100 bornes
    .definite = le 100 bornes
card-200 = 200 bornes
    .indefinite = un 200 bornes
    .definite = le 200 bornes
card-stop = Feu rouge
    .indefinite = un Feu rouge
    .definite = le Feu rouge
card-speed-limit = Limite de vitesse
    .indefinite = une Limite de vitesse
    .definite = la Limite de vitesse
card-out-of-gas = Panne d'essence
    .indefinite = une Panne d'essence
    .definite = la Panne d'essence
card-flat-tire = Crevaison
    .indefinite = une Crevaison
    .definite = la Crevaison
card-accident = Accident
    .indefinite = un Accident
    .definite = l'Accident
card-roll = Feu vert
    .indefinite = un Feu vert
    .definite = le Feu vert
card-end-of-limit = Fin de limite
    .indefinite = une Fin de limite
    .definite = la Fin de limite
card-gasoline = Essence
    .indefinite = une Essence
    .definite = l'Essence
card-spare-tire = Roue de secours
    .indefinite = une Roue de secours
    .definite = la Roue de secours
card-repairs = Réparations
    .indefinite = des Réparations
    .definite = les Réparations
card-right-of-way = Véhicule prioritaire
    .indefinite = un Véhicule prioritaire
    .definite = le Véhicule prioritaire
card-extra-tank = Citerne d'essence
    .indefinite = une Citerne d'essence
    .definite = la Citerne d'essence
card-puncture-proof = Increvable
    .indefinite = un Increvable
    .definite = l'Increvable
card-driving-ace = As du volant
    .indefinite = un As du volant
    .definite = l'As du volant

## list
list-and = { $items } et { $last }
list-or = { $items } ou { $last }

## refusal
refusal-action = { $action } : { $reason }
refusal-deal_over = la manche est finie
refusal-answer_first = répondez d'abord à l'attaque : 'coup-fourre' ou 'decline'
refusal-decide_extension_first = décidez d'abord si vous prolongez la course à 1000 ('extend') ou l'arrêtez ('finish')
refusal-no_attack = il n'y a pas d'attaque à contrer par un coup fourré
refusal-no_extension = il n'y a pas d'allonge à décider
refusal-no_such_side = il n'y a pas d'équipe { $side } : les équipes vont de 0 à { $last }
refusal-not_in_hand = la carte { $card } n'est pas dans votre main
refusal-stopped_by = vous êtes arrêté par { INDEFINITE($hazard) }
refusal-not_rolling = vous ne roulez pas : il vous faut d'abord { card-roll.indefinite }
refusal-speed_limit = vous êtes sous { card-speed-limit.indefinite } : seulement des 25 et des 50 jusqu'à { card-end-of-limit.definite }, pas de { $card }
refusal-past_the_race = { $card } vous feraient dépasser { $race } bornes
refusal-two_200s = pas plus de deux 200 par équipe
refusal-no_roll_needed = avec { card-right-of-way.definite }, plus besoin de { card-roll }
refusal-already_rolling = vous roulez déjà
refusal-remedy_first = il faut d'abord la parade de { DEFINITE($hazard) }
refusal-not_limited = vous n'êtes pas sous { card-speed-limit.indefinite }
refusal-repairs_only = la carte { $card } ne pare que { DEFINITE($hazard) }
refusal-attack_another_side = une attaque se joue sur une autre équipe : écrivez 'attack { $notation } ÉQUIPE'
refusal-own_side = vous ne pouvez pas attaquer votre propre équipe
refusal-side_protected = { DEFINITE($safety) } protège { $side }
refusal-side_limited = { card-speed-limit.indefinite } est déjà posée chez { $side }
refusal-side_not_rolling = impossible d'attaquer { $side } à l'arrêt
refusal-not_your_turn = ce n'est pas votre tour
refusal-game_over = la partie est finie
refusal-not_saved = la partie n'a pas pu enregistrer ce coup ; réessayez
refusal-room_moved = cette partie est passée sur un autre serveur : la page se reconnecte, puis réessayez
refusal-not_saving = le serveur ne peut rien enregistrer pour l'instant : ceci n'a pas été pris ; réessayez dans un instant
refusal-not_stored = la partie n'a pas pu enregistrer ce coup : la page se reconnecte, puis réessayez
refusal-stopping = le serveur redémarre : ce coup n'a pas été pris ; la page se reconnecte, puis réessayez
refusal-name_reserved = un nom de joueur ne peut pas contenir les mots de la table pour les robots et pour vous (« robot », « vous ») : choisissez-en un autre
refusal-name_taken = un autre joueur a ce nom, ou un nom qui se lit pareil : choisissez-en un autre
refusal-name_at_table = quelqu'un à cette table a ce nom, ou un nom qui se lit pareil : choisissez-en un autre
refusal-bad_code = ce code est inconnu, déjà utilisé ou expiré : faites-en un nouveau sur votre autre appareil
refusal-bad_password = aucun joueur n'a ce nom et ce mot de passe
refusal-no_player = il faut votre joueur : ouvrez d'abord la page d'accueil, qui le crée
refusal-bad_passkey = cette clé d'accès a été refusée : elle est inconnue ici, ou sa réponse est arrivée trop tard ou a déjà servi ; réessayez
refusal-no_name = prenez d'abord un nom : le navigateur l'affiche avec votre clé d'accès
refusal-no_passkeys = les clés d'accès demandent le nom du serveur dans son adresse, pas une adresse IP
refusal-no_such_passkey = vous n'avez pas de clé d'accès de cet identifiant
refusal-no_device = aucun autre de vos appareils n'a cet identifiant

## notation
notation-unknown_card = carte inconnue { $text } ; les cartes sont : { $cards }
notation-unknown_verb = verbe inconnu { $verb } ; une action commence par l'un de : { $verbs }
notation-malformed = action mal formée { $shape } : play et discard prennent une carte, attack une attaque et une équipe, les autres rien
notation-not_text = une action s'écrit en texte, pas { $value }
notation-empty = action vide ; écrivez par exemple 'play 75', 'attack stop 1' ou 'discard roll'
notation-unknown_action = action inconnue { $word } ; une action commence par l'un de : { $verbs }
notation-takes_nothing = '{ $verb }' ne prend pas de carte : écrivez seulement '{ $verb }'
notation-takes_a_card = écrivez '{ $verb } CARTE', par exemple '{ $verb } 75'
notation-attack_shape = écrivez 'attack ATTAQUE ÉQUIPE', par exemple 'attack flat-tire 1'
notation-not_a_hazard = { $card } n'est pas une attaque : seules les attaques se jouent contre une équipe
notation-side_number = une équipe est un numéro (0 pour la première), pas { $text }

## position
position-where-position = la position
position-did_you_mean = vouliez-vous dire { $near } ?
position-fields_are = les champs sont : { $fields }
position-unknown_field = { $where } : champ inconnu { $field } ; { $hint }
position-whole_number = { $where } doit être un nombre entier, pas { $value }
position-card_list = { $where } doit être une liste de cartes
position-not_a_card = { $where } : { $item } n'est pas un nom de carte
position-at = { $where } : { $problem }
position-seat = { $where } doit être une place de 0 à { $last }, pas { $value }
position-rules = rules doit être le nom d'un jeu de règles, pas { $value }
position-not_json = { $what } n'est pas du JSON valide : { $problem } (ligne { $line }, colonne { $column })
position-not_an_object = une position est un objet JSON (voir docs/position.md)
position-no_extension = { $rules } à { $players } joueurs n'a pas d'allonge
position-extended_race = après une allonge, la course est de 1000
position-hands = hands doit donner { $players } mains, une par place
position-hand_size = { $where } tient { $count } cartes ; une main en tient au plus { $most }
position-sides = sides doit donner { $sides } tableaux, un par équipe
position-tableau = { $where } doit être un objet avec battle, speed, safeties, coups_fourres et distance
position-cannot_hold = { $where } ne peut pas contenir { $cards }
position-coups_in_safeties = { $where } : chaque botte d'un coup fourré doit aussi être dans safeties
position-past_the_race = { $where } a { $km } bornes, au-delà de la course de { $race }
position-too_many_200s = { $where } a { $count } cartes 200 ; une équipe en pose au plus deux
position-too_many_cards = plus de cartes que le jeu n'en a ({ $kinds } sortes, { $cards } cartes) : { $excess }
position-excess = { $card } : { $count } de trop
position-decision = decision doit être l'un de { $decisions }, pas { $value }
position-to_act_over = to_act doit être null une fois la manche finie
position-no_cards = la place { $seat } doit jouer mais ne tient aucune carte
position-trip_done = { $where } a terminé la course : la manche est finie
position-attack_only = attack ne se donne qu'avec la décision coup-fourre : l'attaque à laquelle on répond
position-extension = une allonge ne se décide que par une équipe qui vient d'atteindre 700 dans une course parker de 700
position-moves = moves doit être une liste de {"{"}"seat": PLACE, "action": ACTION{"}"}
position-attack_needed = une décision coup-fourre demande "attack": {"{"}"by": PLACE, "hazard": CARTE{"}"}
position-hazard = attack.hazard doit être une attaque, pas { $value }
position-not_on_top = l'équipe attaquée { $side } n'a pas { $card } en haut de sa pile
position-own_side = une place ne peut pas être attaquée par sa propre équipe
position-no_safety = la place { $seat } n'a pas { $card } pour répondre
position-scores = scores doit donner { $sides } nombres entiers, un par équipe, pas { $value }

## record
record-where-record = l'enregistrement
record-where-deal = la manche { $deal }
record-actions = les actions d'un enregistrement sont une liste d'actions en notation
record-replay = l'action { $number } ({ $action }) ne peut pas être rejouée : { $problem }
record-replay_in_deal = manche { $deal }, l'action { $number } ({ $action }) ne peut pas être rejouée : { $problem }
record-whole_number = le champ { $field } de l'enregistrement doit être un nombre entier, pas { $value }
record-not_an_object = { $where } doit être un enregistrement { $kind ->
        [match] de partie
       *[deal] de manche
    } (un objet JSON)
record-kind = { $where } : kind doit être { $kind }, pas { $value }
record-version = { $where } : version doit être { $version }, le format d'enregistrement que ce programme lit, pas { $value }
record-seats = { $where } : seats doit être une liste de noms, un par place
record-cannot_deal = l'enregistrement ne peut pas être distribué : { $problem }
record-deal_over = la manche { $deal } est finie
record-deals = les manches (deals) d'un enregistrement de partie sont une liste
record-after_the_match = la manche { $deal } vient après la fin de la partie
record-deal_not_over = la manche { $deal } n'est pas finie après { $actions ->
        [one] sa seule action
       *[other] ses { $actions } actions
    }
record-not_a_record = un enregistrement est un objet JSON avec rules, players, seed et actions

## settings
settings-players = { $rules } se joue à { $counts } joueurs, pas { $players }
settings-race = { $rules } à { $players } joueurs se court en { $races } bornes, pas { $race }
settings-unknown_rules = règles inconnues { $name } ; les jeux de règles sont : { $presets }
settings-target = le but de la partie doit être un nombre de points positif, pas { $target }
settings-dealer = le donneur doit être une place de 0 à { $last }, pas { $dealer }
settings-scores = scores donne un nombre par équipe : { $sides }, pas { $given }
settings-unknown_bot = robot inconnu { $name } ; les robots sont : { $bots }
settings-bot_options = { $bot } prend { $takes } ; pas { $refused }
settings-only_seed = seulement seed
settings-search_budget = la recherche demande des itérations, une échéance ou les deux
settings-two_bots = un tournoi demande au moins deux robots (nommez-en un deux fois pour le faire jouer contre lui-même)
settings-decks = le nombre de manches va de 1 à { $most }, pas { $decks }
settings-options_unused = des options sont données pour le robot { $bot }, qui ne joue pas
settings-jobs = le nombre de processus va de 1 à { $most }, pas { $jobs }
settings-backend = moteur inconnu { $backend } ; les moteurs sont : { $known }
settings-unknown_settings = réglages de partie inconnus : { $names }
settings-listen = impossible d'écouter sur { $where } : { $error }
settings-port_busy = impossible d'écouter sur { $where } : { $error } (un autre serveur y tourne-t-il ?)
settings-seat_kind = une place est { $kinds }, pas { $kind }
settings-no_person = une salle demande au moins une place pour une personne
settings-knob = { $option } doit être { $accepted }, pas { $value }
settings-accepted-positive_whole = un nombre entier positif
settings-accepted-positive = un nombre positif
settings-accepted-whole = un nombre entier, 0 ou plus
settings-accepted-not_negative = un nombre, 0 ou plus
settings-accepted-share = un nombre entre 0 et 1
settings-accepted-odds = un nombre de 0 à 1

## request
request-not_over = la manche n'est pas encore finie : elle se compte une fois terminée
request-seat = la place doit aller de 0 à { $last }, pas { $seat }
request-hand = la place { $seat } tient { $size ->
        [one] { $size } carte
       *[other] { $size } cartes
    } : donnez-lui-en autant, comptées par sorte ({ $kinds } sortes), pas { $given }
request-stock = la pioche tient { $left ->
        [one] { $left } carte restante
       *[other] les { $left } cartes restantes
    }, pas { $given }
request-deal_not_over = la manche { $deal } de cette partie n'est pas finie : seule une manche finie s'analyse
request-open_not_over = toutes les mains se montrent une fois la manche finie : celle-ci continue
request-nothing_to_decide = la place { $seat } n'a pas de décision à prendre maintenant ({ $decision })
request-tournament_database = impossible d'utiliser { $path } comme base de tournoi : { $error }
request-no_run = { $path } ne contient aucune série de tournoi
request-no_such_run = { $path } n'a pas de série { $run }
request-empty_run = { $path } ne contient aucune partie de la série { $run }
request-no_such_game = { $path } n'a pas de partie { $game }
request-no_games = un taux de victoire demande au moins une partie
request-no_values = { $of ->
        [mean] une moyenne
       *[percentile] un centile
    } demande au moins une valeur
request-no_seat_to_act = la manche est finie : aucune place n'a à jouer

## reason
reason-random = une action permise, tirée au hasard
reason-tutor = le coup prévu de la donne guidée

## reason.greedy
reason-greedy-coup_fourre = un coup fourré vaut toujours d'être annoncé
reason-greedy-finish = s'arrêter à { $race } tant que la course est gagnée
reason-greedy-remedy = { $card } : réparer la voiture avant tout
reason-greedy-distance = { $card } : la plus grande étape qui passe
reason-greedy-attack = { $card } sur le meneur, { $side }
reason-greedy-safety = { $card } : rien d'autre à jouer, et une botte fait rejouer
reason-greedy-discard_useless = défausser { $card } : cette carte ne pourra jamais être jouée
reason-greedy-discard_least = défausser { $card } : la carte la moins utile à garder

## reason.expert
reason-expert-coup_fourre = Coup fourré : 300 points de plus, l'attaque annulée et le tour suivant
reason-expert-extend = Prolonger à 1000 : les autres sont loin derrière ou arrêtés
reason-expert-finish = S'arrêter à { $race } : prendre la course tant qu'elle est sûre
reason-expert-wait_to_finish = Attendre que la pioche soit vide pour finir (action retardée) : { $meanwhile }
reason-expert-lay_before_finishing = Poser { $card } avant de finir : une botte encore en main à la fin ne marque rien
reason-expert-completes = { $card } termine la course
reason-expert-clears = { $card } pare l'attaque et fait rejouer
reason-expert-right_of_way_rolls = Véhicule prioritaire tout de suite (conseil de Dujardin) : la voiture roule pour de bon
reason-expert-right_of_way_spares = Véhicule prioritaire tout de suite (conseil de Dujardin) : plus besoin de Feu vert, plus de Feu rouge ni de Limite de vitesse à craindre
reason-expert-lay_only_safeties = Poser { $card } : la main ne tient rien d'autre
reason-expert-lay_deal_may_end = Poser { $card } maintenant : la manche peut finir avant un coup fourré
reason-expert-lay_all_seen = Poser { $card } et rejouer : toutes les attaques que cette botte pare sont sorties, plus de coup fourré possible
reason-expert-lay_stuck = Poser { $card } et rejouer : une carte neuve vaut mieux que défausser une carte utile
reason-expert-lay_unlikely = Poser { $card } et rejouer : un coup fourré est devenu peu probable
reason-expert-mends = { $card } répare la voiture ({ $hazard })
reason-expert-roll = Feu vert : la voiture est arrêtée
reason-expert-attack_safe = { $card } sur { $side } : aucun risque d'une réponse par { $safety }
reason-expert-attack_risk = { $card } sur { $side } : { $risk } % de risque d'une réponse par { $safety }
reason-expert-end_of_limit = Fin de limite : les grandes étapes attendent
reason-expert-drive = { $card } : encore { $left } bornes
reason-expert-drive_no_200 = { $card } : encore { $left } bornes, mais adieu la prime sans 200
reason-expert-discard = Défausser { $card } : { $why }
reason-expert-never_playable = cette carte ne pourra jamais être jouée
reason-expert-all_seen = toutes les cartes { $hazard } sont déjà sorties
reason-expert-covered = la botte { $safety } en main pare toute attaque { $hazard }
reason-expert-spare_copy = un exemplaire en double
reason-expert-least_worth_keeping = la carte la moins utile à garder

## reason.master
reason-master-only_legal = La seule action permise
reason-master-only_sensible = La seule action sensée
reason-master-odds = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées
reason-master-keeps_within_noise = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées, contre { $other_win } % pour { $other }, mais l'écart reste dans le bruit de la simulation : il garde le choix de l'expert
reason-master-departs = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées, contre { $other_win } % pour { $other }
reason-master-departs_fewer_wins = { $why } ; ce choix gagne { $win } % de { $rollouts } fins simulées, contre { $other_win } % pour { $other } : moins de victoires, mais un meilleur résultat en moyenne (plus de points, ou la partie près de sa fin)
reason-master-attack = Attaquer { $side } avec { INDEFINITE($card) } : { $standing } et { $guard }
reason-master-leads = { $km } bornes d'avance sur vous
reason-master-trails = { $km } bornes de retard sur vous
reason-master-level = à égalité avec vous
reason-master-you_hold = vous avez { DEFINITE($card) }
reason-master-already_out = la botte { $card } est déjà sortie
reason-master-cannot_hold = la botte { $card } ne peut pas être dans son jeu
reason-master-unseen = la botte { $card } n'est pas encore sortie
reason-master-drive = Poser { $card } : { $goal }
reason-master-completes = la course est terminée
reason-master-to_go = encore { $km } bornes
reason-master-clears = Poser { $card } : l'attaque est parée, et on rejoue
reason-master-protects = Poser { $card } : 100 points et une protection, et on rejoue
reason-master-end_of_limit = Poser Fin de limite : les grandes étapes peuvent repartir
reason-master-remedy = Poser { $card } pour repartir
reason-master-discard = Défausser { $card } : la carte qui manque le moins aux fins simulées
reason-master-coup_fourre = Coup fourré avec { DEFINITE($card) } : 300 points de prime et le tour suivant
reason-master-finish = S'arrêter à { $race } : prendre la course maintenant
reason-master-extend = Prolonger la course à 1000 : plus de points à gagner qu'à perdre
reason-master-decline = Laisser passer l'attaque : la botte vaudra davantage plus tard

# Les noms des règles, tels que les joueurs les connaissent (les deux jeux).
## preset
preset-dujardin = Dujardin (le classique)
preset-winning-moves = Winning Moves (2008, en équipes)
preset-parker = Parker Brothers (700 bornes, allonge)
rules_title = Règles du Mille Bornes : { $preset }

## seat
seat-south = Sud
seat-north = Nord
seat-west = Ouest
seat-east = Est
seat-northwest = Nord-Ouest
seat-northeast = Nord-Est
seat-southwest = Sud-Ouest
seat-southeast = Sud-Est

## tui
tui-title = Mille Bornes
tui-new_game = Nouvelle partie
tui-rules = Règles
tui-players = Joueurs
tui-race = Course
tui-race_km = { $race } bornes
tui-match = Partie
tui-match_target = Partie en 5000 points
tui-single_deal = Une seule manche
tui-language = Langue
tui-seats = Places (dans l'ordre du jeu)
tui-person = Personne
tui-easy = Robot facile
tui-medium = Robot moyen
tui-hard = Robot fort
tui-start = Jouer
tui-start_hint = Entrée lance la partie réglée ci-dessous. Pour la changer d'abord : Tab ou les flèches passent d'un champ à l'autre, Entrée ou Espace en ouvre un.
tui-you_mark = vous
# L'état d'un tableau : s'il roule, ce qu'il lui faut pour rouler, et la limite de vitesse.
tui-state-rolling = roule
tui-state-stopped = à l'arrêt : il faut { INDEFINITE($card) }
tui-state-limited = vitesse limitée
tui-state-unlimited = sans limite
tui-safeties = Bottes
tui-none = —
tui-twos = 200
tui-stock = Pioche
tui-discard = Défausse
tui-cards = { $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }
tui-deal = Manche { $number }
tui-points = { $points } pts
tui-your_turn = À vous : choisissez une carte (1-7), puis p pour jouer ou d pour défausser.
tui-must_discard = Vous devez défausser : aucune carte ne peut être jouée. Choisissez-en une (1-7), puis d pour la défausser.
tui-your_turn_short = ▶ À vous
tui-must_discard_short = ▶ À vous de défausser
tui-thinking = { $name } réfléchit…
tui-hand = Main de { $name }
tui-hidden_hand = La main est cachée.
tui-your_hand = Votre main
tui-new_card = nouvelle
tui-bell_on = La sonnerie retentit à votre tour et aux coups fourrés (b : sans sonnerie).
tui-bell_off = Sans sonnerie (b : une sonnerie à votre tour).
tui-waiting = On attend { $name }.
tui-distance = distance
tui-hazard = attaque
tui-remedy = parade
tui-safety = botte
tui-play = Jouer
tui-discard_button = Défausser
tui-help = Règles
tui-pick_first = Choisissez d'abord une carte : son numéro (1-7) ou un clic.
tui-not_your_turn = Ce n'est pas votre tour.
tui-choose_target = Attaquer qui ? Tapez le numéro d'un jeu, ou cliquez-le (Échap : annuler).
tui-selected = { $card } choisie : p pour jouer, d pour défausser.
tui-selected_hazard = { $card } choisie : p pour attaquer, d pour défausser.
tui-cannot_play = ✗ { $card } ne peut pas être jouée : { $reason }. d pour la défausser.
tui-hint_line = Conseil : { $action }. { $reason }
tui-hint_wait = Le maître réfléchit à un conseil…
tui-coup_title = Coup fourré ?
tui-coup_text =
    { $attack }.
    Vous avez { $safety } : annoncez le coup fourré pour parer, marquer 300 de plus et jouer aussitôt.
tui-coup_call = Coup fourré ! (c)
tui-coup_pass = Laisser passer (n)
tui-extension_title = 700 bornes atteintes
tui-extension_text = Prolonger la course à 1000 bornes, ou s'arrêter et finir la manche ?
tui-extend = Prolonger à 1000 (e)
tui-finish = S'arrêter à 700 (s)
tui-pass_title = Passez à { $name }
tui-pass_text = Donnez le clavier à { $name }, puis Entrée pour montrer sa main.
tui-ready = Je suis { $name } (Entrée)
tui-deal_over = Fin de la manche { $number }
tui-next_deal = Manche suivante (Entrée)
tui-match_over = Vainqueur de la partie : { $winner } !
tui-match_tie = La partie finit à égalité.
tui-deal_summary = Manches jouées : { $deals }.
tui-new_game_button = Nouvelle partie (n)
tui-see_table = Table (t)
tui-final_table = La table à la fin de la manche : Entrée pour la suivante, s pour la marque.
tui-final_table_over = La table à la fin de la partie : s pour la marque, q pour quitter.
tui-quit = Quitter (q)
tui-total = Total de la manche
tui-match_total = Total de la partie
tui-resume_title = Parties en cours
tui-resume_none = Aucune partie en cours : commencez-en une.
tui-resume_item = { $when }  { $rules } · { $who } · { $actions ->
        [one] { $actions } coup
       *[other] { $actions } coups
    } · { $scores }
tui-resume_against_bots = { $person } contre { $bots ->
        [one] 1 robot
       *[other] { $bots } robots
    }
tui-resume_hot_seat = chacun son tour : { $people } personnes{ $bots ->
        [0] {""}
        [one] , 1 robot
       *[other] , { $bots } robots
    }
tui-resume_bots_only = { $bots } robots
tui-resume_rules-dujardin = Dujardin
tui-resume_rules-winning-moves = Winning Moves
tui-resume_rules-parker = Parker Brothers
tui-saved = Partie enregistrée. Reprenez-la avec : millebornes play --resume
tui-deal_over_log = Fin de la manche { $number } : { $scores }
tui-side_total = { $name } { $points }
# Un nombre écrit à la française (1 500).
tui-number = { $value }
tui-deal_start_log = Manche { $number } : { $dealer } distribue.
tui-key_pick = Choisir
tui-key_play = Jouer
tui-key_discard = Défausser
tui-key_hint = Conseil
tui-key_rules = Règles
tui-key_quit = Quitter
tui-key_start = Jouer
tui-key_new_game = Nouvelle partie
tui-key_back = Retour
tui-key_field = Champ suivant
tui-key_open = Ouvrir
tui-key_choose = Choisir
tui-key_continue = La reprendre
tui-key_next_deal = Manche suivante
tui-key_score = Feuille de marque
tui-key_target = Cible
tui-key_attack = Attaquer
tui-key_cancel = Annuler
tui-key_bell = Sonnerie
tui-key_table = Voir la table
tui-key_review = Analyse
tui-key_replay = Revoir
tui-key_coup_call = Annoncer le coup fourré
tui-key_coup_pass = Laisser passer
tui-key_extend = Prolonger à 1000
tui-key_finish = S'arrêter à 700
tui-key_ready = Montrer ma main

# Les noms des touches du clavier, dans les pieds d'écran.
## tui.keyname
tui-keyname-enter = Entrée
tui-keyname-space = Espace
tui-keyname-esc = Échap
tui-keyname-tab = Tab

## tui.score_item
tui-score_item-distance = Bornes
tui-score_item-safeties = Bottes (100 chacune)
tui-score_item-coups_fourres = Coups fourrés (300 de plus chacun)
tui-score_item-winner = Gagnant de la manche
tui-score_item-no_200 = Gagnant sans 200
tui-score_item-capot = Capot (adversaire à 0 borne)
tui-score_item-all_safeties = Les quatre bottes
tui-score_item-trip = Course terminée
tui-score_item-delayed_action = Action retardée
tui-score_item-safe_trip = Course sans 200
tui-score_item-shut_out = Capot (adversaires à 0)
tui-score_item-extension = Prolongation
# Les mots de la page en plus (ticket 40) : qui joue, ce qui vient de se passer, les touches, partir.
web-other_language = English
web-skip_to_hand = Aller à votre main
web-table_title = Mille Bornes : la table
web-seats_here = Vos places sur cet appareil
web-seat_n = Place { $n }
web-hand = Votre main
web-side_panel = Scores et journal de la partie
web-sound = Sons
web-notify = Me prévenir quand c'est mon tour
web-notify_refused = Le navigateur n'autorise pas les notifications pour cette page.
web-leave = Quitter
web-leave_title = Quitter la salle ?
web-leave_text = Votre place vous reste : revenez avec le lien d'invitation. En attendant, un robot finit par jouer à votre place.
web-leave_yes = Quitter
web-leave_no = Rester
web-held_title = Vos parties
web-held_room = Salle { $code }
web-forget = Oublier
web-invite_link = Lien d'invitation
web-copy_failed = Copie impossible : sélectionnez le lien et copiez-le vous-même.
web-local_only = Seule cette machine peut ouvrir ce lien : vos amis sur d'autres machines ne peuvent pas rejoindre la partie. Pour les inviter, servez le jeu sur votre réseau (--host 0.0.0.0) ou sur internet (docs/deploy.md).
web-keys_hint = Touches : ? pour la liste
web-list = { $items } et { $last }
web-nothing = aucune
web-no_limit = pas de limite
web-you_side = { $name } (vous)
web-playing_now = (joue en ce moment)
web-turn_position = joue en { $n ->
    [1] 1er
   *[other] { $n }e
}
web-stood_in = un robot joue à sa place
web-offline_for = déconnecté : un robot joue dans { $s } s
web-lost_connection = { $name } a perdu la connexion : un robot prend sa place dans { $s } s
web-stand_in_plays = Un robot joue à la place de { $name }…
web-waits_next = On attend que { $names } lance la manche suivante
web-reads_review = { $names } { $count ->
    [one] lit
   *[other] lisent
} l'analyse de la manche : la suivante commence à { $time } au plus tard
web-watching = { $count ->
    [one] 1 spectateur
   *[other] { $count } spectateurs
}
web-watching_names = { $watching } : { $names }
web-your_question = On attend votre réponse
web-target_here = Cible
web-last_move = Dernier coup
web-no_move_yet = Pas encore de coup dans cette manche.
web-card_playable = jouable
web-card_not_playable = pas jouable
web-card_new = tout juste piochée
web-new_badge = nouvelle
web-why_not = Injouable, car { $reason }
web-choose_target_key = Choisissez qui attaquer : Tab d'un adversaire à l'autre, Entrée attaque.
web-cannot_play_key = { $card } ne peut pas être jouée maintenant : D pour la défausser.
web-move_waits = Connexion perdue : votre coup partira dès qu'elle reviendra.
web-move_dropped = Votre coup n'est pas parti : la table a changé pendant la coupure. Rejouez.
web-coup_moment = COUP-FOURRÉ !
web-coup_moment_by = { $name } pare l'attaque
web-deal_end = La manche { $n } est finie : { $scores }.
web-side_points = { $name } { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
web-tab_your_turn = ▶ À vous · Mille Bornes
web-following_rematch = La revanche a commencé : vous la suivez dans un instant.
web-rematch_offered = Les joueurs peuvent lancer une revanche : vous les suivrez.
web-discard_safety_title = Défausser { $card } ?
web-discard_safety_text = Une botte vous protège toute la manche, et la poser vous fait rejouer. Défaussée, elle est perdue.
web-discard_safety_yes = La défausser
web-discard_safety_no = La garder
web-read_side = { $name } : { $km } sur { $race } km ; pile de bataille : { $battle } ; vitesse : { $speed } ; bottes : { $safeties }.
web-read_stock = { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    } dans la pioche.
web-read_hand = Votre main : { $cards }.

## web
web-title = Mille Bornes
web-new_room = Nouvelle partie
web-rules = Règles
web-players = Joueurs
web-race = Course
web-length = Durée
web-match_5000 = Partie en 5000 points
web-single_deal = Une manche
web-seats = Places
web-create = Créer la salle
web-learn_text = Une manche guidée contre un adversaire scripté : chaque idée du jeu tour à tour, avec son pourquoi.
web-learn_start = Commencer la leçon
web-lesson_again = Refaire la leçon
web-how_title = Comment ça marche
web-how_text = Créez une salle, envoyez le lien d'invitation à vos amis ; des robots prennent les places que vous leur donnez. Chacun joue sur son téléphone ou son ordinateur.
web-person = Une personne
web-bot_easy = Robot : facile
web-bot_medium = Robot : moyen
web-bot_hard = Robot : fort
web-teams = Les partenaires se font face :
web-team = les places { $seats } forment l'équipe { $side }
web-join_title = Rejoindre la partie
web-your_name = Votre nom
web-watch = Regarder
web-take_seat = Prendre la place { $n }
web-copy_link = Inviter
web-copy = Copier
web-copied = Lien d'invitation copié
web-add_player = Ajouter un joueur sur cet appareil
web-waiting_for = On attend : { $names }. Envoyez-leur le lien d'invitation.
web-seats_free = La partie commence quand toutes les places sont prises.
web-memo = Mémo
web-more = Plus
web-memo_title = Quelle carte répond à quelle attaque
web-memo_hazard = Attaque
web-memo_remedy = Parade
web-memo_safety = Botte (protège pour de bon)
web-close = Fermer
web-log = Journal
web-your_turn = À vous : choisissez une carte
web-must_discard = Vous devez défausser : aucune carte ne peut être jouée
web-waits_for = { $name } joue…
web-you_wait = On attend la table…
web-deal_over = La manche est finie
web-match_over = La partie est finie
web-play = Poser
web-discard = Défausser
web-attack = Attaquer { $name }
web-choose_target = ou touchez { $teams ->
    [yes] l'équipe
   *[no] le joueur
} à attaquer
web-coup_title = { $name } vous attaque : { $hazard } !
web-coup_text = Vous avez { $safety } : coup fourré ?
web-call = Coup fourré !
web-decline = Laisser passer
web-coup_time = { $s ->
        [one] 1 seconde
       *[other] { $s } secondes
    } pour jouer votre { $safety } en coup fourré
web-question_time = { $s ->
        [one] 1 seconde
       *[other] { $s } secondes
    } pour décider
web-time_left = { $s ->
        [one] Plus qu'une seconde
       *[other] Plus que { $s } secondes
    }
web-extension_title = Vous avez atteint 700 bornes !
web-extension_text = Allonger la course à 1000 bornes, ou s'arrêter là ?
web-extend = Allonger à 1000
web-finish = S'arrêter à 700
web-battle = Bataille
web-speed = Vitesse
web-safeties = Bottes
web-km = bornes
web-stock = Pioche
web-discard_pile = Défausse
web-deal = Manche { $n }
web-race_of = Course de { $km } bornes
web-side = Équipe { $n }
web-you = vous
web-bot = robot
web-away = absent
web-offline = hors ligne
web-score_title = Manche { $n } : les points
web-review = Analyse
web-totals = Total de la partie
web-continue = Continuer
web-next_deal = Manche suivante
web-rematch = Revanche
web-watch_rematch = Regarder la revanche
web-wins = { $name } gagne !
web-tie = Pas de gagnant
web-spectating = Spectateur
web-reconnecting = Reconnexion…
web-not_saving = Le serveur ne peut pas enregistrer les coups pour l'instant : un coup attend, et passe de lui-même dès qu'il le peut.
web-handover = { $name } doit jouer.
web-show_seat = Montrer le jeu de { $name }
web-cover = Passez l'appareil à { $name }
web-reveal = Je suis { $name } : montrer mon jeu
web-no_room = Cette salle n'existe pas : vérifiez le lien d'invitation.
web-back = Nouvelle partie
web-scores = Points
web-coup_fourre_mark = coup fourré
# Les touches de la table (la touche ? les liste).
## web.keys
web-keys-title = Touches
web-keys-arrows_key = ← →
web-keys-arrows = passer d'une carte à l'autre dans votre main
web-keys-enter_key = Entrée
web-keys-enter = jouer la carte (ou choisir qui attaquer)
web-keys-discard_key = D
web-keys-discard = défausser la carte
web-keys-digits_key = 1 … 7
web-keys-digits = aller à une carte de votre main
web-keys-escape_key = Échap
web-keys-escape = reposer la carte choisie
web-keys-table_key = T
web-keys-table = lire la table à voix haute : la distance, les piles et les bottes de chacun
web-keys-hand_key = H
web-keys-hand = lire votre main à voix haute
web-keys-last_key = L
web-keys-last = relire le dernier coup
web-keys-keys_key = ?
web-keys-chat_key = C
web-keys-chat = ouvrir la discussion de la table et y écrire (Échap : retour à votre main)
web-keys-keys = cette liste

# Les erreurs que le serveur envoie, par leur code (docs/web.md) ; pour les autres, la page montre le message du serveur.
## web.errors
web-errors-bad-token = Cette place n'est plus la vôtre : elle a été prise avec un autre lien.
web-errors-not-your-seat = Cette place n'est pas la vôtre.
web-errors-not-your-turn = Ce n'est pas votre tour.
web-errors-not-started = La partie commence quand toutes les places sont prises.
web-errors-game-over = La partie est finie.
web-errors-too-fast = Trop de demandes : attendez un instant et réessayez.
web-errors-too-many-rooms = Vous avez déjà autant de parties ouvertes qu'une adresse le permet. Finissez-en une (elles sont listées sur la page d'accueil), ou patientez : une salle où personne ne revient ferme au bout d'un jour.
web-errors-server-full = Le serveur est plein : réessayez plus tard.
web-errors-room-full = Cette salle a déjà autant de spectateurs qu'elle en accepte.
web-errors-unknown-room = Cette salle n'existe pas : vérifiez le lien d'invitation.
web-errors-server-error = Le serveur a échoué : réessayez.
web-errors-not-over = La revanche vient une fois la partie finie.
web-errors-chat-too-long = Un message fait au plus 200 caractères : raccourcissez-le.
web-errors-chat-too-fast = Vous écrivez trop vite : attendez quelques secondes.
web-errors-not-host = Seul le créateur de la table peut faire cela.
web-errors-removed = Le créateur de la table vous a exclu de cette salle.
web-errors-moved = Cette salle change de serveur : réessayez dans un instant.
web-errors-restarting = Le serveur redémarre : réessayez dans un instant.
web-errors-not-saving = Le serveur ne peut rien enregistrer pour l'instant : réessayez dans un instant.
web-errors-closed = L'exploitant du serveur a fermé cette salle.
web-errors-unauthorized = Il faut le jeton de l'exploitant.
web-errors-banned = Ce serveur n'accepte pas de connexion depuis votre adresse.
web-errors-name-taken = Un autre joueur a ce nom, ou un nom qui se lit pareil : choisissez-en un autre.
web-errors-name-reserved = Un nom ne peut pas contenir les mots de la table pour les robots et pour vous : choisissez-en un autre.
web-errors-bad-code = Ce code est inconnu, déjà utilisé ou expiré : faites-en un nouveau sur votre autre appareil.
web-errors-bad-password = Aucun joueur n'a ce nom et ce mot de passe.
web-errors-no-player = Votre joueur n'est pas connu ici : rechargez la page.
web-errors-bad-passkey = Cette clé d'accès a été refusée : elle est inconnue ici, ou sa réponse est arrivée trop tard ou a déjà servi. Réessayez.
web-errors-no-name = Prenez d'abord un nom : le navigateur l'affiche avec votre clé d'accès.
web-errors-no-passkeys = Les clés d'accès demandent le nom du serveur dans son adresse, pas une adresse IP.
web-errors-no-such-passkey = Vous n'avez pas cette clé d'accès : elle a déjà été supprimée.
web-errors-no-device = Cet appareil n'est plus connecté à votre joueur : rechargez la page.
web-player_link = Votre page
web-player_title = Votre joueur
web-player_intro = Ce navigateur se souvient de vous : vos parties vous suivent ici. Prenez un nom sous lequel les autres vous connaîtront, protégez-le par un mot de passe ou une clé d'accès, ou emportez-le sur un autre appareil avec un code à usage unique.
web-player_name = Votre nom
web-player_unnamed = Vous n'avez pas encore de nom.
web-player_save_name = Enregistrer le nom
web-player_saved = Enregistré.
web-player_password = Mot de passe (8 caractères ou plus)
web-player_set_password = Définir le mot de passe
web-player_has_password = Votre joueur a un mot de passe : vous pouvez vous connecter avec sur tout appareil.
web-player_device_title = Un autre appareil
web-player_make_code = Faire un code à usage unique
web-player_code = Sur votre autre appareil, ouvrez cette page et tapez { $code }. Il marche une fois, dans les { $minutes } minutes.
web-player_use_code = Un code de votre autre appareil
web-player_claim = Utiliser le code
web-player_signin_title = Se connecter avec son nom et son mot de passe
web-player_signin = Se connecter
web-player_signed_in = Vous êtes { $name } sur cet appareil désormais.
web-player_signed_in_unnamed = Cet appareil est le vôtre désormais : vos parties sont ci-dessous.
web-player_playing_title = Parties en cours
web-player_finished_title = Parties terminées
web-player_none = Aucune pour l'instant.
web-player_your_turn = à vous de jouer
web-player_turn_of = au tour de { $name }
web-player_waiting = en attente de joueurs
web-player_won = gagnée
web-player_lost = perdue
web-player_drawn = égalité
web-player_closed = fermée avant sa fin
web-player_against = contre { $names }
web-player_score = { $mine } à { $others }
web-player_open = Ouvrir la table
web-player_review = Analyse de la dernière manche
web-player_replay = Revoir la dernière manche
web-passkeys_title = Clés d'accès
web-passkeys_intro = Une clé d'accès vous connecte sur tout navigateur avec le verrouillage d'écran, l'empreinte ou le visage de votre appareil : ni nom ni mot de passe à taper.
web-passkeys_unavailable = Ce navigateur ne peut pas utiliser de clé d'accès à cette adresse : il faut https (ou localhost) et le nom du serveur, pas son adresse IP.
web-passkeys_none = Aucune clé d'accès pour l'instant.
web-passkey_name = Nom d'une nouvelle clé d'accès (par exemple « Téléphone »)
web-passkey_add = Ajouter une clé d'accès
web-passkey_added = Clé d'accès ajoutée : connectez-vous avec sur tout navigateur.
web-passkey_removed = Clé d'accès supprimée.
web-passkey_remove = Supprimer
web-passkey_created = ajoutée le { $date }
web-passkey_used = dernière utilisation le { $date }
web-passkey_unused = jamais utilisée
web-passkey_signin_title = Se connecter avec une clé d'accès
web-passkey_signin = Utiliser une clé d'accès
web-passkey_cancelled = Aucune clé d'accès n'a été donnée : rien n'a changé.
web-passkey_exists = Cet appareil a déjà une de vos clés d'accès.
web-passkey_unusable = Ce navigateur n'a pas pu utiliser de clé d'accès ici.
web-player_games_of = Parties de { $name }
web-online = { $players ->
    [one] { $players } joueur en ligne
   *[other] { $players } joueurs en ligne
}
web-devices_title = Vos appareils
web-devices_intro = Chaque navigateur connecté à votre joueur, le dernier vu en premier. Déconnectez celui dont vous ne vous servez plus, ou celui qui n'est pas à vous.
web-devices_unknown = Un navigateur inconnu
web-devices_what = { $browser } sur { $system }
web-devices_this = cet appareil
web-devices_seen = dernière visite : { $when }
web-devices_sign_out = Déconnecter
web-devices_sign_out_others = Déconnecter tous les autres appareils
web-devices_sign_out_this = Déconnecter cet appareil
web-devices_warning_password = Une fois déconnecté, cet appareil devient un nouvel invité, comme à une première visite. Votre nom et votre mot de passe y ramènent votre joueur.
web-devices_warning_code = Une fois déconnecté, cet appareil devient un nouvel invité, comme à une première visite. Vous n'avez pas de mot de passe : seul un code à usage unique fait sur un autre de vos appareils y ramène votre joueur.
web-devices_warning_lost = Une fois déconnecté, cet appareil devient un nouvel invité, comme à une première visite. Vous n'avez ni mot de passe ni autre appareil : votre joueur, ses parties et ses cotes seraient perdus pour de bon. Choisissez d'abord un mot de passe pour les garder.
web-devices_confirm = Déconnecter cet appareil ?
web-devices_stay = Rester connecté
web-devices_signed_out = Appareil déconnecté : { $what }.
web-devices_others_signed_out = { $count ->
    [one] { $count } autre appareil déconnecté.
   *[other] { $count } autres appareils déconnectés.
}
web-devices_signed_out_this = Cet appareil est déconnecté : c'est un nouvel invité désormais.
web-leaderboard_link = Classement
web-leaderboard_title = Classement
web-leaderboard_intro = Chaque famille de règles et chaque nombre de joueurs a sa cote, mise à jour après chaque partie finie entre joueurs (les bots comptent pour leur force mesurée ; qui laisse une partie pour de bon à son remplaçant la perd). Une cote est le niveau que vous avez au moins, sûr à 99,7 % : elle part de 0 et monte quand vous gagnez. Elle reste provisoire une dizaine de parties.
web-leaderboard_none = Aucune partie classée pour l'instant.
web-leaderboard_board = { $rules }, { $players } joueurs
web-leaderboard_rank = Rang
web-leaderboard_player = Joueur
web-leaderboard_rating = Cote
web-leaderboard_games = Parties
web-rating_value = { $rating }
web-rating_provisional = provisoire
web-rating_games = { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}
web-ratings_title = Vos cotes
web-ratings_none = Pas encore de cote : finissez une partie contre d'autres joueurs ou des bots.
web-rating_line = cote { $rating } (mu { $mu }, sigma { $sigma })
web-announcement = Message du serveur : { $text }

# La page d'analyse d'une manche (web/static/js/review.js).
## web.review_page
web-review_page-title = Analyse de la manche { $n } : { $name }
web-review_page-table = La table
web-review_page-share = Copier le lien
web-review_page-copied = Lien copié
web-review_page-first = Premier coup
web-review_page-previous = Coup précédent
web-review_page-next = Coup suivant
web-review_page-last = Dernier coup
web-review_page-distance = Distance
web-review_page-points_before = Points avant
web-review_page-none = aucune
web-review_page-hand = Main de { $name } :
web-review_page-step = Coup { $n } sur { $total } : { $text }
web-review_page-over = La manche est finie.
web-review_page-not_yours = Ce n'est pas une décision de la place analysée.
web-review_page-failed = L'analyse a échoué : { $error }
web-review_page-thinking = Le maître analyse encore cette décision…
web-review_page-working = Le maître analyse : { $done } sur { $total ->
        [one] { $total } décision
       *[other] { $total } décisions
    }
web-review_page-unknown = Aucune analyse n'a ce lien.

# The replay of a finished deal (web/static/js/replay.js, and tui/replay.py); its steps reuse the
# review page's words.
## web.replay_page
web-replay = Revoir
web-replay_page-title = Revoir la manche { $n }
web-replay_page-seen_by = Vue de
web-replay_page-open = Toutes les mains ouvertes
# The last step's words ({ $step }), then the deal's end ({ $end }, a sentence).
web-replay_page-last = { $step }. { $end }
web-replay_page-dealt = Les cartes sont distribuées : rien n'est encore joué.
web-replay_page-hands = Les mains
web-replay_page-steps = Les coups
web-replay_page-unknown = Aucune manche à revoir n'a ce lien.
web-replay_page-on_table = Le voir sur la table

# Les verdicts de la page d'analyse.

web-chat = Discussion
web-chat_unread = { $n ->
    [one] Discussion, 1 nouveau message
   *[other] Discussion, { $n } nouveaux messages
}
web-chat_title = Discussion de la table
web-chat_label = Message à la table
web-chat_send = Envoyer
web-chat_empty = Aucun message pour l'instant.
web-chat_said = { $name } : { $text }
web-chat_spectator = { $name } (spectateur)
web-chat_watcher = Spectateur { $id }
web-chat_spectators_only = vu des spectateurs seulement
web-chat_people = Masquer, bloquer ou exclure
web-chat_mute = Masquer { $name }
web-chat_remove = Exclure { $name }
web-chat_removed = { $name } ne peut plus regarder cette table.
web-chat_block = Bloquer { $name }
web-chat_is_blocked = { $name } (bloqué)
web-chat_blocked = Vous avez bloqué { $name } : ses messages ne vous parviendront plus, dans aucune partie. Le déblocage se fait depuis votre page.
web-errors-cannot-block = Seule une personne qui a un joueur peut être bloquée : ni un robot, ni un invité, ni vous-même.
web-player_blocks_title = Joueurs bloqués
web-player_blocks_intro = Leurs messages et leurs réactions ne vous parviennent plus, dans aucune partie. Ils n'en sont pas avertis.
web-player_unblock = Débloquer { $name }
web-player_unblocked = Le blocage de { $name } est levé.
web-player_blocked_spectator = un spectateur
web-chat_host = Votre table
web-chat_listed = Affichée sur la page d'accueil
web-chat_show_names = Noms montrés dans la liste
web-chat_quiet = Messages des spectateurs cachés aux joueurs pendant une manche
web-reactions = Réactions rapides
web-reaction-well-played = Bien joué
web-reaction-oops = Oups
web-reaction-thanks = Merci
web-reaction-hurry-up = On se dépêche
web-reaction-good-game = Bonne partie
web-tables_title = Tables publiques
web-tables_empty = Aucune table publique n'attend de joueurs pour l'instant : lancez une partie rapide, d'autres pourront vous rejoindre.
web-tables_playing = En cours
web-tables_join = Rejoindre
web-tables_watch = Regarder
web-tables_players = { $players } joueurs
web-tables_race = { $race } km
web-tables_bots = { $bots ->
    [0] aucun robot
    [one] 1 robot
   *[other] { $bots } robots
}
web-tables_free = { $free ->
    [one] 1 place libre
   *[other] { $free } places libres
}
web-tables_waited = attend depuis { $minutes ->
    [0] moins d'une minute
    [one] 1 minute
   *[other] { $minutes } minutes
}
web-tables_language = en { $spoken ->
    [fr] français
   *[en] anglais
}
web-tables_names = avec { $names }
web-tables_name = Votre nom à la table
web-tables_name_needed = Tapez d'abord votre nom : les autres le voient à la table.
web-quick_game = Partie rapide
web-quick_hint = Vous installe à une table publique qui correspond à votre choix, où des joueurs attendent déjà, ou en ouvre une que d'autres trouveront de la même façon. Des robots prennent les places encore libres après l'attente choisie.
web-quick_any = Peu importe
web-quick_wait = Des robots prennent les places libres après
web-quick_wait_choice = { $seconds ->
    [30] 30 secondes
   *[other] { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }
}
web-quick_bots = Leur niveau
web-tables_waiting = { $count ->
    [one] { $names } attend
   *[other] { $names } attendent
}
web-tables_here = { $here ->
    [one] 1 personne attend
   *[other] { $here } personnes attendent
}
web-tables_watching = { $watching ->
    [one] 1 spectateur
   *[other] { $watching } spectateurs
}
web-bots_at = Des robots prennent les places libres à { $time }.
web-list_table = Afficher la table sur la page d'accueil, pour que tout le monde puisse la rejoindre
web-list_names = Montrer les noms des joueurs dans la liste
# Pendules et temps du coup fourré (issue 46).
web-time_control = Pendule
web-time_control_auto = Par défaut : seulement si publique
web-time_control_none = Aucune (entre amis)
web-time_control_clock = { $move } s par coup, et une réserve de { $bank } min
web-long_coup_fourre = Plus de temps pour annoncer un coup fourré ({ $s } s)
web-clock_left = { $name } : reste { $move }, réserve { $bank }
web-clock_warning = { $s ->
    [one] Plus qu'une seconde pour jouer
   *[other] Plus que { $s } secondes pour jouer
}
web-time_ran_out = Temps écoulé : le remplaçant a joué pour { $name }
web-time_abandoned = { $name } a dépassé son temps { $n } fois de suite : le remplaçant joue à sa place jusqu'à son retour
## web.items
web-items-distance = Distance
web-items-safeties = Bottes
web-items-coups_fourres = Coups fourrés
web-items-winner = Manche gagnée
web-items-no_200 = Sans 200
web-items-capot = Capot
web-items-all_safeties = Les quatre bottes
web-items-trip = Trajet terminé
web-items-delayed_action = Action retardée
web-items-safe_trip = Trajet sans 200
web-items-shut_out = Capot
web-items-extension = Allonge
web-items-total = Total

## narrate
narrate-you = vous
# Qui a joué un coup qu'un robot a pris pour une personne partie (l'acteur d'une ligne du journal).
narrate-stand_in = Le robot qui remplace { $name }
narrate-play_distance = { $who } { $you ->
        [yes] roulez
       *[no] roule
    } { $card }
narrate-play_remedy = { $who } { $you ->
        [yes] posez
       *[no] pose
    } { INDEFINITE($card) }
narrate-play_safety = { $who } { $you ->
        [yes] posez
       *[no] pose
    } { INDEFINITE($card) } et { $you ->
        [yes] rejouez
       *[no] rejoue
    }
narrate-attack = { $who } { $you ->
        [yes] attaquez
       *[no] attaque
    } { $target } avec { INDEFINITE($card) }
narrate-attack_you = { $who } vous attaque avec { INDEFINITE($card) }
narrate-attack_your_team = { $who } attaque votre équipe avec { INDEFINITE($card) }
narrate-discard = { $who } { $you ->
        [yes] défaussez
       *[no] défausse
    } { INDEFINITE($card) }
narrate-coup-fourre = COUP-FOURRÉ ! { $who } { $you ->
        [yes] répondez
       *[no] répond
    } avec { DEFINITE($card) }
narrate-decline = { $who } { $you ->
        [yes] laissez
       *[no] laisse
    } passer l'attaque
narrate-decline_timed_out = Temps écoulé : l'attaque est passée
narrate-finish_timed_out = Temps écoulé : { $who } { $you ->
        [yes] vous arrêtez
       *[no] s'arrête
    } à 700
narrate-extend = { $who } { $you ->
        [yes] prolongez
       *[no] prolonge
    } la course à 1000
narrate-finish = { $who } { $you ->
        [yes] vous arrêtez
       *[no] s'arrête
    } à 700

## review
review-title = Analyse de la manche { $deal }
review-key_back = Retour
review-key_previous = Précédent
review-key_next = Suivant
review-key_costly = Plus coûteux
review-step = Coup { $number } sur { $total } : { $text }
review-end = La manche est finie.
review-working = Le maître analyse vos décisions : { $done } sur { $total }
review-failed = L'analyse a échoué : { $error }
review-not_yours = Pas votre décision.
review-forced = Coup forcé : rien d'autre ne valait d'être joué (défausser une botte ne le vaut jamais).
review-verdict = { $label } : vous avez { $played } ; le choix du maître : { $best } ; environ { $loss ->
        [one] { $loss } point perdu
       *[other] { $loss } points perdus
    }
review-best = meilleur : le maître aurait joué de même
review-lesson = Coup { $number } : vous avez { $played } ; { $best } valait environ { $loss ->
        [one] { $loss } point
       *[other] { $loss } points
    } de plus
review-summary = Précision { $accuracy } %, { $points ->
        [one] { $points } point perdu
       *[other] { $points } points perdus
    } en tout ({ $mistakes ->
        [one] { $mistakes } erreur
       *[other] { $mistakes } erreurs
    }, { $blunders ->
        [one] { $blunders } gaffe
       *[other] { $blunders } gaffes
    }).
review-interrupted = l'analyse s'est arrêtée avant la fin : rouvrez l'analyse pour la reprendre
review-skill_and_luck = Vos choix vous ont coûté { $choices ->
        [one] { $choices } point
       *[other] { $choices } points
    }, les tirages { $draws }.
review-parts = En points : { $start } attendus au départ, { $choices } par vos choix, { $draws } par vos tirages, { $others } par les tours des autres ; { $margin } à la fin.
review-parts_so_far = En points : { $start } attendus au départ, { $choices } par vos choix, { $draws } par vos tirages ; la manche continue.
review-draws-gained = vous en ont rapporté { $points }
review-draws-lost = vous en ont coûté { $points }
review-nothing_judged = Aucune décision à juger : chacune était forcée.
review-costliest_key = Touche c pour les plus coûteuses :
review-button = Analyse (r)

## review.done
review-done-play = posé { INDEFINITE($card) }
review-done-drive = avancé de { $card }
review-done-attack = attaqué { $side } avec { INDEFINITE($card) }
review-done-discard = défaussé { INDEFINITE($card) }
review-done-coup-fourre = annoncé le coup fourré
review-done-decline = laissé passer l'attaque
review-done-extend = prolongé la course
review-done-finish = arrêté la course à 700

## review.labels
review-labels-best = Meilleur
review-labels-good = Bon
review-labels-inaccuracy = Imprécision
review-labels-mistake = Erreur
review-labels-blunder = Gaffe

## review.count
review-count-best = { $count ->
        [one] { $count } meilleur coup
       *[other] { $count } meilleurs coups
    }
review-count-good = { $count ->
        [one] { $count } bon coup
       *[other] { $count } bons coups
    }
review-count-inaccuracy = { $count ->
        [one] { $count } imprécision
       *[other] { $count } imprécisions
    }
review-count-mistake = { $count ->
        [one] { $count } erreur
       *[other] { $count } erreurs
    }
review-count-blunder = { $count ->
        [one] { $count } gaffe
       *[other] { $count } gaffes
    }

## review.cli
review-cli-forced = vous avez { $played } : coup forcé
review-cli-labelled = vous avez { $played } : { $label }
review-cli-seat = { $seat } : { $judged ->
        [one] { $judged } décision jugée
       *[other] { $judged } décisions jugées
    } ({ $forced ->
        [one] { $forced } forcée
       *[other] { $forced } forcées
    }), précision { $accuracy } %, { $points ->
        [one] { $points } point perdu
       *[other] { $points } points perdus
    } en tout

## cli
cli-error = millebornes : erreur : { $message }
cli-cannot_read = impossible de lire { $path } : { $error }
cli-not_text = { $path } n'est pas du texte UTF-8 (à l'octet { $byte }) : positions et parties enregistrées sont des fichiers texte
cli-cannot_write = impossible d'écrire { $path } : { $error }
cli-no_folder = impossible d'écrire { $path } : ce dossier n'existe pas
cli-whole_number = { $what } doit être un nombre entier, pas { $text }
cli-not_whole_number = { $text } n'est pas un nombre entier
cli-not_a_number = { $text } n'est pas un nombre fini
cli-a_position = ceci est une position, pas un enregistrement (voir millebornes legal)
cli-with_bot = { $name } ({ $bot })
cli-deals_at_least = --deals va de 1 à { $most }, pas { $deals }
cli-bots_count = --bots nomme un robot, ou un par place ({ $players }), pas { $given }


## cli.argparse
cli-argparse-usage = utilisation :
cli-argparse-error = %(prog)s : erreur : %(message)s
cli-argparse-argument = argument %(argument_name)s : %(message)s
# A heading of the help, to which argparse adds its colon: the space before it is French.
cli-argparse-positionals = arguments{ " " }
cli-argparse-options = options{ " " }
cli-argparse-help = affiche cette aide et s'arrête
cli-argparse-subcommands = sous-commandes
cli-argparse-unrecognized = arguments inconnus : %s
cli-argparse-not_allowed = interdit avec l'argument %s
cli-argparse-ignored = argument donné ignoré : %r
cli-argparse-required = ces arguments sont requis : %s
cli-argparse-one_required = l'un des arguments %s est requis
cli-argparse-expected_one = une valeur attendue
cli-argparse-expected_at_most_one = au plus une valeur attendue
cli-argparse-expected_at_least_one = au moins une valeur attendue
cli-argparse-expected_count = { $count ->
        [one] %s valeur attendue
       *[other] %s valeurs attendues
    }
cli-argparse-ambiguous = option ambiguë : %(option)s peut désigner %(matches)s
cli-argparse-unexpected = option inattendue : %s
cli-argparse-invalid_value = valeur %(type)s invalide : %(value)r
cli-argparse-invalid_choice = choix invalide : %(value)r (au choix : %(choices)s)
cli-argparse-unknown_parser = commande inconnue %(parser_name)r (au choix : %(choices)s)
cli-argparse-cannot_open = impossible d'ouvrir '%(filename)s' : %(error)s

## cli.metavar
cli-metavar-command = COMMANDE
cli-metavar-position = POSITION.json
cli-metavar-action = ACTION
cli-metavar-record = PARTIE.json
cli-metavar-game = PARTIE
cli-metavar-path = CHEMIN
cli-metavar-file = FICHIER
cli-metavar-chart = FICHIER.png
cli-metavar-run = SÉRIE
cli-metavar-seconds = SECONDES
cli-metavar-hours = HEURES
cli-metavar-count = NOMBRE
cli-metavar-levels = NIVEAU,...
cli-metavar-option = ROBOT.CLÉ=VALEUR
cli-metavar-players = JOUEURS
cli-metavar-race = BORNES
cli-metavar-deals = MANCHES
cli-metavar-seed = GRAINE
cli-metavar-bots = ROBOTS
cli-metavar-seat = PLACE
cli-metavar-jobs = PROCESSUS
cli-metavar-address = ADRESSE
cli-metavar-host = HÔTE
cli-metavar-port = PORT
cli-metavar-public_url = URL
cli-metavar-name = NOM
cli-metavar-days = JOURS
cli-metavar-room = CODE
cli-metavar-text = TEXTE

## cli.replay
cli-replay-deal = manche { $number } : { $rules }, { $players } joueurs, course de { $race } bornes, graine { $seed }, donneur { $dealer }
cli-replay-action = { $line }  [bornes : { $km }]
cli-replay-side = { $side } : { $points ->
        [one] { $points } point
       *[other] { $points } points
    } ({ $items })
cli-replay-item = { $item } { $points }
cli-replay-nothing = rien
cli-replay-in_progress = (manche en cours)
cli-replay-match = partie : { $totals } ({ $outcome })
cli-replay-total = { $side } : { $points }
cli-replay-undecided = pas encore finie
cli-replay-tie = égalité
cli-replay-wins = { $side } gagne
cli-replay-needs_textual = revoir une manche sur la table demande textual : pip install 'millebornes[tui]'

## cli.simulate
cli-simulate-deal = manche { $number } (graine { $seed }) : bornes { $km } points { $points }
cli-simulate-summary = { $deals ->
        [one] { $deals } manche
       *[other] { $deals } manches
    } de { $rules } à { $players } joueurs ({ $bots }) :
cli-simulate-side = { $side } : { $won ->
        [one] { $won } manche gagnée
       *[other] { $won } manches gagnées
    }, { $points } points par manche

## cli.play
cli-play-seats_count = --seats nomme { $seats ->
        [one] { $seats } place
       *[other] { $seats } places
    } pour { $players } joueurs
cli-play-level = --seats : { $level } n'est pas l'un de { $levels }
cli-play-cannot_open = impossible d'ouvrir le fichier des parties { $path } : { $error }
cli-play-pace = --pace est un nombre de secondes de 0 à { $most }, pas { $pace }
cli-play-no_such_game = pas de partie en cours { $game } dans { $path } ; 'millebornes play --resume' les liste

## cli.serve
cli-serve-port = --port va de 0 à 65535, pas { $port }
cli-serve-cannot_open = impossible d'ouvrir la base des parties { $path } : { $error }
cli-serve-web_extra = le jeu dans le navigateur demande l'extra web ({ $module } manque) : pip install -e '.[web]'
cli-serve-served = Mille Bornes est servi à { $address } (salles gardées dans { $path }) ; Ctrl+C l'arrête
cli-serve-friends = Les amis rejoignent à { $address }
cli-serve-loopback_only = Seule cette machine peut l'ouvrir : --host 0.0.0.0 y laisse entrer votre réseau, et docs/deploy.md la met sur internet
cli-serve-plain_python = Le moteur n'est pas compilé (pas de compilateur C à l'installation) : les robots réfléchissent environ 2,4 fois plus lentement et les manches vont 1,7 fois plus lentement (docs/bots.md). Pour le compiler : sudo apt-get install build-essential python3-dev, puis réinstallez le jeu (pip install --force-reinstall --no-deps SOURCE)

## cli.tournament
cli-tournament-show_or_export = donnez --show ou --export-record, pas les deux
cli-tournament-needs = le tournoi demande { $module } : pip install 'millebornes[{ $extra }]'
cli-tournament-no_bots = nommez les robots qui jouent avec --bots, par exemple --bots expert,random
cli-tournament-bots = --bots { $text } : écrivez des noms de robots séparés par des virgules
cli-tournament-option = --option { $text } : écrivez ROBOT.CLÉ=VALEUR, par exemple master.seconds=0.2 ou master.iterations=300
cli-tournament-chart = graphique écrit dans { $path }
cli-tournament-address = --address nomme une grappe Ray : donnez-la avec --backend ray
cli-tournament-title = tournoi : { $settings }
cli-tournament-stored = gardé comme série { $run } dans { $path } (parties { $first } à { $last }) ; pour en rejouer une : millebornes tournament --db { $path } --export-record { $first } game.json, puis millebornes replay game.json
cli-tournament-no_database = pas de base de tournoi dans { $path }
cli-tournament-empty_run = la série { $run } de { $path } ne contient aucune partie
cli-tournament-run = série { $run } : { $settings } ; parties { $first } à { $last } ({ $stored } gardées)
cli-tournament-exported = partie { $game } écrite dans { $path } ; pour la rejouer : millebornes replay { $path }

## cli.tournament.table
cli-tournament-table-bot = robot
cli-tournament-table-games = parties
cli-tournament-table-wins = victoires
cli-tournament-table-decks = donnes gagnées
cli-tournament-table-time = temps par coup
cli-tournament-table-rating = classement
cli-tournament-table-rate = %
cli-tournament-table-interval = 95 %
cli-tournament-table-margin = écart
cli-tournament-table-median = médiane
cli-tournament-table-p95 = p95
cli-tournament-table-mu_sigma = mu±sigma
cli-tournament-table-ordinal = ordinal
cli-tournament-estimate = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } : environ { $time } en tout (la première a pris { $first })
cli-tournament-time_left = { $done }/{ $games } parties : encore environ { $time }
cli-duration-seconds = { $seconds } s
cli-duration-minutes = { $minutes } min
cli-duration-hours = { $hours } h { $minutes } min

## cli.export
cli-export-no_games_file = pas de fichier des parties dans { $path } : jouez d'abord une partie (millebornes play), ou donnez --db
cli-export-no_such_game = pas de partie { $game } dans { $path } ; 'millebornes export' les liste
cli-export-ambiguous = plus d'une partie de { $path } commence par { $game } : donnez-en plus de l'identifiant
cli-export-no_file = nommez le fichier où écrire la partie (- pour la sortie standard)
cli-export-written = partie { $game } écrite dans { $path } ; pour l'analyser : millebornes review { $path }
cli-export-none = aucune partie gardée par le jeu dans le terminal pour l'instant
cli-export-line = { $game }  { $when }  { $rules } · { $who } · { $deals ->
        [one] { $deals } manche
       *[other] { $deals } manches
    }{ $over ->
        [yes] , finie
       *[no] {""}
    }

## cli.admin
cli-admin-older = la base des parties { $path } a le schéma de version { $version } et ce millebornes demande la { $expected } : lancez millebornes admin migrate avec les mêmes --config ou --db, puis démarrez à nouveau
cli-admin-newer = la base des parties { $path } a le schéma de version { $version }, d'un millebornes plus récent que celui-ci (version { $expected }) : lancez cette version, ou restaurez une sauvegarde faite avant elle
cli-admin-migrated = la base des parties { $path } a le schéma de version { $version } ({ $count ->
        [0] elle l'avait déjà
        [one] 1 migration appliquée : { $migrations }
       *[other] { $count } migrations appliquées : { $migrations }
    })
cli-admin-backup_postgres = { $path } est une base PostgreSQL : sauvegardez-la avec pg_dump (docs/deploy.md, Backups and restore, donne les commandes)
cli-admin-restore_postgres = { $path } est une base PostgreSQL : restaurez-la avec pg_restore (docs/deploy.md, Backups and restore, donne les commandes)
cli-admin-no_database = pas de base des parties à { $path }
cli-admin-not_games = { $path } n'est pas une base des parties de millebornes (un fichier SQLite qui garde ses parties)
cli-admin-exists = { $path } existe déjà : nommez un nouveau fichier, pour qu'aucune sauvegarde ne soit écrasée
cli-admin-restore_exists = { $path } existe déjà : arrêtez le serveur, puis relancez avec --replace (la base remplacée est gardée à côté)
cli-admin-backed_up = { $path } sauvegardée dans { $file } ({ $count ->
        [one] 1 partie
       *[other] { $count } parties
    })
cli-admin-restored = { $file } restaurée dans { $path } ({ $count ->
        [one] 1 partie
       *[other] { $count } parties
    }) ; redémarrez le serveur
cli-admin-kept = la base remplacée est gardée dans { $path }
cli-admin-keep_all = keep_finished_days vaut 0 : chaque partie est gardée, aucune supprimée
cli-admin-purged = parties finies que personne n'a jouées ni revues depuis { $days } jours, supprimées de { $path } : { $count }

cli-admin-no_rooms = aucune salle dans la base
cli-admin-free_seat = (libre)
cli-admin-held = { $server } jusqu'à { $until }
cli-admin-column-code = CODE
cli-admin-column-rules = RÈGLES
cli-admin-column-players = JOUEURS
cli-admin-column-names = NOMS
cli-admin-column-state = ÉTAT
cli-admin-column-deal = MANCHE
cli-admin-column-updated = JOUÉE (UTC)
cli-admin-column-server = BAIL (UTC)
cli-admin-column-listed = LISTÉE
cli-admin-state-waiting = en attente
cli-admin-state-playing = en cours
cli-admin-state-over = finie
cli-admin-state-closed = fermée
cli-admin-listed-true = oui
cli-admin-listed-false = non
cli-admin-closed = salle { $code } fermée : ses joueurs ont été prévenus, et elle est gardée comme archive
cli-admin-drained = { $server } vidé : salles laissées aux autres serveurs : { $count } ; il n'en prend plus jusqu'à son redémarrage
cli-admin-announced = annoncé sur { $server } ; connexions prévenues : { $count }
cli-admin-no_token = pas de jeton d'administration : mettez dans MILLEBORNES_ADMIN_TOKEN, ou dans admin_token_file du fichier --config, celui du serveur
cli-admin-bad_server = --server est l'adresse du serveur, http://HÔTE:PORT ou https://HÔTE, pas { $server }
cli-admin-unreachable = impossible de joindre { $server } : { $error }
cli-admin-wrong_token = { $server } a refusé le jeton d'administration : donnez celui avec lequel le serveur a démarré
cli-admin-no_endpoint = { $server } n'a pas d'accès d'administration : démarrez-le avec un jeton d'administration (docs/deploy.md, Administration)
cli-admin-refused = le serveur a refusé ({ $status }) : { $message }
cli-admin-not_address = { $address } n'est ni une adresse ni un réseau : écrivez-en un comme 203.0.113.7, 2001:db8::7 ou 203.0.113.0/24
cli-admin-banned = { $address } banni : les serveurs refusent ses connexions, ses arrivées à une table et ses nouvelles salles d'ici { $seconds } secondes (les connexions déjà ouvertes restent jusqu'à leur fin)
cli-admin-banned_already = { $address } était déjà banni
cli-admin-unbanned = { $address } n'est plus banni (d'ici { $seconds } secondes sur les serveurs en marche)
cli-admin-not_banned = { $address } n'était pas banni : millebornes admin bans liste ceux qui le sont
cli-admin-no_bans = aucune adresse n'est bannie

## cli.review
cli-review-one_deal = l'enregistrement tient une seule manche : --deal ne peut valoir que 1, pas { $deal }
cli-review-deal = --deal va de 1 à { $last }, pas { $deal }
cli-review-iterations = --iterations doit valoir au moins 1, pas { $iterations }
cli-review-seconds = --seconds doit être plus grand que 0, pas { $seconds }
cli-review-seat = --seat va de 0 à { $last }, pas { $seat }
cli-review-jobs = --jobs va de 1 à { $most }, pas { $jobs }
cli-review-needs_rich = l'analyse demande rich : pip install 'millebornes[bots]'

## cli.help
cli-help-millebornes = Mille Bornes : jouer, analyser et simuler.
cli-help-version = affiche la version et s'arrête
cli-help-legal = liste les actions permises d'une position, une par ligne
cli-help-apply = applique des actions à une position, écrit la nouvelle
cli-help-apply_actions = par exemple 'play 75'
cli-help-score = le décompte d'une manche finie (JSON)
cli-help-replay = écrit une manche ou une partie enregistrée en lignes lisibles
cli-help-replay_table = parcourt une manche pas à pas sur la table du terminal (touches : flèches, Début, Fin, Échap)
cli-help-replay_seat = avec --table : la table vue de cette place (par défaut : toutes les mains ouvertes, une fois la manche finie)
cli-help-simulate = fait jouer des robots et écrit un résumé
cli-help-simulate_bots = un robot pour toutes les places, ou un par place : greedy,random
cli-help-simulate_quiet = n'écrit que le résumé

## cli.help.play
cli-help-play-play = jouer au Mille Bornes dans le terminal (par défaut)
cli-help-play-resume = reprendre une partie en cours : la choisir dans une liste, ou donner son identifiant
cli-help-play-db = le fichier des parties (par défaut : %(default)s)
cli-help-play-pace = combien de temps chaque coup d'un robot reste affiché (0 : aucun ; 0,8 par défaut)
cli-help-play-lang = en ou fr (par défaut : la langue de LANG)
cli-help-play-rules = les règles de la nouvelle partie (dujardin)
cli-help-play-players = le nombre de joueurs de la nouvelle partie
cli-help-play-race = la course, par exemple 700, si elle peut varier
cli-help-play-seats = qui est assis à chaque place, dans l'ordre du jeu : %(levels)s (par défaut : person,medium) ; l'écran de nouvelle partie le montre, Entrée lance
cli-help-play-seed = mélanger la nouvelle partie avec cette graine
cli-help-play-tutorial = jouer la donne guidée : chaque coup montré et expliqué, dans la langue choisie

## cli.settings
cli-settings-refused = { $name } est { $accepted }, pas { $value }
cli-settings-in_file = { $setting } dans { $path }
cli-settings-unknown = { $setting } dans { $path } n'est pas un réglage{ $nearest ->
        [none] {""}
       *[other] {" "}: vouliez-vous dire { $nearest } ?
    } (docs/deploy.md les liste)
cli-settings-unreadable = impossible de lire { $path } : { $error }
cli-settings-not_toml = { $path } n'est pas du TOML : { $error }
cli-settings-accepts-seconds = un nombre de secondes de { $low } à { $high }
cli-settings-accepts-positive = un nombre positif jusqu'à { $high }
cli-settings-accepts-days = un nombre de jours de 0 (jamais) à { $high }
cli-settings-accepts-whole_positive = un nombre entier positif jusqu'à { $high }
cli-settings-accepts-whole = un nombre entier de { $low } à { $high }
cli-settings-accepts-boolean = true ou false
cli-settings-accepts-text = un texte non vide
cli-settings-accepts-choice = { $choices }
cli-settings-accepts-public_url = une adresse comme https://cartes.example.org
cli-settings-accepts-host_port = HÔTE:PORT, comme 127.0.0.1:9100
cli-settings-accepts-networks = des adresses ou des réseaux comme 10.0.0.0/8 ou ::1

## cli.help.serve
cli-help-serve-serve = lancer le jeu dans le navigateur (des salles entre amis, des robots aux places vides)
cli-help-serve-description = Sert le jeu dans le navigateur. Ouvrez l'adresse écrite, créez une salle et envoyez son lien d'invitation à vos amis (--host 0.0.0.0 laisse entrer les autres machines).
cli-help-serve-config = un fichier TOML de réglages (par défaut : $MILLEBORNES_CONFIG) ; les variables MILLEBORNES_<CLÉ> et ces options le remplacent (docs/deploy.md liste chaque clé)
cli-help-serve-max_rooms = salles ouvertes à la fois sur ce serveur ; la création suivante est refusée (%(default)s)
cli-help-serve-max_spectators = spectateurs qu'une salle laisse regarder (%(default)s)
cli-help-serve-host = adresse d'écoute (%(default)s)
cli-help-serve-port = port (%(default)s)
cli-help-serve-db = où chaque salle est gardée : un fichier SQLite, ou une URL PostgreSQL (postgresql://UTILISATEUR@HÔTE/BASE) que plusieurs serveurs partagent, son mot de passe dans $MILLEBORNES_DB_PASSWORD, $PGPASSWORD ou db_password_file plutôt qu'ici, où ps le montre (par défaut : %(path)s)
cli-help-serve-keep_finished_days = supprimer une partie finie que personne n'a jouée ni revue depuis ce nombre de jours ; 0 les garde toutes (par défaut : %(default)s)
cli-help-serve-away_seconds = un robot joue pour une personne déconnectée depuis ce temps, jusqu'à son retour (%(default)s)
cli-help-serve-coup_fourre_seconds = le temps de répondre par un coup fourré avant qu'il soit refusé (%(default)s)
cli-help-serve-bot_delay = secondes qu'un robot attend avant chaque coup, pour qu'on le suive (%(default)s)
cli-help-serve-deal_pause = secondes que les robots attendent au plus après une manche, le temps que chacun ferme le décompte (%(default)s)
cli-help-serve-settle_seconds = après une attaque à laquelle on pourrait répondre par un coup fourré, combien de temps la place suivante attend pour la voir, pour qu'une pause ne trahisse pas qui pourrait répondre (%(default)s)
cli-help-serve-idle_hours = fermer et archiver une salle où personne n'est connecté depuis ce temps (%(default)s)
cli-help-serve-rooms_per_minute = salles qu'une adresse peut créer par minute, en moyenne (%(default)s)
cli-help-serve-connects_per_minute = entrées et connexions qu'une adresse peut ouvrir par minute (%(default)s)
cli-help-serve-rooms_per_address = salles ouvertes qu'une adresse peut tenir à la fois (%(default)s)
cli-help-serve-tables_per_minute = consultations de la liste des tables de l'accueil qu'une adresse peut faire par minute, en moyenne (%(default)s)
cli-help-serve-behind_proxy = le serveur n'est joint qu'à travers un mandataire inverse, quelle que soit son adresse : l'adresse d'un client est la dernière entrée de l'en-tête X-Forwarded-For qu'il pose qui n'est pas un --trusted-proxy
cli-help-serve-public_url = l'adresse qu'ouvrent les amis, par ex. https://cartes.example.org (les liens d'invitation la donnent ; par défaut : $MILLEBORNES_PUBLIC_URL, ou l'adresse où la page a été ouverte)
cli-help-serve-worker_name = le nom de ce processus parmi ceux qui partagent une base, le même à chaque redémarrage (par ex. ouest-1 ; par défaut : $MILLEBORNES_WORKER_NAME, ou un nouveau à chaque démarrage) : un processus redémarré sous son nom reprend ses salles aussitôt au lieu d'attendre la fin de leurs baux. Ne jamais donner un même nom à deux processus en marche
cli-help-serve-trusted_proxy = un mandataire inverse devant le serveur, une adresse ou un réseau (à répéter, ou séparés par des virgules ; par défaut : $MILLEBORNES_TRUSTED_PROXIES) : l'adresse d'un client est la première de X-Forwarded-For en partant de la droite qui n'est pas celle d'un mandataire de confiance
cli-help-serve-metrics = servir les mesures du serveur pour Prometheus à /metrics sur son propre port (le mandataire ne doit pas la transmettre ; sinon, --metrics-address)
cli-help-serve-metrics_address = servir les mesures à /metrics seulement à cette adresse à part, HÔTE:PORT comme 127.0.0.1:9100, qu'aucun mandataire ne transmet
cli-help-serve-lease_seconds = avec plusieurs serveurs sur une base : quand un serveur meurt, un autre prend ses salles ce temps après son dernier renouvellement de bail (%(default)s)
cli-help-serve-search_processes = processus où cherchent les bots difficiles, à une priorité plus basse que le serveur (par défaut : un par cœur)
cli-help-serve-log_format = journaux sur la sortie d'erreur : une ligne de texte, ou un objet JSON, par événement (%(default)s)
cli-help-serve-seed = distribuer chaque salle avec cette graine, pour les essais et les démonstrations seulement : qui la connaît connaît toutes les mains (par défaut : une graine secrète de 128 bits par salle)

## cli.help.tournament
cli-help-tournament-tournament = faire jouer des robots les uns contre les autres sur des donnes dupliquées et les classer
cli-help-tournament-description = Fait jouer des robots les uns contre les autres ; chaque paquet est joué une fois par rotation des robots sur les équipes, pour que la chance de la donne s'annule.
cli-help-tournament-bots = les robots, séparés par des virgules, par exemple master,expert
cli-help-tournament-race = la longueur de la course, par exemple 700
cli-help-tournament-deals = paquets à jouer, chacun une fois par rotation des robots
cli-help-tournament-match = jouer chaque partie en 5000 points, pas en une manche
cli-help-tournament-seed = même graine, mêmes parties
cli-help-tournament-jobs = processus de travail (les processeurs d'un Ray local)
cli-help-tournament-backend = jouer dans des processus ici, ou en tâches Ray (demande l'extra ray)
cli-help-tournament-address = avec --backend ray : la grappe à rejoindre, par exemple ray://head:10001 ou auto (par défaut : un Ray local pour la série)
cli-help-tournament-option = écrivez ROBOT.CLÉ=VALEUR, par exemple master.seconds=0.2 ou master.iterations=300
cli-help-tournament-db = le fichier SQLite des résultats (par défaut : %(default)s)
cli-help-tournament-plot = dessiner les taux de victoire dans ce fichier
cli-help-tournament-progress = une barre de progression sur stderr (par défaut : quand stderr est un terminal)
cli-help-tournament-show = écrire le tableau d'une série gardée (par défaut : la dernière) au lieu de jouer
cli-help-tournament-export_record = écrire l'enregistrement d'une partie gardée dans FICHIER, pour millebornes replay

## cli.help.export
cli-help-export-export = écrire une partie jouée dans le terminal en enregistrement, pour l'analyse et le rejeu
cli-help-export-description = Sans PARTIE, liste les parties gardées par le jeu dans le terminal (la plus récente d'abord), chacune avec le début de son identifiant ; avec PARTIE (tout début unique de son identifiant) et FICHIER, écrit son enregistrement.
cli-help-export-game = la partie : tout début unique de son identifiant, comme la liste le montre
cli-help-export-file = où écrire son enregistrement (- pour la sortie standard)
cli-help-export-db = le fichier des parties (par défaut : %(default)s)

## cli.help.admin
cli-help-admin-admin = le travail d'un exploitant sur la base du serveur : lister les salles, migrer, sauvegarder, restaurer, purger
cli-help-admin-description = Travaille sur la base que millebornes serve utilise, trouvée comme il la trouve (--config, MILLEBORNES_DB, --db). docs/deploy.md dit quand lancer chacune.
cli-help-admin-config = un fichier TOML des réglages du serveur (par défaut : $MILLEBORNES_CONFIG), lu comme millebornes serve le lit
cli-help-admin-db = la base : un fichier SQLite, ou une URL PostgreSQL (par défaut : celle du serveur, server.sqlite dans le dossier des données)
cli-help-admin-migrate = mettre le schéma de la base à cette version
cli-help-admin-migrate_description = Applique les migrations qui manquent à la base (une base neuve les reçoit toutes). Un fichier SQLite est migré par le serveur lui-même ; une base PostgreSQL seulement par ceci, une fois pour tous les serveurs qui la partagent, lancé par un rôle qui peut créer des tables.
cli-help-admin-backup = copier la base SQLite dans un nouveau fichier pendant que le serveur tourne
cli-help-admin-backup_description = Copie toute la base SQLite dans un nouveau fichier, par la sauvegarde en ligne de SQLite : le serveur peut continuer à jouer pendant ce temps. PostgreSQL se sauvegarde avec pg_dump (docs/deploy.md).
cli-help-admin-restore = remettre une sauvegarde à la place de la base (le serveur arrêté)
cli-help-admin-restore_description = Copie une sauvegarde à la place de la base et la migre à cette version ; arrêtez d'abord le serveur. Une base existante n'est remplacée qu'avec --replace, et gardée à côté.
cli-help-admin-purge = supprimer les parties finies que personne n'a gardées depuis keep_finished_days
cli-help-admin-purge_description = Supprime les parties finies (terminées, ou fermées après idle_hours) que personne n'a jouées ni revues depuis keep_finished_days ; une partie en cours ou encore ouverte sur un serveur est gardée. Le serveur fait de même toutes les heures.
cli-help-admin-file = la sauvegarde : un fichier SQLite
cli-help-admin-replace = remplacer une base existante (elle est gardée à côté, son nom finissant par l'heure)
cli-help-admin-rooms = lister les salles de la base et leur état
cli-help-admin-rooms_description = Lister les salles du jeu dans le navigateur : code, règles, joueurs et leurs noms, état, manche, dernier coup, quel serveur tient le bail de la salle et jusqu'à quand, si elle est dans la liste publique. Les salles en cours seulement, sauf avec --all.
cli-help-admin-all = toutes les salles, finies et fermées aussi
cli-help-admin-json = écrire du JSON pour les outils au lieu d'un tableau
cli-help-admin-close = fermer une salle d'un serveur en marche : ses joueurs prévenus, la salle gardée comme archive
cli-help-admin-close_description = Fermer la salle CODE sur le serveur à --server (n'importe lequel de ceux qui partagent la base : il reprend la salle) : ses joueurs sont prévenus, dans leur langue, que l'exploitant l'a fermée, et elle ne reprend jamais. Il faut le jeton d'administration du serveur (MILLEBORNES_ADMIN_TOKEN ou admin_token_file).
cli-help-admin-drain = vider un serveur en marche : ses salles vont aux autres serveurs
cli-help-admin-drain_description = Le serveur à --server ne prend plus de salle et laisse les siennes, dont les joueurs se reconnectent par le mandataire à un autre serveur ; son /healthz répond 503 jusqu'à son redémarrage. Il faut le jeton d'administration du serveur.
cli-help-admin-announce = montrer un message à chaque table d'un serveur en marche
cli-help-admin-announce_description = Montrer TEXTE (300 caractères au plus) à chaque page connectée au serveur à --server, présenté dans la langue de chaque joueur comme un message du serveur. Avec plusieurs serveurs, annoncez sur l'adresse propre de chacun. Il faut le jeton d'administration du serveur.
cli-help-admin-server = l'adresse propre du serveur (http://127.0.0.1:8000 sur sa machine)
cli-help-admin-code = le code de la salle, comme dans son lien /room/CODE
cli-help-admin-text = le message, montré tel qu'il est écrit
cli-help-admin-ban = bannir une adresse ou un réseau de tous les serveurs de la base
cli-help-admin-ban_description = Refuser les connexions, les arrivées à une table et les nouvelles salles d'ADRESSE (une adresse IPv4 ou IPv6, ou un réseau comme 203.0.113.0/24) sur tous les serveurs de la base, en quelques secondes. Les joueurs n'ont pas encore de compte : on bannit une adresse, qu'un joueur peut changer et que d'autres peuvent partager.
cli-help-admin-unban = lever le bannissement d'une adresse ou d'un réseau
cli-help-admin-unban_description = Lever le bannissement d'ADRESSE, écrite comme elle a été bannie (millebornes admin bans les liste).
cli-help-admin-bans = lister les adresses et réseaux bannis
cli-help-admin-bans_description = Lister les adresses et réseaux bannis par millebornes admin ban, les plus anciens d'abord.
cli-help-admin-address = une adresse IPv4 ou IPv6, ou un réseau comme 203.0.113.0/24

## cli.help.review
cli-help-review-review = le maître juge les décisions d'une place dans une manche enregistrée
cli-help-review-record = un enregistrement de manche ou de partie
cli-help-review-seat = la place analysée, numérotée depuis 0 comme dans la notation (0 par défaut : Sud)
cli-help-review-deal = d'une partie : sa manche K (depuis 1)
cli-help-review-iterations = simulations par décision (reproductible ; 1000 par défaut)
cli-help-review-seconds = secondes par décision à la place
cli-help-review-jobs = processus (1 par défaut)
cli-help-review-seed = la graine aléatoire de l'analyse
cli-help-review-json = écrire l'analyse en JSON

# La donne guidée (core/tutorial.py) : la ligne qui dit quel coup chaque étape demande et
# pourquoi (tutorial-IDÉE), et ce qui répond à un autre coup. Les deux jeux les affichent.
## tutorial
tutorial-title = Apprendre à jouer
tutorial-step = Leçon { $number } sur { $count }
tutorial-roll = Vous conduisez la voiture de Sud contre Nord : le premier à parcourir exactement 1000 bornes gagne la manche. Personne ne roule avant le feu vert : posez votre Feu vert.
tutorial-distance = Vous roulez : les bornes vous font avancer. Posez votre 100 bornes.
tutorial-remedy = Nord vous a posé une Crevaison, une attaque : vous ne roulez plus avant d'avoir posé sa parade. Posez votre Roue de secours.
tutorial-roll_again = La roue est changée, mais après une parade il faut un nouveau Feu vert pour repartir. Posez votre Feu vert.
tutorial-speed_limit = Nord vous impose une Limite de vitesse : tant qu'elle dure, seuls les 25 et 50 bornes se posent. Posez votre 50 bornes.
tutorial-end_of_limit = La Fin de limite lève la Limite de vitesse. Posez-la : toutes les bornes vous sont de nouveau ouvertes.
tutorial-safety = Une botte vous protège pour toute la manche, vaut 100 points et vous fait rejouer aussitôt. Posez Increvable : plus aucune Crevaison ne vous arrêtera.
tutorial-another_turn = Vous rejouez grâce à la botte : posez votre 200 bornes.
tutorial-coup_fourre = Nord vous attaque avec un Accident, et vous tenez l'As du volant, sa botte : annoncez le coup fourré ! L'Accident est défaussé, la botte rapporte 300 points de plus et vous jouez aussitôt.
tutorial-after_coup_fourre = Après un coup fourré, vous jouez tout de suite : posez votre 200 bornes.
tutorial-keep_going = Continuez de rouler : posez un 100 bornes.
tutorial-two_200s = Vous tenez un troisième 200 bornes, mais on n'en pose que deux par manche : celui-ci ne se pose plus. Posez un 100 bornes à la place.
tutorial-near_the_end = Posez un 100 bornes : vous serez à 950 bornes.
tutorial-exactly = Un 100 bornes vous ferait dépasser 1000, et la course s'arrête exactement là. Posez votre 50 bornes pour finir.
tutorial-score = Vous avez parcouru exactement 1000 bornes et gagné la manche. La feuille compte 1 point par borne, 100 par botte, 300 de plus pour le coup fourré et 400 pour la victoire ; vos deux 200 bornes vous ont coûté les 200 points d'un parcours sans 200.
tutorial-refused = Pas ce coup-ci : cette leçon vous demande de poser { DEFINITE($card) }, comme le dit sa ligne.
tutorial-refused_coup_fourre = Annoncez le coup fourré : laisser passer l'attaque vous laisserait arrêté par l'Accident.
tutorial-leave = Quitter la leçon
