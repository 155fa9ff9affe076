"""The words of the review screen and of the button that opens it, in English and French."""

from __future__ import annotations

TEXTS = {
    "en": {
        "title": "Review of deal {deal}",
        "key_back": "Back",
        "key_previous": "Previous",
        "key_next": "Next",
        "key_costly": "Costliest",
        "step": "Action {number} of {total}: {text}",
        "end": "The deal is over.",
        "working": "Master is reviewing your decisions: {done} of {total}",
        "failed": "The review failed: {error}",
        "not_yours": "Not your decision.",
        "forced": "Your only legal action.",
        "verdict": "{label}: you {played}; master's choice: {best}; lost about {loss} points",
        "best": "best: master would have played the same",
        "summary": "Accuracy {accuracy}%, {points} points lost in all ({mistakes} mistakes, "
        "{blunders} blunders). Press c for the costliest:",
        "labels": {
            "best": "Best",
            "good": "Good",
            "inaccuracy": "Inaccuracy",
            "mistake": "Mistake",
            "blunder": "Blunder",
        },
        "button": "Review (r)",
    },
    "fr": {
        "title": "Analyse de la manche {deal}",
        "key_back": "Retour",
        "key_previous": "Précédent",
        "key_next": "Suivant",
        "key_costly": "Plus coûteux",
        "step": "Action {number} sur {total} : {text}",
        "end": "La manche est finie.",
        "working": "Le maître analyse vos décisions : {done} sur {total}",
        "failed": "L'analyse a échoué : {error}",
        "not_yours": "Pas votre décision.",
        "forced": "Votre seule action permise.",
        "verdict": "{label} : vous avez joué {played} ; le choix du maître : {best} ; "
        "environ {loss} points perdus",
        "best": "meilleur : le maître aurait joué de même",
        "summary": "Précision {accuracy} %, {points} points perdus en tout ({mistakes} erreurs, "
        "{blunders} gaffes). Touche c pour les plus coûteuses :",
        "labels": {
            "best": "Meilleur",
            "good": "Bon",
            "inaccuracy": "Imprécision",
            "mistake": "Erreur",
            "blunder": "Gaffe",
        },
        "button": "Analyse (r)",
    },
}


def review_text(language: str, key: str, **values: object) -> str:
    return str(TEXTS[language][key]).format(**values)
