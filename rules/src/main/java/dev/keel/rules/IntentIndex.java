package dev.keel.rules;

import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.Embedding;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How well a message matches each transition and entry point of a rule book: the highest cosine similarity of the
 * message to the move's example utterances, each embedded once, when the index is built ({@code docs/rules.md}).
 * What an embedded sensor detects intents with, and what navigation scores candidates with.
 *
 * <p>Immutable and thread-safe; scoring is pure.
 */
public final class IntentIndex {

    private final List<Transition> transitions;
    private final List<float[][]> examples;

    private IntentIndex(List<Transition> transitions, List<float[][]> examples) {
        this.transitions = transitions;
        this.examples = examples;
    }

    /**
     * Embeds every example utterance of {@code book} with {@code embedder}, in one call.
     *
     * @throws dev.keel.core.BackendException when the embedder fails
     */
    public static IntentIndex build(RuleBook book, Embedder embedder) {
        List<String> texts = new ArrayList<>();
        book.transitions().forEach(transition -> texts.addAll(transition.examples()));
        List<Embedding> embeddings = embedder.embed(texts);
        List<float[][]> vectors = new ArrayList<>();
        int next = 0;
        for (Transition transition : book.transitions()) {
            float[][] own = new float[transition.examples().size()][];
            for (int i = 0; i < own.length; i++) {
                own[i] = Vectors.unit(embeddings.get(next++));
            }
            vectors.add(own);
        }
        return new IntentIndex(book.transitions(), List.copyOf(vectors));
    }

    /**
     * Every transition and entry point of the book by id, in the book's order, with the highest similarity of
     * {@code message} to its examples, in [-1, 1].
     */
    public Map<String, Double> similarities(Embedding message) {
        float[] unit = Vectors.unit(Objects.requireNonNull(message, "message"));
        Map<String, Double> scores = new LinkedHashMap<>();
        for (int i = 0; i < transitions.size(); i++) {
            double best = -1;
            for (float[] example : examples.get(i)) {
                best = Math.max(best, Vectors.similarity(example, unit));
            }
            scores.put(transitions.get(i).id(), best);
        }
        return scores;
    }
}
