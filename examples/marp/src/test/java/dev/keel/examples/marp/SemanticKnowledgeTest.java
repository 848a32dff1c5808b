package dev.keel.examples.marp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.embeddings.minilm.MiniLmEmbedders;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.RankedPassage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The in-process all-MiniLM-L6-v2 embedder (keel-embeddings-minilm) offered to the policy module's knowledge retrieval as a
 * semantic ranking beside BM25, on the shipped governance knowledge, offline.
 */
class SemanticKnowledgeTest {

    @Test
    void semanticRankingPutsTheExternalModelParagraphInTheTopThreeForAQuestionInOtherWords() {
        KnowledgeRanker semantic = KnowledgeRanker.semantic(MarpData.governanceKnowledge(), MiniLmEmbedders.allMiniLmL6V2());
        KnowledgeRanker lexical = KnowledgeRanker.bm25(MarpData.governanceKnowledge());
        String question = "Can we ask a chatbot from another company to explain the plan?";

        List<RankedPassage> bySense = semantic.rank(question, 3);

        assertThat(bySense).hasSize(3);
        assertThat(bySense).anySatisfy(p -> assertThat(p.passage().section()).contains("External model use"));
        // Same query, same ranking: the embedder is deterministic and cached.
        assertThat(semantic.rank(question, 3)).isEqualTo(bySense);
        // The lexical ranker is still there beside it, for what shares words.
        assertThat(lexical.rank("vendor breakdown budget", 1).get(0).passage().text()).contains("vendor");
    }
}
