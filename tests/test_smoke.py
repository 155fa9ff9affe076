import random

from millebornes import Deal


def test_a_random_deal_ends_with_scores() -> None:
    deal = Deal.new("dujardin", players=2, seed=1)
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    assert len(deal.score()) == 2
