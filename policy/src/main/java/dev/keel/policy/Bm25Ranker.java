package dev.keel.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Okapi BM25 over the passages of one document; see {@link KnowledgeRanker#bm25}. The index is built once;
 * ranking is pure. Immutable and thread-safe.
 */
final class Bm25Ranker implements KnowledgeRanker {

    static final double K1 = 1.2;
    static final double B = 0.75;

    private final List<KnowledgePassage> passages;
    private final List<Map<String, Integer>> termFrequencies;
    private final int[] lengths;
    private final Map<String, Integer> documentFrequencies;
    private final double averageLength;

    public Bm25Ranker(GovernanceKnowledge knowledge) {
        this.passages = knowledge.passages();
        this.termFrequencies = new ArrayList<>(passages.size());
        this.lengths = new int[passages.size()];
        Map<String, Integer> df = new HashMap<>();
        long totalLength = 0;
        for (int i = 0; i < passages.size(); i++) {
            KnowledgePassage passage = passages.get(i);
            List<String> terms = Terms.of(passage.section() + "\n" + passage.text());
            Map<String, Integer> tf = new HashMap<>();
            for (String term : terms) {
                tf.merge(term, 1, Integer::sum);
            }
            for (String term : tf.keySet()) {
                df.merge(term, 1, Integer::sum);
            }
            termFrequencies.add(tf);
            lengths[i] = terms.size();
            totalLength += terms.size();
        }
        this.documentFrequencies = df;
        this.averageLength = passages.isEmpty() ? 0 : (double) totalLength / passages.size();
    }

    @Override
    public List<RankedPassage> rank(String query, int limit) {
        Ranking.checkLimit(limit);
        Set<String> queryTerms = new LinkedHashSet<>(Terms.of(query));
        List<RankedPassage> ranked = new ArrayList<>();
        int n = passages.size();
        for (int i = 0; i < n; i++) {
            Map<String, Integer> tf = termFrequencies.get(i);
            double score = 0;
            // Query terms in query order: the same sum in the same order, so the same double every time.
            for (String term : queryTerms) {
                Integer frequency = tf.get(term);
                if (frequency == null) {
                    continue;
                }
                // Every term of a passage was counted in the document frequencies.
                int df = Objects.requireNonNull(documentFrequencies.get(term), "document frequency");
                double idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
                double norm = K1 * (1 - B + B * lengths[i] / averageLength);
                score += idf * frequency * (K1 + 1) / (frequency + norm);
            }
            if (score > 0) {
                ranked.add(new RankedPassage(passages.get(i), score));
            }
        }
        return Ranking.top(ranked, limit);
    }
}
