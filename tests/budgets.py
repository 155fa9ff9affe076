"""Review budgets for the tests of what a review shows and how it is made (the page, the terminal,
the jobs, its words, that it reads only the seat's views, that its parts add up), not of how
well it judges (the planted blunders, the goldens, a safety's luck: at the review's own fixed
costs): a few rollouts a decision, and the fixed costs cut down (the hands followed through the
deal, the sampled deals a draw's luck is judged in), which were most of such a review's time."""

from __future__ import annotations

from millebornes.review.decisions import Budget

# Far below the review's own (2,000 hands, 100 deals): the figures noisier, their parts the same.
PARTICLES = 200
LUCK_DEALS = 10


def quick_review(iterations: int) -> Budget:
    """A review of ``iterations`` rollouts a decision, at a fraction of the fixed costs."""
    return Budget(iterations=iterations, particles=PARTICLES, luck_deals=LUCK_DEALS)
