package dev.keel.rules;

import dev.keel.core.ConfigurationException;
import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Retrieval of rules by meaning ({@code docs/rules.md}): each rule's {@code condition_text} embedded once, when the
 * index is built; at each turn the rules in scope are ranked by the cosine similarity of their condition to the
 * message, one dot product per rule.
 *
 * <p>Immutable and thread-safe; ranking is pure.
 */
public final class RuleIndex {

    private final Map<String, float[]> conditions;

    private RuleIndex(Map<String, float[]> conditions) {
        this.conditions = conditions;
    }

    /**
     * Embeds every rule's condition with {@code embedder}, in one call.
     *
     * @throws dev.keel.core.BackendException when the embedder fails
     */
    public static RuleIndex build(RuleSet rules, Embedder embedder) {
        List<Rule> all = rules.rules();
        List<Embedding> embeddings = embedder.embed(all.stream().map(Rule::conditionText).toList());
        Map<String, Embedding> byId = new HashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byId.put(all.get(i).id(), embeddings.get(i));
        }
        return of(rules, byId);
    }

    /**
     * An index of embeddings computed elsewhere (stored with the rules, say), by rule id.
     *
     * @throws InvalidInputException when a rule has no embedding
     */
    public static RuleIndex of(RuleSet rules, Map<String, Embedding> conditions) {
        Map<String, float[]> units = new HashMap<>();
        for (Rule rule : rules.rules()) {
            Embedding embedding = conditions.get(rule.id());
            if (embedding == null) {
                throw new InvalidInputException("no embedding of the condition of rule '" + rule.id() + "'");
            }
            units.put(rule.id(), Vectors.unit(embedding));
        }
        return new RuleIndex(Map.copyOf(units));
    }

    /**
     * {@code rules} (the ones in scope) by the similarity of their condition to {@code message}, highest first;
     * equal similarities keep the order given (the scope order).
     *
     * @throws ConfigurationException when a rule is not in the index, or the message's dimension differs
     */
    public List<RankedRule> rank(List<Rule> rules, Embedding message) {
        float[] unit = Vectors.unit(Objects.requireNonNull(message, "message"));
        List<RankedRule> ranked = new ArrayList<>(rules.size());
        for (Rule rule : rules) {
            float[] condition = conditions.get(rule.id());
            if (condition == null) {
                throw new ConfigurationException("rule '" + rule.id() + "' is not in the index");
            }
            ranked.add(new RankedRule(rule, Vectors.similarity(condition, unit)));
        }
        ranked.sort(Comparator.comparingDouble(RankedRule::similarity).reversed());
        return ranked;
    }
}
