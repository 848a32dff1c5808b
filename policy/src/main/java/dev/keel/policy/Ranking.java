package dev.keel.policy;

import dev.keel.core.InvalidInputException;
import java.util.Comparator;
import java.util.List;

/** Ordering shared by the rankers: score descending, then passage index ascending. Pure and thread-safe. */
final class Ranking {

    static final Comparator<RankedPassage> BEST_FIRST = Comparator.comparingDouble(RankedPassage::score).reversed()
            .thenComparingInt(ranked -> ranked.passage().index());

    private Ranking() {
    }

    static void checkLimit(int limit) {
        if (limit < 0) {
            throw new InvalidInputException("invalid_limit", "limit must not be negative, was " + limit);
        }
    }

    static List<RankedPassage> top(List<RankedPassage> ranked, int limit) {
        ranked.sort(BEST_FIRST);
        return List.copyOf(ranked.subList(0, Math.min(limit, ranked.size())));
    }
}
