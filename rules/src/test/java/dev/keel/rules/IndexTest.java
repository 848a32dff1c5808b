package dev.keel.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Retrieval and intent scores over a bag-of-words embedder: the words a text shares with another decide. */
class IndexTest {

    private static final List<String> VOCABULARY = List.of("refund", "money", "order", "buy", "shoes", "parcel",
            "competitor", "back", "want");

    /** One dimension per word of the vocabulary, counting its occurrences; deterministic. */
    static final Embedder WORDS = texts -> {
        List<Embedding> embeddings = new ArrayList<>();
        for (String text : texts) {
            float[] vector = new float[VOCABULARY.size() + 1];
            vector[VOCABULARY.size()] = 0.01f; // never the zero vector
            for (String word : text.toLowerCase(Locale.ROOT).split("\\W+")) {
                int at = VOCABULARY.indexOf(word);
                if (at >= 0) {
                    vector[at]++;
                }
            }
            embeddings.add(Embedding.of(vector));
        }
        return embeddings;
    };

    @Test
    void rulesInScopeAreRankedByTheirConditionsMeaning() {
        RuleBook book = RuleBook.fromJson(RuleBookTest.resource("dev/keel/rules/shop-book.json"));
        RuleIndex index = RuleIndex.build(book.rules(), WORDS);
        List<Rule> inScope = book.rules().select(Position.of("refund", "collect_order"));

        List<RankedRule> ranked = index.rank(inScope, WORDS.embed("I want my money back"));

        assertThat(ranked).extracting(r -> r.rule().id()).containsExactly("refund_limit", "no_competitor", "ask_order");
        assertThat(ranked.get(0).similarity()).isGreaterThan(0.5);
    }

    @Test
    void equalSimilaritiesKeepTheScopeOrder() {
        RuleBook book = RuleBook.fromJson(RuleBookTest.resource("dev/keel/rules/shop-book.json"));
        RuleIndex index = RuleIndex.of(book.rules(), Map.of("no_competitor", Embedding.of(new float[] {1, 0}),
                "refund_limit", Embedding.of(new float[] {1, 0}), "ask_order", Embedding.of(new float[] {0, 1})));

        assertThat(index.rank(book.rules().select(Position.of("refund", "collect_order")),
                Embedding.of(new float[] {2, 0}))).extracting(r -> r.rule().id())
                .containsExactly("no_competitor", "refund_limit", "ask_order");
    }

    @Test
    void eachMoveScoresItsBestExample() {
        RuleBook book = RuleBook.fromJson(RuleBookTest.resource("dev/keel/rules/shop-book.json"));
        IntentIndex intents = IntentIndex.build(book, WORDS);

        Map<String, Double> scores = intents.similarities(WORDS.embed("I want to buy shoes"));

        assertThat(scores.keySet()).containsExactly("order_given", "refund_restart", "refund_request", "purchase");
        assertThat(scores.get("purchase")).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.001));
        assertThat(scores.get("purchase")).isGreaterThan(scores.get("refund_request"));
    }
}
